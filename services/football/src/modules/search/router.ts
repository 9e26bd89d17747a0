import { type Knex, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { search } from './repository';
import { searchQuery } from './schema';

/** GET /api/search?q=: teams, players and competitions by name, at most 5 of each. */
export function searchRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.search);
  router.get('/', async (ctx) => {
    const { q } = parseQuery(searchQuery, ctx.query);
    ctx.body = await search(db, q);
  });
  return router;
}
