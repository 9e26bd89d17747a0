import { type Knex, noQuery, notFound, parseInput, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { fixtureStats } from './service';
import { fixtureParams } from './schema';

/** GET /api/fixture-stats/{fixtureId}: the match header and both sides' statistics; 404 for an unknown fixture. */
export function fixtureStatsRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.fixtureStats);
  router.get('/:fixtureId', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const { fixtureId } = parseInput(fixtureParams, ctx.params);
    const stats = await fixtureStats(db, fixtureId);
    if (!stats) throw notFound(`Fixture ${fixtureId} not found`);
    ctx.body = stats;
  });
  return router;
}
