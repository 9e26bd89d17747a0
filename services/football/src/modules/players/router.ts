import { type Clock, type Knex, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { startOfZonedDay } from '../../lib/time';
import { findSquads, listPlayers } from './repository';
import { playersQuery } from './schema';

/**
 * GET /api/players?teamId&leagueId&season: a team's squad for a league and season.
 * GET /api/players?homeTeamId&awayTeamId&leagueId&season: both squads of a match (home first).
 * GET /api/players: the squads of the clubs of the next fixtures (fantasy captain names).
 */
export function playersRouter(db: Knex, clock: Clock) {
  const router = serviceRouter(API_PREFIXES.football.players);
  router.get('/', async (ctx) => {
    const query = parseQuery(playersQuery, ctx.query);
    if (query.leagueId === undefined || query.season === undefined) {
      const now = new Date(clock());
      ctx.body = await listPlayers(db, startOfZonedDay(now, 'UTC', 0), now);
      return;
    }
    const teamIds = query.teamId !== undefined ? [query.teamId] : [query.homeTeamId!, query.awayTeamId!];
    ctx.body = await findSquads(db, { leagueId: query.leagueId, season: query.season, teamIds: [...new Set(teamIds)] }, new Date(clock()));
  });
  return router;
}
