import Router from '@koa/router';
import type { Knex, ServiceState } from '@matchday/server';
import { listLeagues } from './repository';

export function leaguesRouter(db: Knex) {
  const router = new Router<ServiceState>({ prefix: '/api/leagues' });
  router.get('/', async (ctx) => {
    ctx.body = await listLeagues(db);
  });
  return router;
}
