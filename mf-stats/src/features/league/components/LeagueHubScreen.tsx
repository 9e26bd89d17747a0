import { lazy, Suspense } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { LEAGUE_TABS, leagueHubPath, seasonName, type LeagueTab } from '@matchday/contracts';
import { media, Page, TeamLogo, usePageMeta } from '@matchday/ui';
import { BackLink, FollowButton, isId, LoadingBlock, Muted, ScreenState, Stack, Tabs, useLeagues } from '@matchday/ui/unshared';
import { AddToCalendar } from '../../../lib/AddToCalendar';
import { leagueFeedPath } from '../../../lib/calendar-feeds';
import { HeaderActions, HeaderCard, Title } from '../../../lib/components';
import type { LeagueHubTabs } from '../../../lib/league-tabs';

// the Matches tab is a chunk of its own: the hub opens on the table
const MatchesTab = lazy(() => import('./MatchesTab').then((module) => ({ default: module.MatchesTab })));

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  flex-wrap: wrap;
  > div {
    flex: 1;
    min-width: 12rem;
  }
  label {
    display: grid;
    gap: 0.2rem;
    font-size: 0.8rem;
    font-weight: 700;
    color: ${({ theme }) => theme.textMuted};
  }
  select {
    font: inherit;
    font-weight: 600;
    padding: 0.45rem 0.6rem;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surface};
    color: ${({ theme }) => theme.text};
  }
  ${media.mobile} {
    gap: 0.75rem;
  }
`;

const TAB_LABELS: Record<LeagueTab, string> = { table: 'Table', matches: 'Matches', scorers: 'Top scorers', bracket: 'Bracket' };

/**
 * League hub (/league/:leagueId/:season?tab=table|matches|scorers|bracket): header with a season picker and its tabs,
 * Bracket for a cup only. The table, the top scorers and the bracket are other features' views, given by exposes/App.tsx.
 */
export function LeagueHubScreen({ TableTab, ScorersTab, BracketTab }: LeagueHubTabs) {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const leagueId = isId(params.leagueId) ? params.leagueId : null;
  const season = isId(params.season) ? params.season : null;
  const requested = search.get('tab');
  const { data: leagues, isLoading } = useLeagues();
  const league = leagues?.find((l) => String(l.id) === leagueId);
  const tabs = LEAGUE_TABS.filter((value) => value !== 'bracket' || league?.type === 'cup');
  const tab: LeagueTab = (tabs as readonly string[]).includes(requested ?? '') ? (requested as LeagueTab) : 'table';
  usePageMeta({
    title: league && season ? `${league.displayName} ${seasonName(Number(season), league.id)}: ${TAB_LABELS[tab]}` : 'League',
    description: league ? `${league.displayName} (${league.country}): table, results and fixtures by round, and top scorers.` : undefined,
  });

  const back = <BackLink to="/leagues">All leagues</BackLink>;
  if (isLoading) {
    return <ScreenState back={back} rows={8} loading="Loading league" />;
  }
  if (!leagueId || !season || !league) {
    return <ScreenState back={back} title="League not found" message="This competition has no data on Matchday." />;
  }
  const seasons = [...new Set([...(league.seasons ?? []), league.currentSeason, Number(season)])].sort((a, b) => b - a);
  return (
    <Page>
      {back}
      <Stack>
        <HeaderCard>
          <Head>
            <TeamLogo name={league.displayName} src={league.logo} size={56} />
            <div>
              <Title>{league.displayName}</Title>
              <Muted>{league.country}</Muted>
            </div>
            <label>
              Season
              <select
                value={season}
                data-testid="season-select"
                onChange={(event) => navigate(leagueHubPath(league.id, event.target.value, tab))}
              >
                {seasons.map((s) => (
                  <option key={s} value={s}>
                    {seasonName(s, league.id)}
                  </option>
                ))}
              </select>
            </label>
          </Head>
          <HeaderActions>
            <FollowButton kind="league" id={league.id} name={league.displayName} />
            <AddToCalendar
              feedPath={leagueFeedPath(league.id, season)}
              name={`${league.displayName} ${seasonName(Number(season), league.id)}`}
            />
          </HeaderActions>
        </HeaderCard>
        <div>
          <Tabs
            label="League views"
            value={tab}
            options={tabs.map((value) => ({ value, label: TAB_LABELS[value], testId: `tab-${value}` }))}
            onChange={(value) => navigate(leagueHubPath(league.id, season, value), { replace: true })}
          />
        </div>
        {/* min-width 0: a wide tab (a bracket, a long round name) scrolls in its own frame, the page stays the phone's width */}
        <div role="tabpanel" aria-label={TAB_LABELS[tab]} style={{ minWidth: 0 }}>
          {tab === 'table' ? (
            <TableTab leagueId={leagueId} season={season} />
          ) : tab === 'matches' ? (
            <Suspense fallback={<LoadingBlock rows={8} label="Loading matches" />}>
              <MatchesTab leagueId={leagueId} season={season} />
            </Suspense>
          ) : tab === 'bracket' ? (
            <BracketTab leagueId={leagueId} season={season} />
          ) : (
            <ScorersTab leagueId={leagueId} season={season} />
          )}
        </div>
      </Stack>
    </Page>
  );
}
