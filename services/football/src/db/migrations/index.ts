import type { MigrationList } from '@matchday/server';
import * as leaguesTeamsFixtures from './20261122a-leagues-teams-fixtures';
import * as fullFootballSchema from './20261122b-full-football-schema';

export const migrations: MigrationList = {
  '20261122a-leagues-teams-fixtures': leaguesTeamsFixtures,
  '20261122b-full-football-schema': fullFootballSchema,
};
