import type Koa from 'koa';

export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.set('x-content-type-options', 'nosniff');
    ctx.set('referrer-policy', 'strict-origin-when-cross-origin');
    ctx.set('x-frame-options', 'DENY');
    await next();
  };
}
