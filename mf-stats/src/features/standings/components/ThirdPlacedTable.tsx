import { useEffect } from 'react';
import styled from 'styled-components';
import type { ThirdPlacedStandings } from '@matchday/contracts';
import { Card, TeamLogo } from '@matchday/ui';
import { apiQuery, FlagBadge, Muted, useApiQuery } from '@matchday/ui/unshared';

const thirdPlacedQuery = apiQuery<[leagueId: string, season: string, live: boolean], ThirdPlacedStandings>(
  (leagueId, season, live) => `/api/standings/third-placed?leagueId=${leagueId}&season=${season}${live ? '&live=1' : ''}`,
  'Failed to fetch the third-placed teams',
);

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: 0.5rem;
  }
  th,
  td {
    padding: 0.35rem 0.3rem;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  th:nth-child(2),
  td:nth-child(2) {
    text-align: left;
  }
  th {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.textMuted};
  }
  tr[data-qualified='true'] td:first-child {
    box-shadow: inset 3px 0 0 #7c3aed;
  }
  tr.cut td {
    border-top: 2px dashed ${({ theme }) => theme.border};
  }
`;

const Team = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.45rem;
  font-weight: 600;
  .short {
    display: none;
  }
  @media (max-width: 767px) {
    .full {
      display: none;
    }
    .short {
      display: inline;
    }
  }
`;

/**
 * The groups' third-placed teams ranked against each other, under the group tables (World Cup 2026: the best 8 of 12
 * go through; Euro 2024: 4 of 6): group, played, goal difference, goals, points, the qualified above a dashed line; as
 * it stands while group matches are live. Nothing for a competition without such a ranking. Loaded on its own.
 */
export default function ThirdPlacedTable({
  leagueId,
  season,
  asItStands,
  liveVersion,
}: {
  leagueId: string;
  season: string;
  asItStands: boolean;
  /** Changes with every live change of the tables' matches: the ranking as it stands is read again. */
  liveVersion: string;
}) {
  const { data, mutate } = useApiQuery(thirdPlacedQuery, [leagueId, season, asItStands]);
  useEffect(() => {
    if (asItStands && liveVersion) void mutate();
  }, [asItStands, liveVersion, mutate]);
  if (!data || data.qualifying === 0 || data.thirdPlaced.length === 0) return null;
  const undecided = data.thirdPlaced.filter((row) => row.decidedBy);
  return (
    <Card data-testid="third-placed">
      <Table>
        <caption>
          Third-placed teams <Muted>· the best {data.qualifying} go through</Muted>
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Team</th>
            <th scope="col">Grp</th>
            <th scope="col">P</th>
            <th scope="col">GD</th>
            <th scope="col">GF</th>
            <th scope="col">Pts</th>
          </tr>
        </thead>
        <tbody>
          {data.thirdPlaced.map((row) => (
            <tr
              key={row.teamId}
              data-qualified={row.qualified}
              data-testid="third-placed-row"
              className={row.rank === data.qualifying + 1 ? 'cut' : undefined}
            >
              <td>{row.rank}</td>
              <td>
                <Team>
                  {row.teamFlag ? (
                    <FlagBadge flag={row.teamFlag} name={row.teamName} size={20} />
                  ) : (
                    <TeamLogo name={row.teamName} src={null} size={20} />
                  )}
                  <span className="full">{row.teamName}</span>
                  <span className="short">{row.teamShortName ?? row.teamName}</span>
                  {row.playingNow && <span aria-label="playing now">●</span>}
                  {row.decidedBy && <span aria-label="level on every result">=</span>}
                </Team>
              </td>
              <td>{row.group}</td>
              <td>{row.played}</td>
              <td>{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
              <td>{row.goalsFor}</td>
              <td>
                <b>{row.points}</b>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {undecided.length > 0 && (
        <Muted as="p" data-testid="third-placed-undecided">
          = {undecided.map((row) => row.teamName).join(', ')} are level on everything the results give: {undecided[0]!.decidedBy} decide
          their order, shown here by name.
        </Muted>
      )}
    </Card>
  );
}
