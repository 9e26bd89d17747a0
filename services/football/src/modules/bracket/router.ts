import { type Clock, type Knex, notFound, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { bracket } from './service';
import { bracketQuery } from './schema';

/**
 * GET /api/bracket?leagueId&season: a cup season's knockout stage as a tree (Bracket); 400 for a bad query, 404
 * "no knockout stage" for a league season without one (a league, an unknown league or season).
 */
export function bracketRouter(db: Knex, clock: Clock) {
  const router = serviceRouter(API_PREFIXES.football.bracket);
  router.get('/', async (ctx) => {
    const query = parseQuery(bracketQuery, ctx.query);
    const found = await bracket(db, query.leagueId, query.season, clock());
    if (!found) throw notFound('no knockout stage');
    ctx.body = found;
  });
  return router;
}
