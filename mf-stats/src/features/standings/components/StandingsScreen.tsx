import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { StandingRow } from '@matchday/contracts';
import { Button, Card, media, Page, usePageMeta } from '@matchday/ui';
import { BackLink, HeaderCard, LoadingBlock, MessageCard, Muted, Row, Stack, Title } from '../../../lib/components';
import { isHighlighted } from '../../../lib/names';
import { isId } from '../../../lib/numbers';
import { useStandings } from '../api/standings';
import { groupsOf, zonesOf } from '../hooks/zones';
import { StandingsTable } from './StandingsTable';

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  ${media.mobile} {
    a {
      width: 100%;
    }
  }
`;

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

/** Standings (spec §2): highlighted teams, links to team stats and top scorers carrying returnTo, zones, groups. */
export function StandingsScreen() {
  const [search] = useSearchParams();
  const location = useLocation();
  const leagueId = isId(search.get('leagueId')) ? search.get('leagueId') : null;
  const season = isId(search.get('season')) ? search.get('season') : null;
  const tab = search.get('tab') || 'today';
  const highlightTeams = (search.get('highlightTeams') ?? '').split(',').filter((name) => name.trim());
  const { data, error, isLoading } = useStandings(leagueId, season);
  const rows = data ?? [];
  const first = rows[0];
  const title = first ? `${first.leagueName} Standings ${first.season}` : 'Standings';
  usePageMeta({
    title,
    description: first
      ? `${first.leagueName} (${first.country}) table ${first.season}: points, goal difference, form and movement.`
      : undefined,
  });

  const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
  const back = <BackLink to={`/?tab=${encodeURIComponent(tab)}`}>Back to Fixtures</BackLink>;
  if (leagueId && season && isLoading) {
    return (
      <Page>
        {back}
        <LoadingBlock rows={10} label="Loading standings" />
      </Page>
    );
  }
  if (!leagueId || !season || error || !first) {
    return (
      <Page>
        {back}
        <MessageCard title="No Standings Data" message="League standings are not available" />
      </Page>
    );
  }

  const linkFor = (row: StandingRow) => `/team-stats/${row.teamId}/${leagueId}/${season}?returnTo=${returnTo}`;
  const highlighted = (row: StandingRow) => isHighlighted(row.teamName, highlightTeams);
  const zones = zonesOf(rows);
  const adjusted = rows.filter((row) => row.pointsAdjustment !== 0);
  return (
    <Page>
      {back}
      <HeaderCard>
        <Top>
          <div>
            <Title>
              {first.leagueName} Standings <Muted>· {first.country}</Muted>
            </Title>
            <Muted>Season {first.season}</Muted>
          </div>
          <Button as={Link} to={`/top-scorers/${leagueId}/${season}?returnTo=${returnTo}`} $variant="outline">
            Top Scorers
          </Button>
        </Top>
      </HeaderCard>
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
    </Page>
  );
}
