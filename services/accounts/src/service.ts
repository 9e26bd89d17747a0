import type { ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { usersRouter } from './modules/users/router';

export const accounts: ServiceDefinition = {
  name: 'accounts',
  migrations,
  routers: (db) => [usersRouter(db)],
};
