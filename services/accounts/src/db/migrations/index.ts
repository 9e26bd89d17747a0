import type { MigrationList } from '@matchday/server';
import * as users from './20261122a-users';

export const migrations: MigrationList = {
  '20261122a-users': users,
};
