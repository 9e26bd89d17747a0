import { CONNECTION_TEXT, LiveMarker, liveView, updatedAgo, useNow } from '@matchday/ui/live';
import { AwaitingScore, Centre, Score, scoreText, Status, type LiveScoreProps } from './live-score-slot';

/**
 * The middle of a fixture card while its match is live: the score, changed in place, with a red dot
 * and the clock while the stream is current; "Updated N min ago" and the stream's state once nothing has been
 * heard for a minute (never labelled live then); FT and the final score (with a.e.t. or the shoot-out) at the end.
 */
export function LiveScore({ fixture, entry, feed, hideScore = false }: LiveScoreProps) {
  const running = entry ? entry.match.status !== 'finished' : true;
  const score = (home: number | null, away: number | null) => (hideScore ? '? – ?' : scoreText(home, away));
  const now = useNow(5000, running);
  if (!entry) {
    // The list says live but the feed has not said so (not heard yet, or the match has just ended).
    const status = feed.connection === 'open' ? 'Awaiting update' : CONNECTION_TEXT[feed.connection] || 'Live score paused';
    return <AwaitingScore fixture={fixture} hideScore={hideScore} status={status} />;
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
