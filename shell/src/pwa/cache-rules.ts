/**
 * What the service worker caches and how (shared by the worker and the page, and unit-tested).
 * Matchers are functions, not RegExp routes: Workbox matches a RegExp against a cross-origin URL only
 * from its start, and remotes may live on a CDN (absolute URLs in /mf-manifest.json).
 */
import { API_PREFIXES } from '@matchday/contracts';

export const CACHE_NAMES = {
  /**
   * Last replies of the public football reads, so the fixtures last seen open offline. Never a personal reply;
   * emptied whenever the signed-in user may have changed (sign-in, sign-out, deletion, a 401, another user id).
   */
  api: 'matchday-api',
  /** /mf-manifest.json and each remote's remoteEntry.js: network-first, cache when offline. */
  remoteEntries: 'matchday-remote-entries',
  /** Content-hashed chunks (remotes' and the shell's lazy ones not precached): cache-first. */
  chunks: 'matchday-chunks',
  /** The worker's own notes that must outlive it (the id of the last user seen): one tiny entry. */
  state: 'matchday-worker-state',
} as const;

/** The key (in CACHE_NAMES.state) of the id of the user whose session the API cache was filled in. */
export const LAST_USER_KEY = '/__matchday/last-user-id';

/** The current user's read: never cached; its reply tells the worker who is signed in. */
export const AUTH_USER_PATH = `${API_PREFIXES.accounts.auth}/user`;

/** How long a read or a page waits for the network before the saved copy is used (when there is one). */
export const NETWORK_TIMEOUT_SECONDS = 3;

const HASHED_FILE = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpg|webp)$/;

/** A content-hashed file: its URL never changes content, so the cache answers first. */
export function isHashedAsset(url: URL): boolean {
  return HASHED_FILE.test(url.pathname);
}

/** The remote map and the remote entries: they name the live versions, so the network answers first. */
export function isRemoteEntryOrManifest(url: URL): boolean {
  return url.pathname === '/mf-manifest.json' || /\/remoteEntry\.js$/.test(url.pathname) || /\/mf-[^/]*\.json$/.test(url.pathname);
}

/** Whether `pathname` is `prefix` or below it (a prefix covers itself and anything below it: /api/fixture is not /api/fixtures). */
function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Live data (GET /api/live, the /api/live/stream event stream) is never stored and never passes through the
 * worker at all: a stream held by the worker would be buffered, and a stale live score is worse than none.
 */
const LIVE_PREFIX = API_PREFIXES.football.live;

/** Whether the worker leaves this request to the browser entirely (no route matches it). */
export function isLive(url: URL): boolean {
  return isUnder(url.pathname, LIVE_PREFIX);
}

const PUBLIC_READ_PREFIXES: readonly string[] = Object.values(API_PREFIXES.football).filter((prefix) => prefix !== LIVE_PREFIX);

/**
 * A read whose last reply is kept for offline use: an allowlist, the same-origin public football reads
 * (API_PREFIXES.football) and nothing else. Anything per user (auth, user, referral, admin) and the insights
 * (tips, Dream11) are never stored.
 */
export function isCachedApiRead(url: URL, origin: string): boolean {
  return url.origin === origin && PUBLIC_READ_PREFIXES.some((prefix) => isUnder(url.pathname, prefix));
}

/** A same-origin /api/ call the worker passes to the network without storing it (it only watches the reply). */
export function isUncachedApiCall(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/api/') && !isLive(url) && !isCachedApiRead(url, origin);
}

/** The current user's read (GET /api/auth/user): network only, its user id compared with the last one seen. */
export function isAuthUserRead(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname === AUTH_USER_PATH;
}

/** The cache key of a read: the URL without the `_cb` cache-buster every read carries (spec §7). */
export function apiCacheKey(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('_cb');
  url.searchParams.sort();
  return url.href;
}

/** Whether a Cache-Control header value has the no-store directive. */
export function forbidsStoring(cacheControl: string | null | undefined): boolean {
  return (cacheControl ?? '').split(',').some((directive) => directive.trim().split('=')[0]!.toLowerCase() === 'no-store');
}

/**
 * Only a signed-in, successful reply is kept: never a 401 (signed out), an error, a redirect, or a reply
 * the server sent with `Cache-Control: no-store`.
 */
export function isCacheableApiReply(response: { status: number; type?: string; headers?: { get(name: string): string | null } }): boolean {
  return response.status === 200 && response.type !== 'opaqueredirect' && !forbidsStoring(response.headers?.get('cache-control'));
}

/** A reply saying the user is signed out: the saved replies of the previous user are dropped. */
export function meansSignedOut(response: { status: number }): boolean {
  return response.status === 401;
}

/**
 * Whether the signed-in user (named by /api/auth/user's reply) is not the one the API cache was filled for:
 * a different id, or none known (the worker never saw one, or its cache was emptied since).
 */
export function userChanged(lastSeenId: string | null, currentId: unknown): boolean {
  return lastSeenId === null || lastSeenId !== String(currentId);
}

/**
 * A request that changes (or may change) who is signed in, so the API cache is emptied: a sign-in completing
 * (the navigation to /auth/callback), signing out (POST /auth/logout from the menu's form; GET from an old
 * link or bookmark) and deleting the account (DELETE /api/auth/delete-account).
 */
export function clearsApiCache(url: URL, method: string, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (method === 'GET' && (url.pathname === '/auth/callback' || url.pathname === '/auth/logout')) return true;
  if (method === 'POST' && url.pathname === '/auth/logout') return true;
  return method === 'DELETE' && url.pathname === `${API_PREFIXES.accounts.auth}/delete-account`;
}

/** A page navigation the shell's index.html answers (not the sign-in flow, the API or a file). */
export function isAppNavigation(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  return !/^\/(?:api|auth|connect)\//.test(url.pathname) && !/\.[a-z0-9]+$/i.test(url.pathname);
}
