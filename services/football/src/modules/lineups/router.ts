import { type Knex, noQuery, notFound, parseInput, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { lineupsParams } from './schema';
import { fixtureLineups } from './service';

/** GET /api/fixtures/{fixtureId}/lineups: both sides' starters, substitutes and bench; 404 where there are none. */
export function lineupsRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.fixtures);
  router.get('/:fixtureId/lineups', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const { fixtureId } = parseInput(lineupsParams, ctx.params);
    const lineups = await fixtureLineups(db, fixtureId);
    if (!lineups) throw notFound('Line-ups not available');
    ctx.body = lineups;
  });
  return router;
}
