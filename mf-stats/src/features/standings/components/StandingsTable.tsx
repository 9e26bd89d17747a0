import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import type { StandingRow } from '@matchday/contracts';
import { initials, media, TeamLogo } from '@matchday/ui';
import { Abbr, FlagBadge, FormLetters, TooltipProvider } from '@matchday/ui/unshared';
import { teamShortLabels } from '../../../lib/names';

/** A team whose live match is counted ("as it stands"). */
const Playing = styled.span`
  color: ${({ theme }) => theme.danger};
  font-size: 0.7rem;
  margin-left: 0.3rem;
`;
const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-variant-numeric: tabular-nums;
  caption {
    text-align: left;
    font-weight: 800;
    padding: 0 0 0.6rem;
  }
  th,
  td {
    padding: 0.55rem 0.45rem;
    text-align: center;
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.border};
  }
  thead th {
    font-size: 0.78rem;
    font-weight: 700;
    color: ${({ theme }) => theme.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.03em;
  }
  tbody tr:last-child td,
  tbody tr:last-child th {
    border-bottom: 0;
  }
  th.team,
  td.team {
    text-align: left;
    width: 100%;
  }
  .wide {
    ${media.mobile} {
      display: none;
    }
  }
  ${media.mobile} {
    th,
    td {
      padding: 0.5rem 0.2rem;
      font-size: 0.85rem;
    }
    /* the team column takes the width the figures leave and never widens the table: a long label ends in "…" */
    td.team {
      max-width: 0;
    }
    [data-testid='form'] {
      gap: 2px;
    }
    [data-testid='form'] > span {
      width: 15px;
      height: 15px;
      font-size: 9px;
      border-radius: 4px;
    }
  }
`;

const Tr = styled.tr<{ $highlight: boolean }>`
  ${({ $highlight, theme }) =>
    $highlight &&
    css`
      td,
      th {
        background: ${theme.mode === 'dark' ? 'rgb(34 197 94 / 0.14)' : 'rgb(21 128 61 / 0.1)'};
        font-weight: 700;
      }
    `}
  &:hover td,
  &:hover th {
    background: ${({ theme }) => theme.surfaceRaised};
  }
`;

const Rank = styled.th<{ $zone: string | null }>`
  font-weight: 800;
  box-shadow: inset 4px 0 0 ${({ $zone }) => $zone ?? 'transparent'};
`;

const TeamLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.55rem;
  text-decoration: none;
  font-weight: 600;
  &:hover {
    text-decoration: underline;
  }
  .short {
    display: none;
  }
  ${media.mobile} {
    max-width: 100%;
    .full {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
    .short {
      display: inline;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
    }
  }
`;

const Move = styled.span<{ $move: string }>`
  font-size: 0.75rem;
  color: ${({ $move, theme }) => ($move === 'up' ? theme.success : $move === 'down' ? theme.danger : theme.textMuted)};
`;

const MOVES = { up: ['▲', 'Moved up'], down: ['▼', 'Moved down'], same: ['–', 'No change'] } as const;

/**
 * One standings table: rank with zone colour, movement, team (short name on phones: the source's, else a
 * short form never repeating the badge's initials, see teamShortLabels), figures, form. Memoised.
 */
export const StandingsTable = memo(function StandingsTable({
  rows,
  caption,
  zones,
  linkFor,
  highlighted,
}: {
  rows: readonly StandingRow[];
  caption: string | null;
  /** Each zone's colour, by description, over the whole table set (rules/zones.ts zoneColours): as in the legend. */
  zones: ReadonlyMap<string, string>;
  linkFor: (row: StandingRow) => string;
  highlighted: (row: StandingRow) => boolean;
}) {
  // The badge draws initials(name) when there is no logo, or when the logo fails to load.
  const shortLabels = useMemo(
    () =>
      teamShortLabels(
        rows.map((row) => ({ name: row.teamName, shortName: row.teamShortName })),
        initials,
      ),
    [rows],
  );
  return (
    <TooltipProvider>
      <Scroll>
        <Table data-testid="standings-table">
          {caption && <caption>{caption}</caption>}
          <thead>
            <tr>
              <th scope="col">
                <Abbr title="Position">#</Abbr>
              </th>
              <th scope="col">
                <span className="visually-hidden">Movement</span>
              </th>
              <th scope="col" className="team">
                Team
              </th>
              <th scope="col">
                <Abbr title="Played">P</Abbr>
              </th>
              <th scope="col" className="wide">
                <Abbr title="Won">W</Abbr>
              </th>
              <th scope="col" className="wide">
                <Abbr title="Drawn">D</Abbr>
              </th>
              <th scope="col" className="wide">
                <Abbr title="Lost">L</Abbr>
              </th>
              <th scope="col" className="wide">
                <Abbr title="Goals for and against">Goals</Abbr>
              </th>
              <th scope="col">
                <Abbr title="Goal difference">GD</Abbr>
              </th>
              <th scope="col">
                <Abbr title="Points">Pts</Abbr>
              </th>
              <th scope="col">Form</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const move = MOVES[row.teamStatus] ?? MOVES.same;
              const isHighlighted = highlighted(row);
              return (
                <Tr key={row.id} $highlight={isHighlighted} data-testid="standing-row" data-highlighted={isHighlighted || undefined}>
                  <Rank
                    scope="row"
                    $zone={row.leagueDescription ? (zones.get(row.leagueDescription) ?? null) : null}
                    title={row.leagueDescription}
                  >
                    {row.teamRank}
                  </Rank>
                  <td>
                    <Move $move={row.teamStatus} data-testid="movement" data-move={row.teamStatus}>
                      <span aria-hidden="true">{move[0]}</span>
                      <span className="visually-hidden">{move[1]}</span>
                    </Move>
                  </td>
                  <td className="team">
                    <TeamLink to={linkFor(row)} data-testid="team-link">
                      {row.teamFlag ? (
                        <FlagBadge flag={row.teamFlag} name={row.teamName} size={26} />
                      ) : (
                        <TeamLogo name={row.teamName} src={row.teamLogo} size={26} />
                      )}
                      <span className="full" data-testid="team-name">
                        {row.teamName}
                      </span>
                      <span className="short" aria-hidden="true" data-testid="team-short">
                        {shortLabels[index]}
                      </span>
                      {row.playingNow && (
                        <Playing data-testid="playing-now">
                          <span aria-hidden="true">●</span>
                          <span className="visually-hidden">, playing now</span>
                        </Playing>
                      )}
                    </TeamLink>
                  </td>
                  <td data-testid="played">{row.played}</td>
                  <td className="wide">{row.wins}</td>
                  <td className="wide">{row.draws}</td>
                  <td className="wide">{row.losses}</td>
                  <td className="wide">
                    {row.goalsFor}:{row.goalsAgainst}
                  </td>
                  <td data-testid="goal-difference">{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
                  <td data-testid="points">
                    <strong>{row.points}</strong>
                    {row.pointsAdjustment !== 0 && <sup title={`${row.pointsAdjustment} points adjustment`}>*</sup>}
                  </td>
                  <td>
                    <FormLetters form={row.lastFiveResult} max={5} size={18} />
                  </td>
                </Tr>
              );
            })}
          </tbody>
        </Table>
      </Scroll>
    </TooltipProvider>
  );
});
