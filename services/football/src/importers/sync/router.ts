import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { SyncRunReply, SyncStatusReply } from '@matchday/contracts';
import { forbidden, HttpError, noQuery, parseQuery, type ServiceState } from '@matchday/server';
import type { FootballJsonSync } from './index';

const OFF: SyncStatusReply = { enabled: false, intervalSeconds: 0, baseUrl: '', leagues: [] };

/**
 * The sync's two endpoints, which the gateway calls for administrators (GET and POST /api/admin/sync,
 * api-gateway/src/admin/sync.ts) with a longer wait than its proxy's, since a run answers only once finished:
 * - GET /internal/sync: each chosen league's last run, last change and last error (SyncStatusReply);
 * - POST /internal/sync: runs every league now and answers what each did (SyncRunReply); 409 when no league is chosen.
 * `sync`: the one the service's start-up starts and stops (its parts'); null: none configured.
 */
export function syncRouter(sync: FootballJsonSync | null) {
  const router = new Router<ServiceState>({ prefix: '/internal', strict: true, sensitive: true });
  const admit = (ctx: ParameterizedContext<ServiceState>) => {
    const { scope, isAdmin } = ctx.state.identity;
    if (scope !== 'user' || !isAdmin) throw forbidden('Administrators only');
    parseQuery(noQuery, ctx.query);
    ctx.set('cache-control', 'no-store');
  };
  router.get('/sync', async (ctx) => {
    admit(ctx);
    ctx.body = sync ? await sync.status() : OFF;
  });
  router.post('/sync', async (ctx) => {
    admit(ctx);
    if (!sync) throw new HttpError(409, 'The sync is off: set SYNC_FOOTBALL_JSON to the leagues to follow');
    const reply: SyncRunReply = { leagues: await sync.run() };
    ctx.body = reply;
  });
  return router;
}
