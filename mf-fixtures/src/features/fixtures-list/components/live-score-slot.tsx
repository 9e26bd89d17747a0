import type { ComponentType } from 'react';
import styled from 'styled-components';
import type { Fixture } from '@matchday/contracts';
import type { LiveEntry, LiveState } from '@matchday/ui/live';
import { CONNECTION_TEXT } from '@matchday/ui/unshared';

export const Centre = styled.span`
  display: grid;
  justify-items: center;
  gap: 0.25rem;
  text-align: center;
`;

export const Score = styled.span`
  font-weight: 800;
  font-size: 1.2rem;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

export const Status = styled.span`
  font-size: 0.78rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textMuted};
  max-width: 7rem;
`;

export interface LiveScoreProps {
  fixture: Fixture;
  entry: LiveEntry | undefined;
  feed: LiveState;
  /** Spoiler-free mode: the clock and state, not the score. */
  hideScore?: boolean;
}

export const scoreText = (home: number | null, away: number | null) => (home === null || away === null ? '–' : `${home} - ${away}`);

/** A live card's middle before the feed has the match: the list's score and the stream's state. */
export function AwaitingScore({ fixture, hideScore, status }: { fixture: Fixture; hideScore: boolean; status: string }) {
  return (
    <Centre data-testid="live-score">
      <Score>{hideScore ? '? – ?' : scoreText(fixture.goalsHome, fixture.goalsAway)}</Score>
      <Status data-testid="live-state">{status}</Status>
    </Centre>
  );
}

let LoadedLiveScore: ComponentType<LiveScoreProps> | undefined;

/** Set by the live chunk (LiveFeedSource.tsx) when it arrives. */
export function setLiveScore(component: ComponentType<LiveScoreProps>): void {
  LoadedLiveScore = component;
}

/**
 * The middle of a live card: LiveScore once the live chunk is here; until then (Home's first cards, drawn before the
 * live client is loaded) the same box as LiveScore draws while the stream opens, so nothing moves when it takes over.
 */
export function LiveScoreSlot(props: LiveScoreProps) {
  if (LoadedLiveScore) return <LoadedLiveScore {...props} />;
  return <AwaitingScore fixture={props.fixture} hideScore={props.hideScore ?? false} status={CONNECTION_TEXT.connecting} />;
}
