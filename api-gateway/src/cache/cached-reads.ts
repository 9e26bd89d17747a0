import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type Keygrip from 'keygrip';
import { contentType } from 'mime-types';
import { isLiveRead, matchApiRoute } from '../proxy/route-table';
import { SESSION_ABSOLUTE_MS } from '../sessions/lifetime';
import type { KnexSessionStore, SessionData } from '../sessions/session-store';
import { chooseCoding, type ContentCoding } from './compression';
import { codingEtag, matchesEtag, ResponseCache, type CachedResponse } from './response-cache';

/** A path the gateway refuses (400): dot segments and encoded separators a service could resolve to another route. */
export const UNSAFE_API_PATH = /(^|\/)\.{1,2}(\/|$)|%2e|%2f|%5c|\\/i;

/** What a session id and its signature look like when the gateway made them (base64url); anything else goes the long way. */
const COOKIE_VALUE = /^[\w-]{1,128}$/;

export interface CachedReadsOptions {
  cookieName: string;
  /** The keys the session cookie is signed with (app.keys): only a signature by the newest one is taken here. */
  keys: Keygrip;
  /** Fingerprint of the current SESSION_SECRET (sessions/lifetime.ts). */
  keyId: string;
  sessions: KnexSessionStore;
  cache: ResponseCache;
  /** The per-session API rate limit (rejects when it is spent). */
  perSession(sessionKey: string): Promise<void>;
  /** A place in this turn of the event loop, or the promise of one (middleware/turns.ts). */
  place(): Promise<void> | undefined;
  /** The request log line and id (requestLogger of @matchday/server). */
  logRequest(req: IncomingMessage, res: ServerResponse): void;
  /** The request metrics, as the metrics middleware records them. */
  record(method: string, route: string, status: number, seconds: number): void;
  /** The headers every /api answer carries (middleware/security-headers.ts). */
  apiHeaders: Readonly<Record<string, string>>;
}

/**
 * The headers of a football answer from the cache in one coding, and whether the client's copy is current: what the
 * chain (app.ts) and a short read both send. Football reads need a signed-in user: private (no shared cache or CDN
 * keeps them), revalidated by ETag. The ETag is compared here rather than with Koa's ctx.fresh: a client that sends
 * Cache-Control: no-cache (the shell does, and fetch adds it to conditional requests) still gets 304 when its copy is
 * current.
 */
export function cachedAnswerHeaders(
  answer: CachedResponse,
  coding: ContentCoding | null,
  hit: boolean,
  ifNoneMatch: string,
): { headers: Record<string, string>; notModified: boolean } {
  return {
    headers: { 'x-cache': hit ? 'HIT' : 'MISS', etag: codingEtag(answer.etag, coding), 'cache-control': 'private, no-cache' },
    notModified: answer.status === 200 && matchesEtag(ifNoneMatch, answer.etag),
  };
}

/** Reads a cookie's value as the `cookies` package does (the first of that name). */
function cookieReader(name: string): (header: string) => string | undefined {
  const pattern = new RegExp(`(?:^|;) *${name.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&')}=([^;]*)`);
  return (header) => pattern.exec(header)?.[1];
}

/** The Content-Type Koa would send for a type (mime-types' contentType, as Koa's ctx.type), remembered per type. */
function koaContentType(): (type: string) => string {
  const known = new Map<string, string>();
  return (type) => {
    let full = known.get(type);
    if (full === undefined) {
      full = contentType(type) || type;
      if (known.size < 100) known.set(type, full);
    }
    return full;
  };
}

/**
 * The gateway's commonest request, a signed-in read of a football answer it holds, answered without the middleware
 * chain: the same answer, headers, log line, metrics and rate limit as the chain gives it (test: cached-reads.test.ts
 * compares the two), for a fraction of the work. It takes a request only when every rule the chain applies is known to
 * pass without changing anything:
 * - GET of a signed-in (not admin, not public) football route that is not live, without a request body, on a path
 *   the gateway accepts;
 * - a session cookie signed with the current key, for a session read within the last seconds (the session store's
 *   read cache), signed in under the current SESSION_SECRET, within its absolute lifetime, and not yet due for
 *   renewal (the chain would renew it and set a cookie);
 * - an answer in the response cache, and a place in this turn of the event loop.
 * Anything else (a miss, a session to load, renew or end, a spent rate limit, a HEAD, a queue to wait in) goes through
 * the chain, which answers it as it always has. Returns whether the request was taken.
 */
