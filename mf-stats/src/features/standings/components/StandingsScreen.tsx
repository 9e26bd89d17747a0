import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { StandingRow } from '@matchday/contracts';
import { Button, media, Page, usePageMeta } from '@matchday/ui';
import { BackLink, Muted, Row, ScreenState } from '@matchday/ui/unshared';
import { leagueHubPath } from '@matchday/contracts';
import { HeaderCard, Title } from '../../../lib/components';
import { isHighlighted } from '../../../lib/names';
import { isId } from '../../../lib/route-ids';
import { useStandings } from '../api/standings';
import { StandingsView } from './StandingsView';

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
    return <ScreenState back={back} rows={10} loading="Loading standings" />;
  }
  if (!leagueId || !season || error || !first) {
    return <ScreenState back={back} title="No Standings Data" message="League standings are not available" />;
  }

  const linkFor = (row: StandingRow) => `/team-stats/${row.teamId}/${leagueId}/${season}?returnTo=${returnTo}`;
  const highlighted = (row: StandingRow) => isHighlighted(row.teamName, highlightTeams);
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
          <Row $gap="0.5rem" $wrap>
            <Button as={Link} to={leagueHubPath(leagueId, season)} $variant="outline" data-testid="league-hub-link">
              League page
            </Button>
            <Button as={Link} to={`/top-scorers/${leagueId}/${season}?returnTo=${returnTo}`} $variant="outline">
              Top Scorers
            </Button>
          </Row>
        </Top>
      </HeaderCard>
      <StandingsView rows={rows} linkFor={linkFor} highlighted={highlighted} />
    </Page>
  );
}
