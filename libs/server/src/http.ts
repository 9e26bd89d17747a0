import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import pinoHttp from 'pino-http';
import { HttpError, serviceUnavailable } from './errors';
import type { Logger } from './logger';

export const REQUEST_ID_HEADER = 'x-request-id';

/** The request a piece of code runs for, so that an exception outside Koa's chain is logged with its id. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** The header that marks the requests a gateway sends itself at start (api-gateway/src/health/warm-up.ts). */
export const WARM_UP_HEADER = 'x-matchday-warm-up';

/** The warm-up header's value: derived from the internal secret, so every process knows it and no client can send it. */
export function warmUpMark(internalSecret: string): string {
  return createHmac('sha256', internalSecret).update('matchday warm-up').digest('base64url');
}

/** A request's id: the one a gateway sent (X-Request-Id), else a new one; set on the answer too. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/**
 * Request id (reused from the gateway's header when present) and a pino line per request. A successful answer on
 * one of `quietPaths` (a path polled many times a second, e.g. football's live feed, which the gateway reads every
 * 100 ms) is logged at debug, not info, so that `npm start`'s terminal is not ten lines a second of polls; so are the
 * gateway's warm-up requests (carrying `warmUpMark`), whose answers are 401 and 404 by design. Failures (5xx) are
 * logged as any other.
 */
export function requestLogger(
  logger: Logger,
  { quietPaths = [], warmUp }: { quietPaths?: readonly string[]; warmUp?: string } = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return pinoHttp({
    logger,
    genReqId: requestId,
    customLogLevel(req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      if (warmUp !== undefined && req.headers[WARM_UP_HEADER] === warmUp) return 'debug';
      if (res.statusCode >= 400) return 'warn';
      if (quietPaths.some((quiet) => req.url?.startsWith(quiet))) return 'debug';
      return 'info';
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  });
}

/** requestLogger as Koa's first middlewares use it, with the request's id kept for the code it runs. */
export function requestLogging(logger: Logger, options: Parameters<typeof requestLogger>[1] = {}): Koa.Middleware {
  const http = requestLogger(logger, options);
  return async (ctx, next) => {
    http(ctx.req, ctx.res);
    ctx.state.requestId = String(ctx.req.id);
    ctx.state.log = ctx.req.log;
    await requestContext.run({ requestId: ctx.state.requestId }, next);
  };
}

/** First middleware: every error becomes JSON `{ message }`; unexpected ones are logged and hidden. */
export function jsonErrors(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
      }
    } catch (caught) {
      // A database that is down is a temporary condition of this process, not a bug: 503, try again.
      const unreachable = isDatabaseUnreachable(caught);
      if (unreachable) (ctx.state.log ?? logger).warn({ err: caught }, 'database unreachable');
      const error = unreachable ? serviceUnavailable('The database is not answering; try again shortly', 5) : caught;
      const status = errorStatus(error);
      ctx.status = status;
      if (error instanceof HttpError) {
        // Written for the caller (503 busy, 413 too large, ...): shown as it is.
        ctx.set(error.headers);
        ctx.body = { message: error.message };
      } else if (status >= 500) {
        (ctx.state.log ?? logger).error({ err: error }, 'request failed');
        ctx.body = { message: 'Internal server error', requestId: ctx.state.requestId };
      } else {
        ctx.body = { message: (error as Error).message };
      }
    }
  };
}

/**
 * A router's answers for a path it has under other methods: 405 (501 for an unknown method) with the Allow header, as
 * router.allowedMethods() gives them, and, like every other error, a JSON {message} (the router writes only the status
 * text). Used after router.routes().
 */
export function jsonAllowedMethods(router: { allowedMethods(): unknown }): Koa.Middleware {
  const allowed = router.allowedMethods() as Koa.Middleware;
  return async (ctx, next) => {
    await allowed(ctx, next);
    if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null)
      ctx.body = { message: `${ctx.method} is not allowed on ${ctx.path}` };
  };
}

/** Errors of a database that cannot be reached (down, restarting, out of connections). */
const DATABASE_UNREACHABLE = new Set([
  'ECONNREFUSED',
  'PROTOCOL_CONNECTION_LOST',
  'ETIMEDOUT',
  'ECONNRESET',
  'EPIPE',
  'ER_CON_COUNT_ERROR',
]);

export function isDatabaseUnreachable(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return name === 'KnexTimeoutError' || (typeof code === 'string' && DATABASE_UNREACHABLE.has(code));
}

function errorStatus(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  const status = (error as { status?: unknown; expose?: unknown }).status;
  // koa / bodyparser errors (413 too large, 400 bad JSON) carry an exposable status
  if (typeof status === 'number' && status >= 400 && status < 500) return status;
  return 500;
}

/** Errors of a client that went away mid-answer: not a fault of this process. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Koa's 'error' event (raised for errors after the response started, e.g. a file stream to a client
 * that closed the page): a client that went away is ignored, anything else is logged once as a warning.
 */
export function logAppErrors(app: { on(event: 'error', listener: (err: unknown) => void): unknown }, logger: Logger): void {
  app.on('error', (err: unknown) => {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && CLIENT_GONE.has(code)) return;
    logger.warn({ err }, 'error after the response started');
  });
}
