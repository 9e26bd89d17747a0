/**
 * The Matchday service worker (compiled by Workbox's InjectManifest into /sw.js by the shell build).
 * - Precache: the shell (index.html, its chunks, the web app manifest and icons).
 * - Pages: network first (3 s), else the precached index.html, so the app opens offline.
 * - /mf-manifest.json and remote entries: network first, the cached copy when offline.
 * - Content-hashed chunks (remotes and lazy shell chunks): cache first.
 * - GET /api/ (not admin): network first with a 3 s timeout, keyed without `_cb`; only 200 replies are
 *   kept; a 401, signing out or deleting the account empties the API cache.
 * A new version waits until the page asks it to take over (the footer's update flow).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import {
  apiCacheKey,
  CACHE_NAMES,
  clearsApiCache,
  isAppNavigation,
  isCacheableApiReply,
  isCachedApiRead,
  isHashedAsset,
  isRemoteEntryOrManifest,
  meansSignedOut,
  NETWORK_TIMEOUT_SECONDS,
} from './cache-rules';

/** The parts of ServiceWorkerGlobalScope used here (the project's TypeScript lib is DOM, not WebWorker). */
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown; waitUntil(promise: Promise<unknown>): void }) => void): void;
}
declare const self: WorkerScope;

const ORIGIN = self.location.origin;
const clearApiCache = () => caches.delete(CACHE_NAMES.api);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once, so remotes and reads get cached on the first visit.
clientsClaim();

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
  if (type === 'CLEAR_API_CACHE') event.waitUntil(clearApiCache());
});

// Signing out and deleting the account: empty the API cache, then let the request through.
registerRoute(
  ({ url, request }) => clearsApiCache(url, request.method, ORIGIN),
  async ({ request }) => {
    await clearApiCache();
    return fetch(request);
  },
  'GET',
);
registerRoute(
  ({ url, request }) => clearsApiCache(url, request.method, ORIGIN),
  async ({ request }) => {
    const response = await fetch(request);
    if (response.ok) await clearApiCache();
    return response;
  },
  'DELETE',
);

function timeout(seconds: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error('network timeout')), seconds * 1000));
}

// Pages: the network's index.html (fresh CSP hashes and build), else the precached one.
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && isAppNavigation(url, ORIGIN),
  async ({ request }) => {
    try {
      return await Promise.race([fetch(request), timeout(NETWORK_TIMEOUT_SECONDS)]);
    } catch (error) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw error;
    }
  },
);

registerRoute(
  ({ url }) => isRemoteEntryOrManifest(url),
  new NetworkFirst({
    cacheName: CACHE_NAMES.remoteEntries,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 40 })],
  }),
);

registerRoute(
  ({ url }) => isHashedAsset(url),
  new CacheFirst({
    cacheName: CACHE_NAMES.chunks,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url }) => isCachedApiRead(url, ORIGIN),
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => apiCacheKey(request.url) },
      { cacheWillUpdate: async ({ response }) => (isCacheableApiReply(response) ? response : null) },
      {
        fetchDidSucceed: async ({ response }) => {
          if (meansSignedOut(response)) await clearApiCache();
          return response;
        },
      },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