export function cachedReads(options: CachedReadsOptions): (req: IncomingMessage, res: ServerResponse, chain: () => void) => boolean {
  const { cookieName, keys, keyId, sessions, cache } = options;
  const sessionCookie = cookieReader(cookieName);
  const signatureCookie = cookieReader(`${cookieName}.sig`);
  const typeOf = koaContentType();

  const signedInSession = (cookie: string | undefined): { key: string; session: SessionData } | undefined => {
    if (!cookie) return undefined;
    const key = sessionCookie(cookie);
    const signature = signatureCookie(cookie);
    if (!key || !signature || !COOKIE_VALUE.test(key) || !COOKIE_VALUE.test(signature)) return undefined;
    if (keys.index(`${cookieName}=${key}`, signature) !== 0) return undefined;
    const session = sessions.peek(key);
    const now = Date.now();
    const expire = session?._expire;
    const maxAge = session?._maxAge;
    if (typeof expire !== 'number' || typeof maxAge !== 'number' || expire - now < maxAge / 2) return undefined;
    if (!session?.user || session.keyId !== keyId || typeof session.signedInAt !== 'number') return undefined;
    if (now - session.signedInAt > SESSION_ABSOLUTE_MS) return undefined;
    return { key, session };
  };

  const send = (req: IncomingMessage, res: ServerResponse, answer: CachedResponse) => {
    options.logRequest(req, res);
    const coding = chooseCoding(req, answer.encoded);
    const { headers, notModified } = cachedAnswerHeaders(answer, coding, true, req.headers['if-none-match'] ?? '');
    for (const name in options.apiHeaders) res.setHeader(name, options.apiHeaders[name] as string);
    for (const name in headers) res.setHeader(name, headers[name] as string);
    res.setHeader('vary', 'Accept-Encoding');
    if (notModified) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const body = coding ? (answer.encoded[coding] as Buffer) : answer.body;
    res.statusCode = answer.status;
    res.setHeader('content-type', typeOf(answer.contentType));
    if (coding) res.setHeader('content-encoding', coding);
    res.setHeader('content-length', body.length);
    res.end(body);
  };

  /** Once the request has its turn: the per-session limit, then the answer (the chain's, if it was let go meanwhile). */
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    chain: () => void,
    key: string,
    sessionKey: string,
    route: string,
    started: number,
  ) => {
    const cached = cache.peekHit(key);
    // gone while it waited for its turn (a clear, its time up): the chain loads it
    if (!cached) return chain();
    options
      .perSession(sessionKey)
      .then(
        () => {
          send(req, res, cached);
          options.record('GET', route, res.statusCode, (performance.now() - started) / 1000);
        },
        // a spent limit (or a limiter that failed): the chain counts again and answers as it does
        () => chain(),
      )
      .catch(() => res.destroy());
  };

  return (req, res, chain) => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !url.startsWith('/api/')) return false;
    const { headers } = req;
    const length = headers['content-length'];
    if ((length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined) return false;
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : url.slice(queryAt + 1);
    if (UNSAFE_API_PATH.test(path)) return false;
    const route = matchApiRoute(path);
    if (!route || route.service !== 'football' || route.access !== 'user') return false;
    if (route.freshness !== 'cached' && isLiveRead(route, querystring.parse(search))) return false;
    const signedIn = signedInSession(headers.cookie);
    if (!signedIn) return false;
    const key = ResponseCache.key(path, search);
    if (!cache.has(key)) return false;
    const started = performance.now();
    const turn = options.place();
    if (turn) void turn.then(() => answer(req, res, chain, key, signedIn.key, route.prefix, started));
    else answer(req, res, chain, key, signedIn.key, route.prefix, started);
    return true;
  };
}
