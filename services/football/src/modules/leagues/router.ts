import { type Knex, noQuery, parseQuery, serviceRouter } from '@matchday/server';
import { listLeagues } from './repository';

export function leaguesRouter(db: Knex) {
  const router = serviceRouter('/api/leagues');
  router.get('/', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = await listLeagues(db);
  });
  return router;
}
