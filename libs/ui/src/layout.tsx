import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Tab, TabList } from '@matchday/ui';

/** A vertical grid of blocks. */
export const Stack = styled.div<{ $gap?: string }>`
  display: grid;
  gap: ${({ $gap }) => $gap ?? '1rem'};
  min-width: 0;
`;

/** A horizontal row, centred vertically. */
export const Row = styled.div<{ $gap?: string; $wrap?: boolean; $justify?: string }>`
  display: flex;
  align-items: center;
  gap: ${({ $gap }) => $gap ?? '0.75rem'};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  justify-content: ${({ $justify }) => $justify ?? 'flex-start'};
  min-width: 0;
`;

/** A list without bullets or indent, its items in a grid `$gap` apart (0.5rem). */
export const PlainList = styled.ul<{ $gap?: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ $gap }) => $gap ?? '0.5rem'};
`;

/** Secondary text. */
/**
 * A team's name in a narrow column (a card's two sides at 320 px): broken only between words, and a little smaller
 * on a narrow phone so that one long word ("Southampton", "Wolverhampton") fits whole; a word still too long for its
 * column is broken as a last resort rather than drawn over its neighbour.
 */
export const teamNameText = css`
  overflow-wrap: break-word;
  font-size: min(1em, 4.3vw);
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.textMuted};
`;

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  margin-bottom: 1rem;
  padding: 0.35rem 0.2rem;
  color: ${({ theme }) => theme.textMuted};
  text-decoration: none;
  font-weight: 600;
  &:hover {
    color: ${({ theme }) => theme.text};
  }
`;

/** The back link at the top of a screen ("← Back to Fixtures"). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Back to={to} data-testid="back-link">
      <span aria-hidden="true">←</span>
      {children}
    </Back>
  );
}

export interface TabOption<T extends string> {
  value: T;
  label: ReactNode;
  testId?: string;
}

/**
 * A row of tabs, its value the caller's (often in the URL); arrow keys move between tabs, only the selected one is in
 * the Tab order (roving tabindex). `className`: the row's own layout (styled(Tabs)), e.g. one line that scrolls sideways.
 */
export function Tabs<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<TabOption<T>>;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <TabList role="tablist" aria-label={label} className={className}>
      {options.map((option, index) => (
        <Tab
          key={option.value}
          type="button"
          role="tab"
          data-testid={option.testId}
          aria-selected={option.value === value}
          tabIndex={option.value === value ? 0 : -1}
          $active={option.value === value}
          onClick={() => onChange(option.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + options.length) % options.length;
            onChange(options[next]!.value);
            event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
          }}
        >
          {option.label}
        </Tab>
      ))}
    </TabList>
  );
}
