/**
 * The Matchday service worker (compiled by Workbox's InjectManifest into /sw.js by the shell build).
 * - Precache: the shell (index.html, its chunks, the web app manifest and icons).
 * - Pages: network first (3 s), else the precached index.html, so the app opens offline.
 * - /mf-manifest.json and remote entries: network first, the cached copy when offline.
 * - Content-hashed chunks (remotes and lazy shell chunks): cache first.
 * - The public football reads (API_PREFIXES.football) only: network first with a 3 s timeout, keyed without
 *   `_cb`; only 200 replies without `Cache-Control: no-store` are kept. Every other /api/ read (auth, user,
 *   referral, admin, tips, Dream11) goes to the network and is never stored.
 * - The API cache is emptied whenever the signed-in user may change: a sign-in completing (/auth/callback),
 *   signing out (POST or GET /auth/logout), deleting the account, a 401, and a /api/auth/user reply naming
 *   another user than the last one seen (its id is kept in a cache of its own, so it outlives the worker).
 * - Push alerts: every push shows a notification (push-alert.ts), a generic one when the payload
 *   cannot be read, since Safari revokes the permission of a site whose push shows nothing; a tap focuses
 *   the app on the alert's page, or opens it. When the browser renews or drops the device's subscription
 *   (pushsubscriptionchange: expiry, a rotated push service key), the worker subscribes again with the same
 *   server key and tells the server the new endpoint, so alerts keep coming without a visit to Settings.
 * A new version waits until the page asks it to take over (the footer's update flow).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { PUSH_SUBSCRIPTIONS_URL, subscriptionRequest } from '@matchday/contracts';
import {
  apiCacheKey,
  CACHE_NAMES,
  clearsApiCache,
  isAppNavigation,
  isAuthUserRead,
  isCacheableApiReply,
  isCachedApiRead,
  isHashedAsset,
  isRemoteEntryOrManifest,
  isUncachedApiCall,
  LAST_USER_KEY,
  meansSignedOut,
  NETWORK_TIMEOUT_SECONDS,
  userChanged,
} from './cache-rules';
import { alertNotification, clickPlan, fallbackNotification, type AlertNotificationOptions } from './push-alert';

interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}

/** A window of this origin (WindowClient). */
interface WindowClientLike {
  url: string;
  focused: boolean;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}

/** The parts of ServiceWorkerGlobalScope used here (the project's TypeScript lib is DOM, not WebWorker). */
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  registration: {
    showNotification(title: string, options: AlertNotificationOptions): Promise<void>;
    pushManager: {
      getSubscription(): Promise<DeviceSubscription | null>;
      subscribe(options: { userVisibleOnly: boolean; applicationServerKey: BufferSource | null }): Promise<DeviceSubscription>;
    };
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: ExtendableEvent & { data: unknown }) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: ExtendableEvent & { request: Request }) => void): void;
  addEventListener(type: 'push', listener: (event: ExtendableEvent & { data: { text(): string } | null }) => void): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (
      event: ExtendableEvent & { oldSubscription?: DeviceSubscription | null; newSubscription?: DeviceSubscription | null },
    ) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEvent & { notification: { data: unknown; close(): void } }) => void,
  ): void;
}
/** The part of a PushSubscription the renewal reads. */
interface DeviceSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };
}
declare const self: WorkerScope;

const ORIGIN = self.location.origin;

/** Empties the API cache and forgets whose it was (the next /api/auth/user reply names the user anew). */
const clearApiCache = () => Promise.all([caches.delete(CACHE_NAMES.api), caches.delete(CACHE_NAMES.state)]);

async function lastUserId(): Promise<string | null> {
  if (!(await caches.has(CACHE_NAMES.state))) return null;
  const saved = await (await caches.open(CACHE_NAMES.state)).match(LAST_USER_KEY);
  return saved ? saved.text() : null;
}

async function rememberUserId(id: string): Promise<void> {
  await (await caches.open(CACHE_NAMES.state)).put(LAST_USER_KEY, new Response(id, { headers: { 'content-type': 'text/plain' } }));
}

/** A 200 from /api/auth/user: when it names another user than the last one seen, the API cache is emptied first. */
async function noteSignedInUser(response: Response): Promise<void> {
  let id: unknown;
  try {
    id = ((await response.clone().json()) as { id?: unknown } | null)?.id;
  } catch {
    return;
  }
  if (typeof id !== 'number' && typeof id !== 'string') return;
  if (!userChanged(await lastUserId(), id)) return;
  await clearApiCache();
  await rememberUserId(String(id));
}

