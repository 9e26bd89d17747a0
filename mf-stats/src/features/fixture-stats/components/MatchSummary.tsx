import styled from 'styled-components';
import type { FixtureStats, MatchEvent } from '@matchday/contracts';
import { Muted } from '@matchday/ui/unshared';
import { hasSummary, scorerSummary, type SideSummary } from '../rules/scorers';
import { sourcesLine } from '../rules/sources';

const Summary = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.25rem 1rem;
  margin: -0.5rem 0 1rem;
  font-size: 0.9rem;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    overflow-wrap: break-word;
  }
  svg {
    width: 0.85em;
    height: 0.85em;
    margin-right: 0.3em;
    vertical-align: -0.1em;
  }
  ul:first-child {
    text-align: right;
  }
  .red {
    color: #b91c1c;
  }
`;

const Extra = styled.p`
  grid-column: 1 / -1;
  margin: 0.35rem 0 0;
  text-align: center;
`;

/** Drawn, not emoji: a ball and a red card look the same wherever the page is read (no emoji font needed). */
function Ball() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4.6l3.1 2.3-1.2 3.6H6.1L4.9 6.9z" fill="currentColor" />
    </svg>
  );
}

function RedCard() {
  return (
    <svg viewBox="0 0 16 16" aria-label="Red card" role="img">
      <rect x="3" y="1" width="10" height="14" rx="1.5" fill="#dc2626" />
    </svg>
  );
}

function SideList({ side, testId }: { side: SideSummary; testId: string }) {
  return (
    <ul data-testid={testId}>
      {side.goals.map((line) => (
        <li key={line}>
          <Ball />
          {line}
        </li>
      ))}
      {side.redCards.map((name, i) => (
        <li key={`${name}-${i}`} className="red">
          <RedCard />
          {name}
        </li>
      ))}
    </ul>
  );
}

/**
 * Under the score (loaded with React.lazy from the match page): each side's scorers and red cards from the timeline
 * (rules/scorers.ts), the player of the match (the highest rating from FPL's bonus points), the referee and the
 * sources of the numbers ("Statistics: football-data.co.uk · players: FPL"). Nothing of the score shows while it is
 * hidden (spoiler-free mode): the referee and the sources alone.
 */
export default function MatchSummary({
  stats,
  events,
  scoreHidden,
}: {
  stats: FixtureStats;
  events: readonly MatchEvent[];
  scoreHidden: boolean;
}) {
  const summary = scorerSummary(events, stats.homeTeamId);
  const best = scoreHidden ? null : (stats.playerOfTheMatch ?? null);
  const showGoals = !scoreHidden && hasSummary(summary);
  const sources = sourcesLine(stats);
  if (!showGoals && !best && !stats.referee && !sources) return null;
  return (
    <Summary data-testid="match-summary">
      {showGoals && (
        <>
          <SideList side={summary.home} testId="home-scorers" />
          <SideList side={summary.away} testId="away-scorers" />
        </>
      )}
      {best && (
        <Extra data-testid="player-of-the-match">
          Player of the match: <strong>{best.playerName}</strong>{' '}
          <Muted>({best.rating.toFixed(1)}, rating from FPL&apos;s bonus points)</Muted>
        </Extra>
      )}
      {(stats.referee || sources) && (
        <Extra>
          <Muted>
            {stats.referee && <span data-testid="referee">Referee: {stats.referee}</span>}
            {stats.referee && sources && ' · '}
            {sources && <span data-testid="stats-sources">{sources}</span>}
          </Muted>
        </Extra>
      )}
    </Summary>
  );
}
