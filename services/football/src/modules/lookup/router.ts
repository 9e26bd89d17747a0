import Router from '@koa/router';
import { parseQuery, type Knex, type ServiceState } from '@matchday/server';
import { findEntities, lookupFixtures } from './repository';
import { entitiesQuery, lookupFixturesQuery } from './schema';

/**
 * Internal reads for the accounts service (follows and alerts). Behind the identity token like every
 * service path; the gateway routes nothing under /internal.
 * - GET /internal/lookup/entities?team=&league=&player=: those that exist (LookupEntities), for follow checks and names;
 * - GET /internal/lookup/fixtures?ids= | ?from=&to=[&lineups=1]: Fixture[] by id (alert texts) or by kick-off window
 *   (reminders; with lineups=1 only those whose line-ups are out).
 */
export function lookupRouter(db: Knex) {
  const router = new Router<ServiceState>({ prefix: '/internal/lookup', strict: true, sensitive: true });
  router.get('/entities', async (ctx) => {
    ctx.body = await findEntities(db, parseQuery(entitiesQuery, ctx.query));
  });
  router.get('/fixtures', async (ctx) => {
    ctx.body = await lookupFixtures(db, parseQuery(lookupFixturesQuery, ctx.query));
  });
  return router;
}
