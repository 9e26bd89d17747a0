import http from 'node:http';
import type Koa from 'koa';
import CircuitBreaker from 'opossum';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { IDENTITY_HEADER, REQUEST_ID_HEADER, serviceUnavailable, type Logger } from '@matchday/server';
import type { ServiceName } from '../config';
import { bodyOf } from '../middleware/request-body';
import { commitSessionNow } from '../sessions/lifetime';

type ProxiedRequest = http.IncomingMessage & {
  id?: unknown;
  log?: Logger;
  failProxy?: (error: Error) => void;
  bufferedAnswer?: (answer: BufferedAnswer) => void;
};

/** A service's answer read whole (small JSON reads that the gateway caches). */
export interface BufferedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** The service's reply headers (a public answer's ETag, Cache-Control and Content-Disposition go out again). */
  serviceHeaders?: http.IncomingHttpHeaders;
}

/** Sockets per service; the admission queue (admission.ts) keeps in-flight requests below this. */
export const MAX_SOCKETS_PER_SERVICE = 128;

/** An idle keep-alive socket to a service is closed after this long (the services keep theirs open longer). */
export const IDLE_SOCKET_MS = 30_000;

/** A service that has not answered within this time is taken as hung: the request ends with 503. */
export const UPSTREAM_TIMEOUT_MS = 2000;

const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip'];

export interface ServiceProxy {
  /**
   * Hands the raw request to the service and resolves once the response has been sent. The headers
   * the service receives are set here, before the proxy copies them: no cookie, no client-made
   * forwarding headers, the signed identity and the request id. A service that
   * is down, hung or failing ends the request with 503 {message}; while it keeps failing the circuit
   * is open and requests get that 503 at once instead of waiting.
   */
  forward(ctx: Koa.Context, identityToken: string): Promise<void>;
  /** The same, but the answer is read whole and handed back instead of streamed to the client. */
  read(ctx: Koa.Context, identityToken: string): Promise<BufferedAnswer>;
  readonly breaker: CircuitBreaker<[Koa.Context, boolean], BufferedAnswer | void>;
}

/**
 * One keep-alive proxy per service (http-proxy-middleware). It copies the incoming request's headers
 * as they are when it takes the request, so nothing is set in a proxy event that could fire after the
 * outgoing headers were flushed (a request that waited for a socket).
 */
