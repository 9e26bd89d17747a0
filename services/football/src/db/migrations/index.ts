import type { MigrationList } from '@matchday/server';
import * as leaguesTeamsFixtures from './20261122a-leagues-teams-fixtures';

export const migrations: MigrationList = {
  '20261122a-leagues-teams-fixtures': leaguesTeamsFixtures,
};
