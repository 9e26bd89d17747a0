import type { MigrationList } from '@matchday/server';
import * as users from './20261122a-users';
import * as referrals from './20261122b-referrals';

export const migrations: MigrationList = {
  '20261122a-users': users,
  '20261122b-referrals': referrals,
};
