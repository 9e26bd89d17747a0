import type { ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { adminRouter } from './modules/admin/router';
import { referralsRouter } from './modules/referrals/router';
import { usersRouter } from './modules/users/router';

export const accounts: ServiceDefinition = {
  name: 'accounts',
  migrations,
  routers: (db) => [usersRouter(db), referralsRouter(db), adminRouter(db)],
};
