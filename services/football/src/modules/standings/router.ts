import { type Knex, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { standings, thirdPlaced } from './service';
import { standingsQuery } from './schema';

/**
 * GET /api/standings?leagueId&season[&live=1]: the table(s) of a league season, derived from its
 * finished matches; with live=1 "as it stands", live matches counted with their current score.
 * GET /api/standings/third-placed (same query): the groups' third-placed teams ranked, the best marked qualified.
 */
export function standingsRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.standings);
  router.get('/', async (ctx) => {
    const query = parseQuery(standingsQuery, ctx.query);
    ctx.body = await standings(db, query.leagueId, query.season, { asItStands: query.live === '1' });
  });
  router.get('/third-placed', async (ctx) => {
    const query = parseQuery(standingsQuery, ctx.query);
    ctx.body = await thirdPlaced(db, query.leagueId, query.season, { asItStands: query.live === '1' });
  });
  return router;
}
