import type { ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { moveDemoToToday, seedDemo } from './db/seeds/demo';
import { datasetRouter } from './modules/dataset/router';
import { fixturePlayersRouter } from './modules/fixture-players/router';
import { fixtureStatsRouter } from './modules/fixture-stats/router';
import { fixturesRouter } from './modules/fixtures/router';
import { headToHeadRouter } from './modules/h2h/router';
import { leaguesRouter } from './modules/leagues/router';
import { playerStatsRouter } from './modules/player-stats/router';
import { playersRouter } from './modules/players/router';
import { searchRouter } from './modules/search/router';
import { standingsRouter } from './modules/standings/router';
import { teamStatsRouter } from './modules/team-stats/router';
import { topScorersRouter } from './modules/top-scorers/router';

export const football: ServiceDefinition = {
  name: 'football',
  migrations,
  routers: (db) => [
    leaguesRouter(db),
    fixturesRouter(db),
    datasetRouter(db),
    playersRouter(db),
    playerStatsRouter(db),
    fixtureStatsRouter(db),
    fixturePlayersRouter(db),
    standingsRouter(db),
    topScorersRouter(db),
    headToHeadRouter(db),
    teamStatsRouter(db),
    searchRouter(db),
  ],
  seedIfEmpty: (db) => seedDemo(db),
  onStart: async (db) => {
    await moveDemoToToday(db);
  },
};
