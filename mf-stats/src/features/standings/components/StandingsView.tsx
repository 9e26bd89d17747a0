import { lazy, memo, Suspense, useMemo } from 'react';
import styled from 'styled-components';
import type { StandingRow } from '@matchday/contracts';
import { Card } from '@matchday/ui';
import { counted, Muted, Row, Stack } from '@matchday/ui/unshared';
import { ResultsCover, useResultsCovered, useShownOnce } from '../../../lib/spoiler-parts';
import { groupsOf, zoneColours } from '../rules/zones';
import { StandingsTable } from './StandingsTable';

const Legend = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1.2rem;
  font-size: 0.85rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
`;

const Swatch = styled.span<{ $colour: string }>`
  width: 0.8rem;
  height: 0.8rem;
  border-radius: 3px;
  background: ${({ $colour }) => $colour};
`;

const NONE_HIGHLIGHTED = () => false;

// its own chunk: only a group stage whose best thirds go through (World Cup 2026, Euro) has the table
const ThirdPlacedTable = lazy(() => import('./ThirdPlacedTable'));

/** "Denmark and Slovenia": teams level on every result, by group (StandingRow.decidedBy). */
function levelTeams(rows: readonly StandingRow[]): Array<{ teams: string; decidedBy: string }> {
  const byGroup = new Map<string, StandingRow[]>();
  for (const row of rows.filter((r) => r.decidedBy))
    byGroup.set(`${row.group}:${row.points}`, [...(byGroup.get(`${row.group}:${row.points}`) ?? []), row]);
  return [...byGroup.values()].map((level) => ({
    teams: level.map((row) => row.teamName).join(' and '),
    decidedBy: level[0]!.decidedBy!,
  }));
}

/**
 * The tables of a league season (one per group), the legend of its qualification zones and its points
 * adjustments: the body of the standings screen and of the league hub's Table tab. In spoiler-free mode, when it
 * covers the league or any of its teams, a cover with "Show table" (for this page) stands in for it. Memoised: give it
 * stable `linkFor` and `highlighted` and its tables (memoised too) are drawn again only when the rows change.
 */
export const StandingsView = memo(function StandingsView({
  rows,
  linkFor,
  highlighted = NONE_HIGHLIGHTED,
  asItStands = false,
  liveVersion = '',
}: {
  rows: readonly StandingRow[];
  linkFor: (row: StandingRow) => string;
  highlighted?: (row: StandingRow) => boolean;
  /** The tables count live matches: the third-placed ranking too. */
  asItStands?: boolean;
  /** Changes with every live change while as it stands: the third-placed ranking is read again. */
  liveVersion?: string;
}) {
  const first = rows[0];
  // spoiler-free mode: a table is made of results, as it stands or final
  const covered = useResultsCovered(first ? { leagueId: first.leagueId, teamIds: rows.map((row) => row.teamId) } : null);
  const [shown, show] = useShownOnce(first ? `${first.leagueId}/${first.season}` : '');
  // the same group objects while the rows stay: the tables (memoised) are not drawn again when the spoiler
  // settings or the follows arrive
  const groups = useMemo(() => groupsOf(rows), [rows]);
  // one colour per zone over every group, so that each group's table and the legend agree
  const zones = useMemo(() => zoneColours(rows), [rows]);
  const adjusted = rows.filter((row) => row.pointsAdjustment !== 0);
  const level = levelTeams(rows);
  if (covered && !shown) {
    return <ResultsCover title="Table hidden in spoiler-free mode" showLabel="Show table" onShow={show} testId="table-cover" />;
  }
  return (
    <Stack>
      {groups.map((group) => (
        <Card key={group.name ?? 'table'}>
          <StandingsTable rows={group.rows} caption={group.name} zones={zones} linkFor={linkFor} highlighted={highlighted} />
        </Card>
      ))}
      {first && groups.length > 1 && (
        <Suspense fallback={null}>
          <ThirdPlacedTable
            leagueId={String(first.leagueId)}
            season={String(first.season)}
            asItStands={asItStands}
            liveVersion={liveVersion}
          />
        </Suspense>
      )}
      {(zones.size > 0 || adjusted.length > 0 || level.length > 0) && (
        <Card>
          <Stack $gap="0.6rem">
            {zones.size > 0 && (
              <Legend aria-label="Qualification zones" data-testid="zones">
                {[...zones].map(([description, colour]) => (
                  <li key={description}>
                    <Swatch $colour={colour} aria-hidden="true" />
                    {description}
                  </li>
                ))}
              </Legend>
            )}
            {adjusted.map((row) => (
              <Row key={row.id} as="p" style={{ margin: 0 }}>
                <Muted>
                  * {row.teamName}:{' '}
                  {row.pointsAdjustment > 0
                    ? `${counted(row.pointsAdjustment, 'point')} added`
                    : `${counted(-row.pointsAdjustment, 'point')} deducted`}
                </Muted>
              </Row>
            ))}
            {level.map(({ teams, decidedBy }) => (
              <Muted as="p" key={teams} style={{ margin: 0 }} data-testid="decided-by">
                {teams} are level on everything the results give: {decidedBy} decide their order, shown here by name.
              </Muted>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
});
