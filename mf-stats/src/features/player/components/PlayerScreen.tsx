import { lazy } from 'react';
import { seasonName } from '@matchday/contracts';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Card, Page, usePageMeta } from '@matchday/ui';
import { BackLink, counted, isId, LoadingBlock, MessageCard, Muted, ScreenState, Stack, Tabs } from '@matchday/ui/unshared';
import { SectionTitle } from '../../../lib/components';
import { ChartSlot } from '../../../lib/chart-slot';
import { num } from '../../../lib/numbers';
import { playsNationalTeams, TeamBadge } from '../../../lib/team-badge';
import { usePlayerFixtures, usePlayerLeagueStats, type PlayerParams } from '../api/player-stats';
import { LeagueStatsGrid } from './LeagueStatsGrid';
import { PlayerHeader } from './PlayerHeader';
import { RecentFixtures } from './RecentFixtures';

const GoalsAssistsChart = lazy(() => import('./GoalsAssistsChart'));
const CHART_HEIGHT = 220;

type PlayerTab = 'league' | 'fixtures';

const OtherTeam = styled.p`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin: 0;
`;

/** The way back (spec §2): to the match squad when the player was opened from one, otherwise to the fixtures. */
function backLink(search: URLSearchParams): { to: string; label: string } {
  const fromSquad = search.get('fromSquad');
  if (fromSquad && /^\d+\/\d+\/\d+\/\d+$/.test(fromSquad)) {
    // The squad page's own query: the fixtures day tab it came from (fromTab) and the position tab.
    const query = new URLSearchParams();
    const fromTab = search.get('fromTab');
    if (fromTab) query.set('tab', fromTab);
    const position = search.get('position');
    if (position) query.set('position', position);
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    return { to: `/squad/${fromSquad}${suffix}`, label: 'Back to Squad' };
  }
  return { to: '/', label: 'Back to Fixtures' };
}

/** Player (spec §2): header, League Stats (six cards and a goals/assists chart) and Last Few Fixtures. */
export function PlayerScreen() {
  const { playerId, leagueId, season } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab: PlayerTab = search.get('tab') === 'fixtures' ? 'fixtures' : 'league';
  const params: PlayerParams | null = isId(playerId) && isId(leagueId) && isId(season) ? { playerId, leagueId, season } : null;
  const stats = usePlayerLeagueStats(params);
  const recent = usePlayerFixtures(params ? params.playerId : null);
  const records = stats.data ?? [];
  const current = records.find((r) => r.is_Current_Team === 1) ?? records[0];
  const others = records.filter((r) => r !== current);
  const fixtures = recent.data ?? [];
  const back = backLink(search);
  usePageMeta({
    title: current ? `${current.playerName} Stats ${seasonName(Number(season), Number(leagueId))}` : 'Player Stats',
    description: current
      ? `${current.playerName} (${current.teamName}): ${counted(num(current.goals_Total), 'goal')} and ${counted(num(current.goals_Assists), 'assist')} in ${counted(num(current.games_Appearance), 'appearance')} this season.`
      : undefined,
  });

  const backElement = <BackLink to={back.to}>{back.label}</BackLink>;
  if (params && stats.isLoading) {
    return <ScreenState back={backElement} loading="Loading player" />;
  }
  if (!params || stats.error || !current) {
    return <ScreenState back={backElement} title="Player not found" message="No statistics available for this player" />;
  }

  const setTab = (next: PlayerTab) => {
    const query = new URLSearchParams(search);
    query.set('tab', next);
    setSearch(query, { replace: true });
  };
  return (
    <Page>
      {backElement}
      <PlayerHeader stats={current} season={seasonName(Number(params.season), Number(params.leagueId))} />
      <Stack>
        <div>
          <Tabs
            label="Player statistics"
            value={tab}
            onChange={setTab}
            options={[
              { value: 'league', label: 'League Stats' },
              { value: 'fixtures', label: 'Last Few Fixtures' },
            ]}
          />
        </div>
        {tab === 'league' ? (
          <Stack role="tabpanel" aria-label="League Stats">
            <LeagueStatsGrid stats={current} />
            {others.map((other) => (
              <Card key={other.teamId} data-testid="other-team">
                <OtherTeam>
                  <TeamBadge name={other.teamName} logo={other.teamLogo} size={24} national={playsNationalTeams(other.leagueId)} />
                  <span>
                    Also played for <strong>{other.teamName}</strong> this season: {counted(num(other.games_Appearance), 'appearance')},{' '}
                    {counted(num(other.goals_Total), 'goal')}, {counted(num(other.goals_Assists), 'assist')}.
                  </span>
                </OtherTeam>
              </Card>
            ))}
            {fixtures.length > 0 && (
              <Card>
                <SectionTitle>Goals, assists and ratings in recent fixtures</SectionTitle>
                <ChartSlot
                  caption={`${counted(
                    fixtures.reduce((t, f) => t + num(f.goals_Total), 0),
                    'goal',
                  )} and ${counted(
                    fixtures.reduce((t, f) => t + num(f.goals_Assist), 0),
                    'assist',
                  )} in the last ${counted(fixtures.length, 'fixture')}`}
                  height={CHART_HEIGHT}
                >
                  <GoalsAssistsChart fixtures={fixtures} height={CHART_HEIGHT} />
                </ChartSlot>
              </Card>
            )}
          </Stack>
        ) : (
          <div role="tabpanel" aria-label="Last Few Fixtures">
            {recent.isLoading ? (
              <LoadingBlock rows={4} label="Loading fixtures" />
            ) : fixtures.length === 0 ? (
              <MessageCard title="No recent fixture data available" />
            ) : (
              <>
                <Muted as="p" style={{ margin: '0 0 0.75rem' }}>
                  Select a fixture to see its match statistics.
                </Muted>
                <RecentFixtures
                  fixtures={fixtures}
                  playerId={params.playerId}
                  leagueId={params.leagueId}
                  season={params.season}
                  teamIds={records.map((record) => record.teamId)}
                />
              </>
            )}
          </div>
        )}
      </Stack>
    </Page>
  );
}
