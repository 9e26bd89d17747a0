import type Koa from 'koa';

/**
 * Sign-in is bound to PUBLIC_URL's host (the identity provider returns there, with the grant cookie
 * set for it), so a page or sign-in request that reached the gateway under another name
 * (http://127.0.0.1:8080 for http://localhost:8080) is sent to the same path on PUBLIC_URL first.
 * API calls and the health probes answer under any name.
 */
export function canonicalHost(publicUrl: string): Koa.Middleware {
  const canonical = new URL(publicUrl);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.host === canonical.host) return next();
    ctx.status = 308;
    // Origin + the request target as it came (always a path): never a URL a client could point elsewhere.
    ctx.redirect(`${canonical.origin}${ctx.url.startsWith('/') ? ctx.url : '/'}`);
  };
}
