import type Koa from 'koa';
import type { BufferedAnswer } from '../proxy/proxy';
import { chooseCoding } from './compression';
import { matchesEtag, ResponseCache, type LoadedAnswer } from './response-cache';

/** The service's headers a copy of a public answer carries again. */
const REPLAYED_HEADERS = ['cache-control', 'content-disposition', 'last-modified'] as const;

/** Whether a service's Cache-Control lets a cache shared by every caller keep its answer. */
export function sharedCacheMayKeep(cacheControl: string): boolean {
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim().split('=')[0]);
  return directives.includes('public') && !directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache');
}

/** A service's answer as the shared cache keeps it: its own ETag and headers, kept only when it says it is public. */
export function publicAnswer(answer: BufferedAnswer): LoadedAnswer {
  const service = answer.serviceHeaders ?? {};
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = service[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    status: answer.status,
    contentType: answer.contentType,
    body: answer.body,
    ...(typeof service.etag === 'string' ? { etag: service.etag } : {}),
    headers,
    keep: sharedCacheMayKeep(headers['cache-control'] ?? ''),
  };
}

/**
 * Answers a GET of a public route (calendar feeds: no session, the same bytes for everyone) from the cache every
 * caller shares, so that a crowd asking for one feed costs the service one read per TTL and the gateway no
 * per-request compression. The service is always asked for the full answer (the caller's conditional headers are
 * left out of that request) and the caller's If-None-Match is answered here against the service's own ETag, which
 * goes out unchanged with every coding, with its Cache-Control and Content-Disposition. An answer the service
 * marks private or no-store (a personal feed) is handed to the callers waiting for it and never kept.
 */
export async function sendPublicAnswer(ctx: Koa.Context, cache: ResponseCache, load: () => Promise<BufferedAnswer>): Promise<void> {
  const ifNoneMatch = ctx.get('if-none-match');
  delete ctx.req.headers['if-none-match'];
  delete ctx.req.headers['if-modified-since'];
  const answer = await cache.getOrLoad(`public ${ResponseCache.key(ctx.path, ctx.querystring)}`, async () => publicAnswer(await load()));
  ctx.set('x-cache', answer.hit ? 'HIT' : 'MISS');
  for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value);
  ctx.vary('Accept-Encoding');
  if (answer.status === 200) {
    ctx.set('etag', answer.etag);
    if (matchesEtag(ifNoneMatch, answer.etag)) {
      ctx.status = 304;
      return;
    }
  }
  const coding = chooseCoding(ctx.req, answer.encoded);
  ctx.status = answer.status;
  ctx.type = answer.contentType;
  if (coding) ctx.set('content-encoding', coding);
  ctx.body = coding ? answer.encoded[coding] : answer.body;
}
