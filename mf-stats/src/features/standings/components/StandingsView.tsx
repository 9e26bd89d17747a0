import styled from 'styled-components';
import type { StandingRow } from '@matchday/contracts';
import { Card } from '@matchday/ui';
import { Muted, Row, Stack } from '@matchday/ui/unshared';
import { groupsOf, zonesOf } from '../rules/zones';
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

/**
 * The tables of a league season (one per group), the legend of its qualification zones and its points
 * adjustments: the body of the standings screen and of the league hub's Table tab.
 */
export function StandingsView({
  rows,
  linkFor,
  highlighted = () => false,
}: {
  rows: readonly StandingRow[];
  linkFor: (row: StandingRow) => string;
  highlighted?: (row: StandingRow) => boolean;
}) {
  const zones = zonesOf(rows);
  const adjusted = rows.filter((row) => row.pointsAdjustment !== 0);
  return (
    <Stack>
      {groupsOf(rows).map((group) => (
        <Card key={group.name ?? 'table'}>
          <StandingsTable rows={group.rows} caption={group.name} linkFor={linkFor} highlighted={highlighted} />
        </Card>
      ))}
      {(zones.length > 0 || adjusted.length > 0) && (
        <Card>
          <Stack $gap="0.6rem">
            {zones.length > 0 && (
              <Legend aria-label="Qualification zones" data-testid="zones">
                {zones.map((zone) => (
                  <li key={zone.description}>
                    <Swatch $colour={zone.colour} aria-hidden="true" />
                    {zone.description}
                  </li>
                ))}
              </Legend>
            )}
            {adjusted.map((row) => (
              <Row key={row.id} as="p" style={{ margin: 0 }}>
                <Muted>
                  * {row.teamName}:{' '}
                  {row.pointsAdjustment > 0 ? `${row.pointsAdjustment} points added` : `${-row.pointsAdjustment} points deducted`}
                </Muted>
              </Row>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
