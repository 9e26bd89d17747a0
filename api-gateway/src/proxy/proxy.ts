import http from 'node:http';
import type Koa from 'koa';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@matchday/server';
import type { ServiceName } from '../config';

type ProxiedRequest = http.IncomingMessage & { matchdayIdentity?: string; id?: unknown };

/** One keep-alive proxy per service (http-proxy-middleware); the identity header is added per request. */
export function createServiceProxies(services: Record<ServiceName, string>): Record<ServiceName, RequestHandler> {
  const make = (target: string): RequestHandler =>
    createProxyMiddleware({
      target,
      changeOrigin: false,
      xfwd: true,
      agent: new http.Agent({ keepAlive: true, maxSockets: 128 }),
      proxyTimeout: 30_000,
      on: {
        proxyReq(proxyReq, req) {
          const request = req as ProxiedRequest;
          proxyReq.removeHeader('cookie');
          if (request.matchdayIdentity) proxyReq.setHeader(IDENTITY_HEADER, request.matchdayIdentity);
          if (request.id !== undefined) proxyReq.setHeader(REQUEST_ID_HEADER, String(request.id));
        },
        error(_err, _req, res) {
          const response = res as http.ServerResponse;
          if (!response.headersSent) {
            response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
          }
          response.end(JSON.stringify({ message: 'Service unavailable' }));
        },
      },
    });
  return { football: make(services.football), accounts: make(services.accounts), insights: make(services.insights) };
}

/** Hands the raw request to the proxy and resolves once the response has been sent. */
export async function forward(ctx: Koa.Context, proxy: RequestHandler, identityToken: string): Promise<void> {
  const request = ctx.req as ProxiedRequest;
  delete request.headers[IDENTITY_HEADER];
  request.matchdayIdentity = identityToken;
  ctx.respond = false;
  await new Promise<void>((resolve, reject) => {
    ctx.res.once('close', resolve);
    ctx.res.once('finish', resolve);
    proxy(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}
