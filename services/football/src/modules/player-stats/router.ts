import { type Knex, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { findLeagueStats, findRecentFixtures } from './repository';
import { DEFAULT_RECENT_FIXTURES, leagueStatsQuery, recentFixturesQuery } from './schema';

/**
 * GET /api/player-stats/league?playerId&leagueId&season: season totals per team (current team first).
 * GET /api/player-stats/fixtures?playerId[&leagueId][&season][&limit]: finished matches, most recent first.
 */
export function playerStatsRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.playerStats);
  router.get('/league', async (ctx) => {
    const query = parseQuery(leagueStatsQuery, ctx.query);
    ctx.body = await findLeagueStats(db, query.playerId, query.leagueId, query.season);
  });
  router.get('/fixtures', async (ctx) => {
    const query = parseQuery(recentFixturesQuery, ctx.query);
    ctx.body = await findRecentFixtures(db, query.playerId, {
      leagueId: query.leagueId,
      season: query.season,
      limit: query.limit ?? DEFAULT_RECENT_FIXTURES,
    });
  });
  return router;
}
