import http from 'node:http';
import type net from 'node:net';
import type Koa from 'koa';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { IDENTITY_HEADER, REQUEST_ID_HEADER, type Logger } from '@matchday/server';
import type { ServiceName } from '../config';

type ProxiedRequest = http.IncomingMessage & { id?: unknown; log?: Logger };

/** Sockets per service; the admission queue (admission.ts) keeps in-flight requests below this. */
export const MAX_SOCKETS_PER_SERVICE = 128;

/** The JSON error a proxied request ends with when its service fails it. */
function failRequest(err: Error, req: ProxiedRequest, res: http.ServerResponse | net.Socket): void {
  req.log?.error({ err, requestId: req.id }, 'service request failed');
  if (!(res instanceof http.ServerResponse)) {
    res.destroy();
    return;
  }
  if (res.headersSent) {
    // The service's answer was already on its way: cut it off rather than send half a body as whole.
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ message: 'Service unavailable', requestId: req.id }));
}

/**
 * One keep-alive proxy per service (http-proxy-middleware). It copies the incoming request's headers
 * as they are when the proxy takes the request: everything a service must (not) see is settled on
 * the incoming request first (forward), never in a proxy event that could fire after the outgoing
 * headers were flushed (a request that waited for a socket).
 */
export function createServiceProxies(services: Record<ServiceName, string>): Record<ServiceName, RequestHandler> {
  const make = (target: string): RequestHandler =>
    createProxyMiddleware({
      target,
      changeOrigin: false,
      xfwd: true,
      agent: new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_SERVICE }),
      proxyTimeout: 30_000,
      on: { error: (err, req, res) => failRequest(err, req as ProxiedRequest, res) },
    });
  return { football: make(services.football), accounts: make(services.accounts), insights: make(services.insights) };
}

/**
 * Hands the raw request to the proxy and resolves once the response has been sent. The headers a
 * service receives are set here, before the proxy copies them: no cookie, the signed identity and
 * the request id.
 */
export async function forward(ctx: Koa.Context, proxy: RequestHandler, identityToken: string): Promise<void> {
  const request = ctx.req as ProxiedRequest;
  delete request.headers.cookie;
  request.headers[IDENTITY_HEADER] = identityToken;
  if (request.id !== undefined) request.headers[REQUEST_ID_HEADER] = String(request.id);
  ctx.respond = false;
  await new Promise<void>((resolve, reject) => {
    ctx.res.once('close', resolve);
    ctx.res.once('finish', resolve);
    proxy(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}
