import type { ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { moveDemoToToday, seedDemo } from './db/seeds/demo';
import { fixturesRouter } from './modules/fixtures/router';
import { leaguesRouter } from './modules/leagues/router';
import { datasetRouter } from './modules/dataset/router';

export const football: ServiceDefinition = {
  name: 'football',
  migrations,
  routers: (db) => [leaguesRouter(db), fixturesRouter(db), datasetRouter(db)],
  seedIfEmpty: (db) => seedDemo(db),
  onStart: async (db) => {
    await moveDemoToToday(db);
  },
};
