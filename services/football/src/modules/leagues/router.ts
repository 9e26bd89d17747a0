import Router from '@koa/router';
import { noQuery, parseQuery, type Knex, type ServiceState } from '@matchday/server';
import { listLeagues } from './repository';

export function leaguesRouter(db: Knex) {
  const router = new Router<ServiceState>({ prefix: '/api/leagues' });
  router.get('/', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = await listLeagues(db);
  });
  return router;
}
