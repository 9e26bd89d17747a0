/**
 * The worker's push and notificationclick handlers, run on a fake ServiceWorkerGlobalScope (Workbox is
 * replaced: only the handlers registered with addEventListener are exercised here).
 */
import { FALLBACK_BODY, FALLBACK_TITLE, NOTIFICATION_ICON } from '../src/pwa/push-alert';

jest.mock('workbox-precaching', () => ({ precacheAndRoute: jest.fn(), cleanupOutdatedCaches: jest.fn(), matchPrecache: jest.fn() }));
jest.mock('workbox-routing', () => ({ registerRoute: jest.fn() }));
jest.mock('workbox-strategies', () => ({ CacheFirst: jest.fn(), NetworkFirst: jest.fn() }));
jest.mock('workbox-expiration', () => ({ ExpirationPlugin: jest.fn() }));
jest.mock('workbox-cacheable-response', () => ({ CacheableResponsePlugin: jest.fn() }));
jest.mock('workbox-core', () => ({ clientsClaim: jest.fn() }));

const ORIGIN = 'https://matchday.example';

interface FakeWindow {
  url: string;
  focused: boolean;
  focus: jest.Mock;
  navigate: jest.Mock;
}

const listeners = new Map<string, (event: Record<string, unknown>) => void>();
const showNotification = jest.fn<Promise<void>, [string, Record<string, unknown>]>();
let windows: FakeWindow[] = [];
const openWindow = jest.fn(async (_url: string) => null);

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}
const fakeSubscription = (endpoint: string, key: ArrayBuffer | null = new Uint8Array([4, 1, 2]).buffer): FakeSubscription => ({
  endpoint,
  options: { applicationServerKey: key },
  toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `p256dh-of-${endpoint}`, auth: 'auth' } }),
});
let currentSubscription: FakeSubscription | null = null;
const subscribe = jest.fn(async (_options: { userVisibleOnly: boolean; applicationServerKey: BufferSource | null }) =>
  fakeSubscription('https://push.example/renewed'),
);
/** The worker's writes to the server: method, path and JSON body. */
const sent: Array<{ method: string; path: string; body: unknown }> = [];
let serverStatus = 201;

function fakeWindow(url: string, options: { focused?: boolean; controlled?: boolean } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focused: options.focused ?? false,
    focus: jest.fn(async () => client),
    navigate: jest.fn(async (to: string) => {
      if (options.controlled === false) throw new TypeError('not controlled by this worker');
      client.url = to;
      return client;
    }),
  };
  return client;
}

/** Dispatches an event to the worker; resolves when what it passed to waitUntil settles (how many calls). */
async function dispatch(type: string, event: Record<string, unknown>): Promise<number> {
  const waits: Array<Promise<unknown>> = [];
  const listener = listeners.get(type);
  if (!listener) throw new Error(`no ${type} listener`);
  listener({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
  await Promise.all(waits);
  return waits.length;
}

const pushData = (text: string | null) => (text === null ? null : { text: () => text });

beforeAll(async () => {
  (globalThis as Record<string, unknown>).self = {
    __WB_MANIFEST: [],
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification, pushManager: { getSubscription: async () => currentSubscription, subscribe } },
    clients: { matchAll: async () => windows, openWindow },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, listener: (event: Record<string, unknown>) => void) => listeners.set(type, listener),
  };
  await import('../src/pwa/sw');
});

afterAll(() => {
  delete (globalThis as Record<string, unknown>).self;
});

beforeEach(() => {
  currentSubscription = null;
  subscribe.mockClear();
  sent.length = 0;
  serverStatus = 201;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', path: String(input), body: JSON.parse(String(init?.body)) });
    return new Response(null, { status: serverStatus });
  }) as typeof fetch;
  showNotification.mockReset().mockResolvedValue(undefined);
  openWindow.mockClear();
  windows = [];
});

