import { lazy, Suspense, type ComponentType } from 'react';
import styled from 'styled-components';
import type { RemoteAppProps } from '@matchday/contracts';
import { TeamScreen } from '../features/team/components/TeamScreen';
import { SquadScreen } from '../features/squad/components/SquadScreen';
import { PlayerScreen } from '../features/player/components/PlayerScreen';
import { FixtureStatsScreen } from '../features/fixture-stats/components/FixtureStatsScreen';
import { StandingsScreen } from '../features/standings/components/StandingsScreen';
import { TopScorersScreen } from '../features/top-scorers/components/TopScorersScreen';
import { H2hScreen } from '../features/h2h/components/H2hScreen';
import { TeamStatsScreen } from '../features/team-stats/components/TeamStatsScreen';
import { LeaguesScreen } from '../features/leagues/components/LeaguesScreen';
import { LeagueHubScreen } from '../features/league/components/LeagueHubScreen';
import { StandingsTab } from '../features/standings/components/StandingsTab';
import { TopScorersTab } from '../features/top-scorers/components/TopScorersTab';
import { LoadingBlock } from '@matchday/ui/unshared';
import type { LeagueSeasonTabProps } from '../lib/league-tabs';

// a chunk of its own: only a cup's Bracket tab needs it
const BracketView = lazy(() => import('../features/bracket/components/BracketTab'));

// a route screen of its own: only the line-ups route needs it
const LineupsView = lazy(() => import('../features/lineups/components/LineupsScreen'));

function LineupsScreen() {
  return (
    <Suspense fallback={<LoadingBlock rows={8} label="Loading line-ups" />}>
      <LineupsView />
    </Suspense>
  );
}

function BracketTab(props: LeagueSeasonTabProps) {
  return (
    <Suspense fallback={<LoadingBlock rows={8} label="Loading bracket" />}>
      <BracketView {...props} />
    </Suspense>
  );
}

/** This build's version (libs/config's DefinePlugin): `npm run deploy` compiles the new version name in. */
declare const __MATCHDAY_VERSION__: string;

const BuildVersion = styled.p`
  margin: 0 auto;
  padding: 0 1rem 1rem;
  max-width: 72rem;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.textMuted};
`;

/** The screen fills the viewport below the shell's header (3.5rem), so the version line starts below the fold and nothing visible moves when data arrives. */
const ScreenArea = styled.div`
  min-height: calc(100vh - 3.5rem);
`;

/** The league hub, composed here: its Table, Top scorers and Bracket tabs are the standings, top-scorers and bracket features' views. */
function LeagueScreen() {
  return <LeagueHubScreen TableTab={StandingsTab} ScorersTab={TopScorersTab} BracketTab={BracketTab} />;
}

/** Screens of this remote, by the key the shell's route table gives. */
const SCREENS: Record<string, ComponentType> = {
  team: TeamScreen,
  squad: SquadScreen,
  player: PlayerScreen,
  'fixture-stats': FixtureStatsScreen,
  'fixture-players': LineupsScreen,
  standings: StandingsScreen,
  'top-scorers': TopScorersScreen,
  h2h: H2hScreen,
  'team-stats': TeamStatsScreen,
  leagues: LeaguesScreen,
  league: LeagueScreen,
};

export default function App({ screen }: RemoteAppProps) {
  const Screen = SCREENS[screen];
  if (!Screen) throw new Error(`Unknown screen "${screen}"`);
  return (
    <>
      <ScreenArea>
        <Screen />
      </ScreenArea>
      <BuildVersion data-testid="stats-version">Stats v{__MATCHDAY_VERSION__}</BuildVersion>
    </>
  );
}
