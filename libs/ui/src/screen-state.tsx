import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, EmptyState, Page, Skeleton } from '@matchday/ui';

const Blocks = styled.div`
  display: grid;
  gap: 1rem;
  min-width: 0;
`;

/**
 * Loading placeholder of a data screen (spec §4: skeletons while loading): a header block and `rows` list rows,
 * or blocks of the given `heights`.
 */
export function LoadingBlock({ rows = 6, label = 'Loading', heights }: { rows?: number; label?: string; heights?: readonly string[] }) {
  const blocks = heights ?? ['7rem', ...Array.from({ length: rows }, () => '3rem')];
  return (
    <Blocks role="status" aria-busy="true" aria-label={label} data-testid="loading">
      {blocks.map((height, index) => (
        <Skeleton key={index} $height={height} />
      ))}
    </Blocks>
  );
}

/** Error or empty state of a data screen (spec §4): a titled message, maybe with an action (Retry, Go Back). */
export function MessageCard({ title, message, children }: { title: string; message?: string; children?: ReactNode }) {
  return (
    <Card data-testid="message">
      <EmptyState title={title} message={message}>
        {children}
      </EmptyState>
    </Card>
  );
}

interface FrameProps {
  /** The screen's back link, above the state. */
  back?: ReactNode;
  /** Shown under the state (the tips' responsible-gambling note). */
  after?: ReactNode;
  /** False for a view inside a screen that already draws its <Page>. */
  page?: boolean;
}

interface LoadingProps {
  /** The skeleton's accessible label ('Loading squads'). */
  loading: string;
  rows?: number;
  heights?: readonly string[];
}

interface MessageProps {
  title: string;
  message?: string;
  /** An action under the message. */
  children?: ReactNode;
}

export type ScreenStateProps = FrameProps & (LoadingProps | MessageProps);

/**
 * What a data screen shows while it has nothing else to show (spec §4): its back link, then a skeleton while
 * loading (`loading` = its label) or a message card for an error, an empty answer or a bad address (`title`).
 */
export function ScreenState(props: ScreenStateProps) {
  const { back, after, page = true } = props;
  const content = (
    <>
      {back}
      {'loading' in props ? (
        <LoadingBlock label={props.loading} rows={props.rows} heights={props.heights} />
      ) : (
        <MessageCard title={props.title} message={props.message}>
          {props.children}
        </MessageCard>
      )}
      {after}
    </>
  );
  return page ? <Page>{content}</Page> : content;
}
