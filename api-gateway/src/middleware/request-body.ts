import type { IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type Koa from 'koa';
import getRawBody from 'raw-body';
import { isApiWrite } from '@matchday/contracts';
import { badRequest, HttpError, MAX_JSON_BODY_BYTES, payloadTooLarge } from '@matchday/server';

/** The whole body of a request must arrive within this time, or the request gets 408. */
export const BODY_DEADLINE_MS = 5000;

/** After a refusal, the rest of a body is read and dropped for at most this long or this much, then the connection is cut. */
const DRAIN_MS = 5000;
const DRAIN_BYTES = 8 * 1024 * 1024;

const READS = new Set(['GET', 'HEAD']);
const bodies = new WeakMap<IncomingMessage, Buffer>();

/** The body the gateway read for this request (empty when there was none): the proxy sends it on whole. */
export function bodyOf(req: IncomingMessage): Buffer | undefined {
  return bodies.get(req);
}

/** The read body as JSON (`undefined` when empty); 400 when it is not JSON. For the gateway's own endpoints. */
export function jsonBody(ctx: Koa.Context): unknown {
  const body = bodies.get(ctx.req);
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw badRequest('Invalid JSON body');
  }
}

/** The read body as grant-koa expects `ctx.request.body`: a form or JSON object, else empty. */
function formOrJson(ctx: Koa.Context): Record<string, unknown> {
  if (ctx.is('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(bodies.get(ctx.req)?.toString('utf8') ?? ''));
  }
  const json = ctx.is('json') ? jsonBody(ctx) : undefined;
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}

/**
 * Once the answer is sent, whatever is left of a refused body is read and dropped (bounded by DRAIN_MS and
 * DRAIN_BYTES), so the client reads the answer instead of a reset; past the bound the connection is cut.
 */
function drainAfterAnswer(ctx: Koa.Context): void {
  const req = ctx.req;
  if (req.complete) return;
  ctx.res.once('finish', () => {
    if (req.complete) return;
    let bytes = 0;
    const cut = () => req.socket.destroy();
    const timer = setTimeout(cut, DRAIN_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_BYTES) cut();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    req.resume();
  });
}

/** Reads the body whole, at most maxBytes and within deadlineMs; 408 past the deadline. */
async function readWithin(ctx: Koa.Context, length: number | undefined, maxBytes: number, deadlineMs: number): Promise<Buffer> {
  const abort = new AbortController();
  const reading = getRawBody(ctx.req, { limit: maxBytes, ...(length === undefined ? {} : { length }) });
  const late = delay(deadlineMs, undefined, { signal: abort.signal }).then(() => {
    throw new HttpError(408, `The request body did not arrive within ${deadlineMs / 1000} s`);
  });
  late.catch(() => undefined);
  reading.catch(() => undefined);
  try {
    return await Promise.race([reading, late]);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') throw payloadTooLarge(`Request body too large: at most ${maxBytes / 1024} KB`);
    if (type === 'request.aborted') throw new HttpError(499, 'Client closed request');
    throw badRequest('The request body does not match its Content-Length');
  } finally {
    abort.abort();
  }
}

export interface RequestBodyOptions {
  maxBytes?: number;
  deadlineMs?: number;
}

/**
 * The gateway reads every body of /api, /auth and /connect itself, before a session lookup, a queue place or a
 * service is spent on it:
 * - a Content-Encoding (browsers never compress requests) is 415;
 * - under /api, a method the path does not take (contracts API_WRITES) is 405, before a byte is read, and a body
 *   that is not JSON (Content-Type) is 415;
 * - a declared length over the services' limit is 413, a body of unknown length (chunked) 411;
 * - a body that has not arrived whole within the deadline is 408 (a slow client is not a failing service:
 *   it never reaches the proxy, so it never counts against a service's circuit breaker).
 * The body read is kept for the proxy (bodyOf), which sends it to the service in one piece.
 */
export function requestBodies(options: RequestBodyOptions = {}): Koa.Middleware {
  const maxBytes = options.maxBytes ?? MAX_JSON_BODY_BYTES;
  const deadlineMs = options.deadlineMs ?? BODY_DEADLINE_MS;
  return async (ctx, next) => {
    const api = ctx.path.startsWith('/api/');
    if (!api && !ctx.path.startsWith('/auth/') && !ctx.path.startsWith('/connect/')) return next();
    const length = ctx.get('content-length');
    const hasBody = (length !== '' && length !== '0') || ctx.get('transfer-encoding') !== '';
    try {
      const encoding = ctx.get('content-encoding').trim().toLowerCase();
      if (hasBody && encoding !== '' && encoding !== 'identity') {
        throw new HttpError(415, 'Compressed request bodies are not accepted: send the body without Content-Encoding');
      }
      if (api && !READS.has(ctx.method) && !isApiWrite(ctx.method, ctx.path)) {
        throw new HttpError(405, `${ctx.method} is not allowed on ${ctx.path}`, undefined, { allow: 'GET, HEAD' });
      }
      // every API write takes JSON: a form or text body would otherwise reach the service unread ("is required")
      if (api && hasBody && !ctx.is('json')) throw new HttpError(415, 'Request bodies must be JSON: send Content-Type: application/json');
      if (length === '' && ctx.get('transfer-encoding')) throw new HttpError(411, 'A request body needs a Content-Length header');
      if (length !== '' && !(Number(length) <= maxBytes)) {
        throw payloadTooLarge(`Request body too large: at most ${maxBytes / 1024} KB`);
      }
      const body = hasBody ? await readWithin(ctx, Number(length), maxBytes, deadlineMs) : Buffer.alloc(0);
      bodies.set(ctx.req, body);
    } catch (error) {
      drainAfterAnswer(ctx);
      throw error;
    }
    // grant-koa reads ctx.request.body (the body parser it was given before is gone: the stream is read here)
    if (!api) (ctx.request as unknown as { body: unknown }).body = formOrJson(ctx);
    await next();
  };
}
