import type Koa from 'koa';
import type { Knex } from '@matchday/server';
import type { GatewayConfig, ServiceName } from '../config';

/** /healthz: the process is up. /readyz: the session database and every service answer their own /readyz. */
export function health(config: GatewayConfig, sessionsDb: Knex): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.set('cache-control', 'no-store');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path !== '/readyz') return next();
    ctx.set('cache-control', 'no-store');
    const checks: Record<string, boolean> = {};
    await Promise.all([
      sessionsDb
        .raw('select 1')
        .then(() => (checks.sessions = true))
        .catch(() => (checks.sessions = false)),
      ...(Object.entries(config.services) as Array<[ServiceName, string]>).map(async ([name, url]) => {
        try {
          const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
          checks[name] = response.ok;
        } catch {
          checks[name] = false;
        }
      }),
    ]);
    const ready = Object.values(checks).every(Boolean);
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready', checks };
  };
}
