import { type Knex, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { headToHead } from './service';
import { headToHeadQuery } from './schema';

/** GET /api/h2h?homeTeamId&awayTeamId: every meeting of the two clubs, most recent first. */
export function headToHeadRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.h2h);
  router.get('/', async (ctx) => {
    const query = parseQuery(headToHeadQuery, ctx.query);
    ctx.body = await headToHead(db, query.homeTeamId, query.awayTeamId);
  });
  return router;
}
