import Router from '@koa/router';
import { noQuery, notFound, parseQuery, type Knex, type ServiceState } from '@matchday/server';
import { feedFixtures, feedLeagues, feedMatches, feedPlayed, feedSquads } from './repository';
import { fixturesQuery, matchesQuery, playedQuery, squadsQuery } from './schema';

/**
 * Internal bulk reads for the insights service (its model and fantasy picks). Behind the identity token
 * like every service path; the gateway routes nothing under /internal, so browsers never reach it.
 *
 * - GET /internal/model-feed/leagues
 * - GET /internal/model-feed/matches?leagueId&from&to: every fixture of the league (results, shots on
 *   target, opening and closing odds), oldest first
 * - GET /internal/model-feed/fixtures?ids=1,2: the same rows for given fixtures (grading tips)
 * - GET /internal/model-feed/squads?fixtureId&recent=8: both squads with fantasy price, ownership and
 *   recent per-match lines before the fixture
 * - GET /internal/model-feed/played?fixtureId: a fixture's own player lines (scoring picks made before it)
 */
export function modelFeedRouter(db: Knex) {
  // strict and case-sensitive like every service router
  const router = new Router<ServiceState>({ prefix: '/internal/model-feed', strict: true, sensitive: true });
  router.get('/leagues', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = await feedLeagues(db);
  });
  router.get('/matches', async (ctx) => {
    const query = parseQuery(matchesQuery, ctx.query);
    const result = await feedMatches(db, query.leagueId, query.from, query.to);
    if (!result) throw notFound('League not found');
    ctx.body = result;
  });
  router.get('/fixtures', async (ctx) => {
    const query = parseQuery(fixturesQuery, ctx.query);
    ctx.body = await feedFixtures(db, query.ids);
  });
  router.get('/squads', async (ctx) => {
    const query = parseQuery(squadsQuery, ctx.query);
    const result = await feedSquads(db, query.fixtureId, Math.min(query.recent ?? 8, 20));
    if (!result) throw notFound('Fixture not found');
    ctx.body = result;
  });
  router.get('/played', async (ctx) => {
    const query = parseQuery(playedQuery, ctx.query);
    const result = await feedPlayed(db, query.fixtureId);
    if (!result) throw notFound('Fixture not found');
    ctx.body = result;
  });
  return router;
}
