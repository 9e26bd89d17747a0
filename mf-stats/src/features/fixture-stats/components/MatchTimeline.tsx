import styled from 'styled-components';
import type { MatchEvent, MatchEventKind } from '@matchday/contracts';
import { scoreFreeRows, timelineRows, type TimelineTeams } from '../rules/timeline';
import { AWAY_COLOUR, HOME_COLOUR } from './ComparisonCard';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.35rem;
`;

const Row = styled.li<{ $side: 'home' | 'away' | null; $marker: boolean }>`
  display: grid;
  grid-template-columns: 3.4rem minmax(0, 1fr) auto;
  align-items: center;
  gap: 0.6rem;
  padding: 0.45rem 0.6rem;
  border-radius: 8px;
  border-left: 4px solid ${({ $side }) => ($side === 'home' ? HOME_COLOUR : $side === 'away' ? AWAY_COLOUR : 'transparent')};
  background: ${({ $marker, theme }) => ($marker ? theme.surfaceRaised : 'transparent')};
  font-size: 0.92rem;
  .minute {
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  .what {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .team {
    color: ${({ theme }) => theme.textMuted};
  }
  .score {
    font-weight: 800;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  &[data-cancelled='true'] .what strong,
  &[data-cancelled='true'] .score {
    text-decoration: line-through;
  }
`;

/** What happens at a minute (drawn on the side's colour, not as a period marker). */
const TIMED: ReadonlySet<MatchEventKind> = new Set<MatchEventKind>(['goal', 'goal-cancelled', 'yellow-card', 'red-card', 'substitution']);

/**
 * A match's timeline, loaded with React.lazy from the match page: goals with their minute, side and
 * scorer, goals taken back, cards and substitutions with their minute, side and player, half-time, extra time, the shoot-out and full time with a.e.t. and the shoot-out result.
 * With the score hidden (spoiler-free mode) only kick-off, half-time, the second half and full time.
 */
export default function MatchTimeline({
  events,
  teams,
  penalties,
  scoreHidden = false,
}: {
  events: readonly MatchEvent[];
  teams: TimelineTeams;
  penalties: { penaltiesHome: number | null; penaltiesAway: number | null } | null;
  /** Spoiler-free mode: only the markers that say nothing of the score (scoreFreeRows). */
  scoreHidden?: boolean;
}) {
  const all = timelineRows(events, teams, penalties);
  const rows = scoreHidden ? scoreFreeRows(all) : all;
  return (
    <List aria-label="Match timeline" data-testid="timeline">
      {rows.map((row) => {
        const marker = row.side === null && !TIMED.has(row.kind);
        return (
          <Row
            key={row.key}
            $side={row.side}
            $marker={marker}
            data-testid={row.kind === 'goal' ? 'timeline-goal' : `timeline-${row.kind}`}
            data-cancelled={row.cancelled ? 'true' : undefined}
          >
            <span className="minute">{row.minute}</span>
            <span className="what">
              <strong>{row.label}</strong>
              {row.team && <span className="team"> · {row.team}</span>}
              {row.detail && <span> · {row.detail}</span>}
              {row.cancelled && <span> (disallowed)</span>}
            </span>
            <span className="score">{row.score ?? ''}</span>
          </Row>
        );
      })}
    </List>
  );
}
