/**
 * What the service worker caches and how (shared by the worker and the page, and unit-tested).
 * Matchers are functions, not RegExp routes: Workbox matches a RegExp against a cross-origin URL only
 * from its start, and remotes may live on a CDN (absolute URLs in /mf-manifest.json).
 */

export const CACHE_NAMES = {
  /** Last replies of /api/ reads, so the fixtures last seen open offline. Cleared on sign-out, deletion, 401. */
  api: 'matchday-api',
  /** /mf-manifest.json and each remote's remoteEntry.js: network-first, cache when offline. */
  remoteEntries: 'matchday-remote-entries',
  /** Content-hashed chunks (remotes' and the shell's lazy ones not precached): cache-first. */
  chunks: 'matchday-chunks',
} as const;

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

/** A read whose last reply is kept for offline use: same-origin /api/ except the admin's calls. */
export function isCachedApiRead(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/admin/');
}

/** The cache key of a read: the URL without the `_cb` cache-buster every read carries (spec §7). */
export function apiCacheKey(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('_cb');
  url.searchParams.sort();
  return url.href;
}

/** Only a signed-in, successful reply is kept: never a 401 (signed out), an error or a redirect. */
export function isCacheableApiReply(response: { status: number; type?: string }): boolean {
  return response.status === 200 && response.type !== 'opaqueredirect';
}

/** A reply saying the user is signed out: the saved replies of the previous user are dropped. */
export function meansSignedOut(response: { status: number }): boolean {
  return response.status === 401;
}

/** Signing out (GET /auth/logout navigation) or deleting the account clears the API cache. */
export function clearsApiCache(url: URL, method: string, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (method === 'GET' && url.pathname === '/auth/logout') return true;
  return method === 'DELETE' && url.pathname === '/api/auth/delete-account';
}

/** A page navigation the shell's index.html answers (not the sign-in flow, the API or a file). */
export function isAppNavigation(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  return !/^\/(?:api|auth|connect)\//.test(url.pathname) && !/\.[a-z0-9]+$/i.test(url.pathname);
}
