import type Koa from 'koa';
import { HttpError, MAX_JSON_BODY_BYTES, payloadTooLarge } from '@matchday/server';

/**
 * The gateway caps /api bodies itself, before a session lookup or a queue place is spent on them:
 * a declared length over the services' limit is 413, and a body of unknown length (chunked) is 411.
 */
export function apiBodyLimit(maxBytes = MAX_JSON_BODY_BYTES): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    const length = ctx.get('content-length');
    if (length === '' && ctx.get('transfer-encoding')) throw new HttpError(411, 'A request body needs a Content-Length header');
    if (length !== '' && !(Number(length) <= maxBytes)) {
      ctx.set('connection', 'close');
      throw payloadTooLarge(`Request body too large: at most ${maxBytes / 1024} KB`);
    }
    await next();
  };
}