function serviceProxy(service: ServiceName, target: string): ServiceProxy {
  // An idle socket is let go well before the service's keep-alive timeout (KEEP_ALIVE_TIMEOUT_MS), so a request
  // is never sent on a socket the service is closing at that moment (a reset instead of an answer).
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_SERVICE, timeout: IDLE_SOCKET_MS });
  const onError = (error: Error, req: http.IncomingMessage, res: http.ServerResponse | import('node:net').Socket) => {
    const request = req as ProxiedRequest;
    if (request.failProxy) request.failProxy(error);
    else res.destroy();
  };
  // The gateway has read the body already (middleware/request-body.ts): it goes to the service in one piece, so
  // the service never waits on a slow client. The request stream has ended, so http-proxy's pipe only ends it.
  const sendBody = (proxyReq: http.ClientRequest, req: http.IncomingMessage) => {
    const body = bodyOf(req);
    if (body && body.length > 0) proxyReq.write(body);
  };
  const common = { target, changeOrigin: false, xfwd: false, agent, proxyTimeout: UPSTREAM_TIMEOUT_MS };
  const streaming: RequestHandler = createProxyMiddleware({ ...common, on: { error: onError, proxyReq: sendBody } });
  const buffering: RequestHandler = createProxyMiddleware({
    ...common,
    selfHandleResponse: true,
    on: {
      proxyReq: sendBody,
      error: onError,
      // http-proxy reports an upstream failure as 'econnreset' instead of 'error' once the client's
      // socket is gone; a buffered read must settle all the same (others may be waiting on it).
      econnreset: onError,
      proxyRes(proxyRes, req) {
        const chunks: Buffer[] = [];
        proxyRes.on('data', (chunk: Buffer) => chunks.push(chunk));
        proxyRes.on('error', (error) => (req as ProxiedRequest).failProxy?.(error));
        proxyRes.on('end', () =>
          (req as ProxiedRequest).bufferedAnswer?.({
            status: proxyRes.statusCode ?? 502,
            contentType: String(proxyRes.headers['content-type'] ?? 'application/json; charset=utf-8'),
            body: Buffer.concat(chunks),
            serviceHeaders: proxyRes.headers,
          }),
        );
      },
    },
  });

  const pipe = (ctx: Koa.Context, buffered: boolean) =>
    new Promise<BufferedAnswer | void>((resolve, reject) => {
      const request = ctx.req as ProxiedRequest;
      request.failProxy = reject;
      if (buffered) {
        // Whatever happens upstream, a buffered read settles: its answer, its error, or this guard.
        const guard = setTimeout(() => reject(new Error('no answer from the service')), UPSTREAM_TIMEOUT_MS + 1000);
        request.failProxy = (error) => {
          clearTimeout(guard);
          reject(error);
        };
        request.bufferedAnswer = (answer) => {
          clearTimeout(guard);
          resolve(answer);
        };
        void buffering(ctx.req, ctx.res, (error?: unknown) => request.failProxy?.((error as Error) ?? new Error('proxy did not answer')));
        return;
      }
      ctx.res.once('close', () => resolve());
      ctx.res.once('finish', () => resolve());
      void streaming(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error as Error) : resolve()));
    });

  const breaker = new CircuitBreaker(pipe, {
    name: service,
    timeout: false, // the proxy's own timeout cancels the upstream request; the breaker only counts
    errorThresholdPercentage: 50,
    volumeThreshold: 5,
    resetTimeout: 1000,
    rollingCountTimeout: 10_000,
  });

  /** Headers settled on the incoming request before the proxy copies them. */
  const prepare = (ctx: Koa.Context, identityToken: string) => {
    const request = ctx.req as ProxiedRequest;
    delete request.headers.cookie;
    delete request.headers.expect;
    // What a client wrote into forwarding headers never reaches a service: the gateway says who the client is
    // (ctx.ip: the socket's peer, or with TRUST_PROXY the address the outermost trusted proxy saw) and how it came.
    for (const name of FORWARDED_HEADERS) delete request.headers[name];
    request.headers['x-forwarded-for'] = ctx.ip;
    request.headers['x-forwarded-proto'] = ctx.protocol;
    const body = bodyOf(request);
    if (body) {
      request.headers['content-length'] = String(body.length);
      delete request.headers['transfer-encoding'];
    }
    request.headers[IDENTITY_HEADER] = identityToken;
    if (request.id !== undefined) request.headers[REQUEST_ID_HEADER] = String(request.id);
  };
  const unavailable = (ctx: Koa.Context, error: unknown) => {
    (ctx.req as ProxiedRequest).log?.error({ err: error, service }, 'service request failed');
    return serviceUnavailable(`The ${service} service is not answering; try again shortly`, 2);
  };

  return {
    breaker,
    async forward(ctx, identityToken) {
      prepare(ctx, identityToken);
      // The service's answer goes out as it comes: a renewed session cookie must be set before it starts.
      await commitSessionNow(ctx);
      ctx.respond = false;
      try {
        await breaker.fire(ctx, false);
      } catch (error) {
        if (ctx.res.headersSent) {
          // The service's answer was already on its way: cut it off rather than pass half a body as whole.
          ctx.res.destroy();
          return;
        }
        ctx.respond = true;
        throw unavailable(ctx, error);
      }
    },
    async read(ctx, identityToken) {
      prepare(ctx, identityToken);
      try {
        return (await breaker.fire(ctx, true)) as BufferedAnswer;
      } catch (error) {
        throw unavailable(ctx, error);
      }
    },
  };
}

export function createServiceProxies(services: Record<ServiceName, string>): Record<ServiceName, ServiceProxy> {
  return {
    football: serviceProxy('football', services.football),
    accounts: serviceProxy('accounts', services.accounts),
    insights: serviceProxy('insights', services.insights),
  };
}
