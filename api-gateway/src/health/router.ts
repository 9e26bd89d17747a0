import type Koa from 'koa';
import type { Knex } from '@matchday/server';
import type { GatewayConfig, ServiceName } from '../config';

/** How long one readiness answer is reused: probes and anonymous callers cannot turn it into load. */
const READINESS_TTL_MS = 1000;

/**
 * /healthz: the process is up. /readyz: the gateway is not warming up (warm-up.ts) and the session database and
 * every service answer their own /readyz (one check at a time, its answer reused for a second).
 */
export function health(config: GatewayConfig, sessionsDb: Knex, warmingUp: () => boolean = () => false): Koa.Middleware {
  let last: { at: number; checks: Promise<Record<string, boolean>> } | undefined;
  const readiness = () => {
    if (!last || Date.now() - last.at > READINESS_TTL_MS) last = { at: Date.now(), checks: check() };
    return last.checks;
  };
  const check = async () => {
    const checks: Record<string, boolean> = {};
    await Promise.all([
      sessionsDb
        .raw('select 1')
        .then(() => (checks.sessions = true))
        .catch(() => (checks.sessions = false)),
      ...(Object.entries(config.services) as Array<[ServiceName, string]>).map(async ([name, url]) => {
        try {
          const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
          await response.body?.cancel();
          checks[name] = response.ok;
        } catch {
          checks[name] = false;
        }
      }),
    ]);
    return checks;
  };
  return async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.set('cache-control', 'no-store');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path !== '/readyz') return next();
    ctx.set('cache-control', 'no-store');
    if (warmingUp()) {
      ctx.status = 503;
      ctx.body = { status: 'warming up' };
      return;
    }
    const checks = await readiness();
    const ready = Object.values(checks).every(Boolean);
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready', checks };
  };
}
