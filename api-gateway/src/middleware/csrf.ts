import type Koa from 'koa';
import { forbidden } from '@matchday/server';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for state-changing calls, on top of SameSite=Lax cookies:
 * the Origin header, when sent, must be ours; without one, X-Requested-With must be present
 * (a header a cross-site form cannot set).
 */
export function crossSiteProtection(publicUrl: string): Koa.Middleware {
  const allowed = new URL(publicUrl).origin;
  return async (ctx, next) => {
    if (!SAFE.has(ctx.method) && (ctx.path.startsWith('/api/') || ctx.path.startsWith('/auth/'))) {
      const origin = ctx.get('origin');
      if (origin ? origin !== allowed : !ctx.get('x-requested-with')) {
        throw forbidden('Cross-site request refused');
      }
    }
    await next();
  };
}
