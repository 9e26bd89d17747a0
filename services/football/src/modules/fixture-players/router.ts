import { type Knex, noQuery, parseInput, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { findFixturePlayers } from './repository';
import { fixturePlayersParams } from './schema';

/** GET /api/fixture/{fixtureId}/players: who played and how, home team first; empty for an unknown fixture. */
export function fixturePlayersRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.fixture);
  router.get('/:fixtureId/players', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const { fixtureId } = parseInput(fixturePlayersParams, ctx.params);
    ctx.body = await findFixturePlayers(db, fixtureId);
  });
  return router;
}
