import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { SyncRunReply, SyncStatusReply } from '@matchday/contracts';
import { createLogger, forbidden, HttpError, noQuery, parseQuery, type Clock, type Knex, type ServiceState } from '@matchday/server';
import { syncConfig } from '../../config';
import { createFootballJsonSync, type FootballJsonSync, type SyncOptions } from './index';

/** One sync per database (the service's), made from the environment when first asked for; null: no sync configured. */
const syncs = new WeakMap<Knex, FootballJsonSync | null>();

export function footballSync(db: Knex, clock: Clock, config: () => SyncOptions | null = syncConfig): FootballJsonSync | null {
  if (!syncs.has(db)) {
    const options = config();
    syncs.set(db, options ? createFootballJsonSync(db, { now: clock, ...options, logger: createLogger('football') }) : null);
  }
  return syncs.get(db) ?? null;
}

const OFF: SyncStatusReply = { enabled: false, intervalSeconds: 0, baseUrl: '', leagues: [] };

/**
 * The sync's two endpoints, which the gateway calls for administrators (GET and POST /api/admin/sync,
 * api-gateway/src/admin/sync.ts) with a longer wait than its proxy's, since a run answers only once finished:
 * - GET /internal/sync: each chosen league's last run, last change and last error (SyncStatusReply);
 * - POST /internal/sync: runs every league now and answers what each did (SyncRunReply); 409 when no league is chosen.
 */
export function syncRouter(db: Knex, clock: Clock) {
  const router = new Router<ServiceState>({ prefix: '/internal', strict: true, sensitive: true });
  const admit = (ctx: ParameterizedContext<ServiceState>) => {
    const { scope, isAdmin } = ctx.state.identity;
    if (scope !== 'user' || !isAdmin) throw forbidden('Administrators only');
    parseQuery(noQuery, ctx.query);
    ctx.set('cache-control', 'no-store');
  };
  router.get('/sync', async (ctx) => {
    admit(ctx);
    const sync = footballSync(db, clock);
    ctx.body = sync ? await sync.status() : OFF;
  });
  router.post('/sync', async (ctx) => {
    admit(ctx);
    const sync = footballSync(db, clock);
    if (!sync) throw new HttpError(409, 'The sync is off: set SYNC_FOOTBALL_JSON to the leagues to follow');
    const reply: SyncRunReply = { leagues: await sync.run() };
    ctx.body = reply;
  });
  return router;
}
