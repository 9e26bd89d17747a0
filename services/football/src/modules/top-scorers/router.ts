import { type Knex, noQuery, parseInput, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { findTopScorers } from './repository';
import { topScorersParams } from './schema';

/** GET /api/top-scorers/{leagueId}/{season}: goals desc, then assists desc, then fewer minutes. */
export function topScorersRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.topScorers);
  router.get('/:leagueId/:season', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const { leagueId, season } = parseInput(topScorersParams, ctx.params);
    ctx.body = await findTopScorers(db, leagueId, season);
  });
  return router;
}
