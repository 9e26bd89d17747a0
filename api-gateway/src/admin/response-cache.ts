import type Koa from 'koa';
import type { AdminCacheSize } from '@matchday/contracts';
import { forbidden, unauthorized } from '@matchday/server';
import type { GatewayConfig } from '../config';
import { isAdminEmail } from '../auth/routes';
import type { ResponseCache } from '../cache/response-cache';
import type { SharedBus } from '../shared/bus';
import type { SessionData } from '../sessions/session-store';

/**
 * The response cache's admin endpoints, the gateway's own (the cache lives here), admins only:
 *   GET  /api/admin/cache       -> AdminCacheSize: this gateway's entries and the bytes they hold, as /metrics has them;
 *   POST /api/admin/clear-cache -> { message, cleared }: empties this gateway's cache, and every other's through the bus.
 */
export function responseCacheAdmin(config: GatewayConfig, cache: ResponseCache, bus: Pick<SharedBus, 'publish'>): Koa.Middleware {
  return async (ctx, next) => {
    const size = ctx.path === '/api/admin/cache' && ctx.method === 'GET';
    const clear = ctx.path === '/api/admin/clear-cache' && ctx.method === 'POST';
    if (!size && !clear) return next();
    const user = (ctx.session as unknown as SessionData | null)?.user;
    if (!user) throw unauthorized();
    if (!isAdminEmail(config, user.email)) throw forbidden('Administrators only');
    ctx.set('cache-control', 'no-store');
    if (size) {
      const { entries, bytes, hits, misses } = cache.stats();
      const reply: AdminCacheSize = { entries, bytes, maxBytes: cache.maxBytes, hits, misses };
      ctx.body = reply;
      return;
    }
    const cleared = cache.clear();
    bus.publish({ kind: 'clear-cache' });
    ctx.body = { message: 'Cache cleared', cleared };
  };
}
