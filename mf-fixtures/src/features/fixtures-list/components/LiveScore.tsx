import styled from 'styled-components';
import type { Fixture } from '@matchday/contracts';
import { CONNECTION_TEXT, LiveMarker, liveView, updatedAgo, useNow, type LiveEntry, type LiveState } from '@matchday/ui/live';

const Centre = styled.span`
  display: grid;
  justify-items: center;
  gap: 0.25rem;
  text-align: center;
`;

const Score = styled.span`
  font-weight: 800;
  font-size: 1.2rem;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Status = styled.span`
  font-size: 0.78rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textMuted};
  max-width: 7rem;
`;

const scoreText = (home: number | null, away: number | null) => (home === null || away === null ? '–' : `${home} - ${away}`);

/**
 * The middle of a fixture card while its match is live: the score, changed in place, with a red dot
 * and the clock while the stream is current; "Updated N min ago" and the stream's state once nothing has been
 * heard for a minute (never labelled live then); FT and the final score (with a.e.t. or the shoot-out) at the end.
 */
export function LiveScore({
  fixture,
  entry,
  feed,
  hideScore = false,
}: {
  fixture: Fixture;
  entry: LiveEntry | undefined;
  feed: LiveState;
  /** Spoiler-free mode: the clock and state, not the score. */
  hideScore?: boolean;
}) {
  const running = entry ? entry.match.status !== 'finished' : true;
  const score = (home: number | null, away: number | null) => (hideScore ? '? – ?' : scoreText(home, away));
  const now = useNow(5000, running);
  if (!entry) {
    // The list says live but the feed has not said so (not heard yet, or the match has just ended).
    return (
      <Centre data-testid="live-score">
        <Score>{score(fixture.goalsHome, fixture.goalsAway)}</Score>
        <Status data-testid="live-state">
          {feed.connection === 'open' ? 'Awaiting update' : CONNECTION_TEXT[feed.connection] || 'Live score paused'}
        </Status>
      </Centre>
    );
  }
  const view = liveView(entry, feed, now);
  return (
    <Centre data-testid="live-score">
      <Score data-testid="card-score">
        {hideScore && <span className="visually-hidden">Score hidden </span>}
        {view.phase === 'finished' && !hideScore && <span className="visually-hidden">Final score </span>}
        {score(view.goalsHome, view.goalsAway)}
      </Score>
      {view.phase === 'live' ? (
        <LiveMarker clock={view.clock} />
      ) : view.phase === 'finished' ? (
        <Status data-testid="live-final">{['FT', hideScore ? null : view.note].filter(Boolean).join(' ')}</Status>
      ) : (
        <Status data-testid="live-state">
          {updatedAgo(view.ageMs)}
          {feed.connection !== 'idle' && `, ${CONNECTION_TEXT[feed.connection].toLowerCase()}`}
        </Status>
      )}
    </Centre>
  );
}
