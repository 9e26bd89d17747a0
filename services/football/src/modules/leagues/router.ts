import { type Knex, noQuery, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { listLeagues } from './repository';

export function leaguesRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.leagues);
  router.get('/', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = await listLeagues(db);
  });
  return router;
}