/** A worker that replaces an older one drops what that one may have stored outside today's allowlist. */
async function dropUnlistedApiReplies(): Promise<void> {
  if (!(await caches.has(CACHE_NAMES.api))) return;
  const cache = await caches.open(CACHE_NAMES.api);
  for (const request of await cache.keys()) {
    if (!isCachedApiRead(new URL(request.url), ORIGIN)) await cache.delete(request);
  }
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once, so remotes and reads get cached on the first visit.
clientsClaim();

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
  if (type === 'CLEAR_API_CACHE') event.waitUntil(clearApiCache());
});

self.addEventListener('activate', (event) => event.waitUntil(dropUnlistedApiReplies()));

/** Shows the alert a push carries; when the browser refuses its options, the generic notification instead. */
async function showAlert(data: { text(): string } | null): Promise<void> {
  let payload: string | null = null;
  try {
    payload = data ? data.text() : null;
  } catch {
    payload = null;
  }
  const { title, options } = alertNotification(payload, ORIGIN);
  try {
    await self.registration.showNotification(title, options);
  } catch {
    const fallback = fallbackNotification();
    await self.registration.showNotification(fallback.title, fallback.options);
  }
}

/** A tap: the app's window already on that page, else an app window navigated there, else a new window. */
async function openAlert(data: unknown): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const plan = clickPlan(data, windows, ORIGIN);
  const client = plan.action === 'open' ? undefined : windows[plan.index];
  if (plan.action === 'focus' && client) {
    await client.focus();
    return;
  }
  if (plan.action === 'navigate' && client) {
    try {
      // focus first, while the tap still allows it; navigate() refuses a window this worker does not control
      await (await client.focus()).navigate(plan.url);
      return;
    } catch {
      // fall through to a new window
    }
  }
  await self.clients.openWindow(plan.url);
}

/** A same-origin write as the pages send it (the session cookie; the header the gateway's CSRF check asks of scripts). */
async function sendToServer(method: 'POST' | 'DELETE', body: unknown): Promise<void> {
  const response = await fetch(PUSH_SUBSCRIPTIONS_URL, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`${method} ${PUSH_SUBSCRIPTIONS_URL}: ${response.status}`);
}

/**
 * The device's subscription was renewed or dropped by the browser: the new one (given, already made, or made now
 * with the old one's server key) is saved for the signed-in user and the old endpoint forgotten. Signed out (401)
 * or without a key to subscribe with, nothing is saved: Settings shows alerts off on this device, and the server
 * drops the old endpoint at the push service's next refusal.
 */
async function renewSubscription(old: DeviceSubscription | null, given: DeviceSubscription | null): Promise<void> {
  const key = old?.options.applicationServerKey ?? null;
  const next =
    given ??
    (await self.registration.pushManager.getSubscription()) ??
    (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  if (next) await sendToServer('POST', subscriptionRequest(next.toJSON()));
  if (old && old.endpoint !== next?.endpoint) await sendToServer('DELETE', { endpoint: old.endpoint });
}

self.addEventListener('push', (event) => event.waitUntil(showAlert(event.data)));

self.addEventListener('pushsubscriptionchange', (event) =>
  event.waitUntil(
    renewSubscription(event.oldSubscription ?? null, event.newSubscription ?? null).catch((error: unknown) =>
      console.warn('Could not renew the push subscription', error),
    ),
  ),
);

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openAlert(event.notification.data));
});

// A sign-in completing and signing out (POST from the menu's form, GET from an old link) are navigations: the
// API cache is emptied beside them, and the browser sends them itself (no respondWith: the form's body, its
// cookies and redirects stay the browser's own). The first /api/auth/user of the next page checks the user again.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode === 'navigate' && clearsApiCache(new URL(request.url), request.method, ORIGIN)) event.waitUntil(clearApiCache());
});

// Deleting the account: once it is done, the API cache is emptied before the page hears so.
registerRoute(
  ({ url, request }) => clearsApiCache(url, request.method, ORIGIN),
  async ({ request }) => {
    const response = await fetch(request);
    if (response.ok) await clearApiCache();
    return response;
  },
  'DELETE',
);

// Every other /api/ read (auth, user, referral, admin, tips, Dream11): network only, never stored. A 401
// empties the API cache; a /api/auth/user reply naming another user than the last one seen too (before the
// page has it, so the new user's first screen never reads the previous user's replies).
registerRoute(
  ({ url }) => isUncachedApiCall(url, ORIGIN),
  async ({ url, request }) => {
    const response = await fetch(request);
    if (meansSignedOut(response)) await clearApiCache();
    else if (response.status === 200 && isAuthUserRead(url, ORIGIN)) await noteSignedInUser(response);
    return response;
  },
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
