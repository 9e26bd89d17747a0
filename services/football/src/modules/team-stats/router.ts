import { type Knex, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { teamStats } from './service';
import { teamStatsQuery } from './schema';

/** GET /api/team-stats?teamId&leagueId&season: two records, home matches (is_Home_Stats 1) and away (0). */
export function teamStatsRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.teamStats);
  router.get('/', async (ctx) => {
    const query = parseQuery(teamStatsQuery, ctx.query);
    ctx.body = await teamStats(db, query.teamId, query.leagueId, query.season);
  });
  return router;
}