describe('push', () => {
  it('shows the alert inside waitUntil', async () => {
    const alert = {
      kind: 'goal',
      title: 'GOAL!',
      body: "Saka 23'",
      tag: 'goal-1',
      url: '/fixtures/1',
      fixtureId: 1,
      at: '2026-11-25T15:23:00Z',
    };
    expect(await dispatch('push', { data: pushData(JSON.stringify(alert)) })).toBe(1);
    expect(showNotification).toHaveBeenCalledTimes(1);
    expect(showNotification.mock.calls[0]).toEqual([
      'GOAL!',
      expect.objectContaining({ body: "Saka 23'", tag: 'goal-1', renotify: true, icon: NOTIFICATION_ICON, data: { url: '/fixtures/1' } }),
    ]);
  });

  it('shows the generic notification for a push without a payload or with garbage', async () => {
    for (const data of [
      pushData(null),
      pushData('not json'),
      {
        text: () => {
          throw new Error('unreadable');
        },
      },
    ]) {
      showNotification.mockClear();
      expect(await dispatch('push', { data })).toBe(1);
      expect(showNotification.mock.calls).toEqual([[FALLBACK_TITLE, expect.objectContaining({ body: FALLBACK_BODY })]]);
    }
  });

  it('falls back to the generic notification when the browser refuses the options', async () => {
    showNotification.mockRejectedValueOnce(new TypeError('bad option')).mockResolvedValue(undefined);
    await dispatch('push', { data: pushData(JSON.stringify({ title: 'GOAL!', tag: 'goal-1', kind: 'goal' })) });
    expect(showNotification.mock.calls.map(([title]) => title)).toEqual(['GOAL!', FALLBACK_TITLE]);
  });
});

describe('pushsubscriptionchange', () => {
  const keysOf = (endpoint: string) => ({ p256dh: `p256dh-of-${endpoint}`, auth: 'auth' });

  it("subscribes again with the old subscription's server key, saves the new endpoint and forgets the old one", async () => {
    const old = fakeSubscription('https://push.example/old');
    expect(await dispatch('pushsubscriptionchange', { oldSubscription: old })).toBe(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: old.options.applicationServerKey });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/push/subscriptions',
        body: { endpoint: 'https://push.example/renewed', expirationTime: null, keys: keysOf('https://push.example/renewed') },
      },
      { method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: 'https://push.example/old' } },
    ]);
  });

  it('saves a subscription the browser already renewed (given, or found) without subscribing again', async () => {
    await dispatch('pushsubscriptionchange', { oldSubscription: null, newSubscription: fakeSubscription('https://push.example/given') });
    currentSubscription = fakeSubscription('https://push.example/found');
    await dispatch('pushsubscriptionchange', {});
    expect(subscribe).not.toHaveBeenCalled();
    expect(sent.map(({ method, body }) => [method, (body as { endpoint: string }).endpoint])).toEqual([
      ['POST', 'https://push.example/given'],
      ['POST', 'https://push.example/found'],
    ]);
  });

  it('signed out, nothing is forgotten in the dark: the save is refused and the old endpoint kept for the server to drop', async () => {
    serverStatus = 401;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await dispatch('pushsubscriptionchange', { oldSubscription: fakeSubscription('https://push.example/old') })).toBe(1);
    expect(sent.map(({ method }) => method)).toEqual(['POST']);
    expect(warn).toHaveBeenCalledWith('Could not renew the push subscription', expect.any(Error));
    warn.mockRestore();
  });

  it('with no subscription and no key to make one, nothing is sent', async () => {
    await dispatch('pushsubscriptionchange', {});
    expect(subscribe).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});

describe('notificationclick', () => {
  const click = (url: unknown) => {
    const close = jest.fn();
    return { close, done: dispatch('notificationclick', { notification: { data: { url }, close } }) };
  };

  it('closes the notification and focuses a window already on the page', async () => {
    const home = fakeWindow(`${ORIGIN}/`, { focused: true });
    const fixture = fakeWindow(`${ORIGIN}/fixtures/1`);
    windows = [home, fixture];
    const { close, done } = click('/fixtures/1');
    expect(await done).toBe(1);
    expect(close).toHaveBeenCalled();
    expect(fixture.focus).toHaveBeenCalled();
    expect(home.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it("focuses the app's window and navigates it to the alert's page", async () => {
    const home = fakeWindow(`${ORIGIN}/`);
    windows = [home];
    await click('/fixtures/1').done;
    expect(home.focus).toHaveBeenCalled();
    expect(home.navigate).toHaveBeenCalledWith(`${ORIGIN}/fixtures/1`);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when the open one cannot be navigated, or there is none', async () => {
    windows = [fakeWindow(`${ORIGIN}/`, { controlled: false })];
    await click('/fixtures/1').done;
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/fixtures/1`);
    windows = [];
    await click('https://evil.example/phish').done;
    expect(openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/`);
  });
});
