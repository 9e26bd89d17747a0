import type { ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { statusRouter } from './modules/status/router';

export const insights: ServiceDefinition = {
  name: 'insights',
  migrations,
  routers: (db) => [statusRouter(db)],
};
