import { API_PREFIXES, type RemoteManifest } from '@matchday/contracts';
import {
  detectPlatform,
  hasUpdate,
  INSTALL_CLICK_RETRIES,
  INSTALL_CLICK_RETRY_MS,
  INSTALL_POLL_MAX,
  INSTALL_POLL_MS,
  installMessage,
  isFailure,
  liveVersions,
  pollUntil,
  updateCheckDelays,
} from '../src/pwa/schedule';
import {
  apiCacheKey,
  clearsApiCache,
  forbidsStoring,
  isAppNavigation,
  isAuthUserRead,
  isCacheableApiReply,
  isCachedApiRead,
  isLive,
  isHashedAsset,
  isRemoteEntryOrManifest,
  isUncachedApiCall,
  meansSignedOut,
  userChanged,
} from '../src/pwa/cache-rules';

const ORIGIN = 'https://matchday.example';

/** A sleep that records the waits instead of waiting. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('install readiness and click retries (spec §9)', () => {
  it('polls every 2 s, 15 times in all, when never ready', async () => {
    const { waits, sleep } = recordingSleep();
    let asked = 0;
    const ready = await pollUntil(() => (asked += 1) < 0, { intervalMs: INSTALL_POLL_MS, maxAttempts: INSTALL_POLL_MAX, sleep });
    expect(ready).toBe(false);
    expect(asked).toBe(15);
    expect(waits).toEqual(Array(14).fill(2000));
  });

  it('stops as soon as it is ready', async () => {
    const { waits, sleep } = recordingSleep();
    let asked = 0;
    const ready = await pollUntil(() => (asked += 1) === 4, { intervalMs: INSTALL_POLL_MS, maxAttempts: INSTALL_POLL_MAX, sleep });
    expect(ready).toBe(true);
    expect(asked).toBe(4);
    expect(waits).toEqual([2000, 2000, 2000]);
  });

  it('stops when cancelled (the footer went away)', async () => {
    const { waits, sleep } = recordingSleep();
    let asked = 0;
    const ready = await pollUntil(() => (asked += 1) < 0, { intervalMs: 2000, maxAttempts: 15, sleep, cancelled: () => asked >= 2 });
    expect(ready).toBe(false);
    expect(asked).toBe(2);
    expect(waits).toHaveLength(2);
  });

  it('retries the first click twice, 2 s apart', async () => {
    const { waits, sleep } = recordingSleep();
    let asked = 0;
    await pollUntil(() => (asked += 1) < 0, { intervalMs: INSTALL_CLICK_RETRY_MS, maxAttempts: 1 + INSTALL_CLICK_RETRIES, sleep });
    expect(asked).toBe(3);
    expect(waits).toEqual([2000, 2000]);
  });
});

describe('install messages (spec §8)', () => {
  it("says 'Please Refresh' from the 3rd failed attempt on", () => {
    expect(installMessage('failed', 1, 'other').title).toBe('Installation Failed');
    expect(installMessage('failed', 2, 'other').title).toBe('Installation Failed');
    expect(installMessage('failed', 3, 'other').title).toBe('Please Refresh');
    expect(installMessage('unavailable', 3, 'other').title).toBe('Please Refresh');
  });

  it('gives iOS and other platforms their own instructions', () => {
    expect(installMessage('unavailable', 1, 'ios').description).toBe('Tap the Share button, then Add to Home Screen.');
    expect(installMessage('unavailable', 5, 'ios').description).toBe('Tap the Share button, then Add to Home Screen.');
    expect(installMessage('unavailable', 1, 'other').description).toBe("Open your browser's menu, then choose Add to Home screen.");
    expect(isFailure('unavailable', 'ios')).toBe(false);
    expect(isFailure('unavailable', 'other')).toBe(true);
    expect(isFailure('cancelled', 'other')).toBe(false);
  });

  it('names the installed and cancelled outcomes', () => {
    expect(installMessage('already-installed', 0, 'other').title).toBe('App Already Installed');
    expect(installMessage('cancelled', 0, 'other').title).toBe('Installation Cancelled');
  });

  it('recognises iPhone, iPad and iPadOS-as-Mac', () => {
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe('other');
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('other');
  });
});

describe('update check (spec §9)', () => {
  it('checks first after 30 s, then every 5 min', () => {
    const delays = updateCheckDelays();
    expect([1, 2, 3, 4].map(() => delays.next().value)).toEqual([30_000, 300_000, 300_000, 300_000]);
  });

  const manifest = (stats: string): RemoteManifest =>
    ({
      remotes: {
        'mf-stats': { version: stats, entry: `/remotes/mf-stats/${stats}/remoteEntry.js`, available: [stats] },
        'mf-tips': { version: '1.0.0', entry: '/remotes/mf-tips/1.0.0/remoteEntry.js', available: ['1.0.0'] },
      },
    }) as unknown as RemoteManifest;

  it('finds a new shell build, a new remote version or a waiting worker', () => {
    const loaded = { buildTime: 'a', remotes: liveVersions(manifest('1.0.0')) };
    expect(hasUpdate(loaded, { buildTime: 'a', manifest: manifest('1.0.0'), workerWaiting: false })).toBe(false);
    expect(hasUpdate(loaded, { buildTime: 'b', manifest: manifest('1.0.0'), workerWaiting: false })).toBe(true);
    expect(hasUpdate(loaded, { buildTime: 'a', manifest: manifest('0.9.0'), workerWaiting: false })).toBe(true);
    expect(hasUpdate(loaded, { buildTime: 'a', manifest: manifest('1.0.0'), workerWaiting: true })).toBe(true);
  });

  it('does not compare what it could not read at boot', () => {
    const loaded = { buildTime: null, remotes: null };
    expect(hasUpdate(loaded, { buildTime: 'b', manifest: manifest('2.0.0'), workerWaiting: false })).toBe(false);
  });
});

describe('service worker cache rules', () => {
  const url = (path: string) => new URL(`${ORIGIN}${path}`);
  const reply = (status: number, cacheControl?: string, type = 'basic') => ({
    status,
    type,
    headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
  });

  it('keys reads without the _cb cache-buster', () => {
    expect(apiCacheKey(`${ORIGIN}/api/fixtures/filter?type=today&_cb=1700000000000`)).toBe(`${ORIGIN}/api/fixtures/filter?type=today`);
    expect(apiCacheKey(`${ORIGIN}/api/leagues?_cb=1`)).toBe(apiCacheKey(`${ORIGIN}/api/leagues?_cb=2`));
  });

  it('keeps only 200 replies: never a 401, an error or a redirect', () => {
    expect(isCacheableApiReply(reply(200))).toBe(true);
    expect(isCacheableApiReply({ status: 200, type: 'basic' })).toBe(true);
    expect(isCacheableApiReply(reply(401))).toBe(false);
    expect(isCacheableApiReply(reply(500))).toBe(false);
    expect(isCacheableApiReply(reply(0, undefined, 'opaqueredirect'))).toBe(false);
  });

  it('never keeps a reply sent with Cache-Control: no-store', () => {
    expect(isCacheableApiReply(reply(200, 'no-store'))).toBe(false);
    expect(isCacheableApiReply(reply(200, 'private, no-store, max-age=0'))).toBe(false);
    expect(isCacheableApiReply(reply(200, 'No-Store'))).toBe(false);
    // the football reads' own header: kept (revalidated by ETag, but stored)
    expect(isCacheableApiReply(reply(200, 'private, no-cache'))).toBe(true);
    expect(forbidsStoring('max-age=60, s-maxage=0')).toBe(false);
    expect(forbidsStoring(null)).toBe(false);
    expect(forbidsStoring('no-storey')).toBe(false);
  });

  it('live data never passes through the worker: /api/live and the event stream match no route', () => {
    for (const path of ['/api/live', '/api/live/stream', '/api/live/stream?lastEventId=12']) {
      expect([path, isLive(url(path)), isCachedApiRead(url(path), ORIGIN), isUncachedApiCall(url(path), ORIGIN)]).toEqual([
        path,
        true,
        false,
        false,
      ]);
    }
    expect(isLive(url('/api/fixture-events/12'))).toBe(false);
    expect(isLive(url('/api/livery'))).toBe(false);
  });

  it('caches the public football reads only: every prefix of API_PREFIXES.football (live data aside) and the paths below it', () => {
    for (const prefix of Object.values(API_PREFIXES.football).filter((p) => p !== API_PREFIXES.football.live)) {
      expect([prefix, isCachedApiRead(url(prefix), ORIGIN)]).toEqual([prefix, true]);
      expect([prefix, isCachedApiRead(url(`${prefix}/12?season=2026`), ORIGIN)]).toEqual([prefix, true]);
    }
    expect(isCachedApiRead(url('/api/fixtures/filter?type=today&tz=UTC'), ORIGIN)).toBe(true);
    expect(isCachedApiRead(url('/api/dataset'), ORIGIN)).toBe(true);
    expect(isCachedApiRead(url('/api/search?q=arsenal'), ORIGIN)).toBe(true);
    // not on another origin, and a prefix covers itself and what is below it, not a longer name
    expect(isCachedApiRead(new URL('https://elsewhere.example/api/fixtures'), ORIGIN)).toBe(false);
    expect(isCachedApiRead(url('/api/leaguesx'), ORIGIN)).toBe(false);
  });

  it('never caches a personal reply, the insights or the admin calls', () => {
    const personal = [
      '/api/auth/user',
      '/api/referral/my-code',
      '/api/referral/my-referrals',
      '/api/user/preferences',
      '/api/user/follows',
      '/api/user/push',
      '/api/tips',
      '/api/tips/123',
      '/api/dream11',
      '/api/dream11/fixture/12',
      '/api/insights/record',
      '/api/admin/dashboard',
      '/api/admin/remotes',
      '/api/something-new',
    ];
    for (const path of personal) {
      expect([path, isCachedApiRead(url(path), ORIGIN)]).toEqual([path, false]);
      // the worker passes them to the network, only watching for a 401 and who is signed in
      expect([path, isUncachedApiCall(url(path), ORIGIN)]).toEqual([path, true]);
    }
    for (const prefix of [...Object.values(API_PREFIXES.accounts), ...Object.values(API_PREFIXES.insights)]) {
      expect([prefix, isCachedApiRead(url(`${prefix}/x`), ORIGIN)]).toEqual([prefix, false]);
    }
    expect(isUncachedApiCall(url('/api/fixtures'), ORIGIN)).toBe(false);
    expect(isUncachedApiCall(url('/profile'), ORIGIN)).toBe(false);
    expect(isUncachedApiCall(new URL('https://elsewhere.example/api/auth/user'), ORIGIN)).toBe(false);
  });

  it('reads who is signed in from /api/auth/user: another id (or none known) empties the API cache', () => {
    expect(isAuthUserRead(url('/api/auth/user?_cb=1'), ORIGIN)).toBe(true);
    expect(isAuthUserRead(url('/api/auth/user/x'), ORIGIN)).toBe(false);
    expect(isAuthUserRead(new URL('https://elsewhere.example/api/auth/user'), ORIGIN)).toBe(false);
    expect(userChanged(null, 7)).toBe(true);
    expect(userChanged('7', 7)).toBe(false);
    expect(userChanged('7', 8)).toBe(true);
    expect(meansSignedOut({ status: 401 })).toBe(true);
    expect(meansSignedOut({ status: 403 })).toBe(false);
  });

  it('clears the API cache when the signed-in user may change: sign-in, sign-out (POST and GET), account deletion', () => {
    expect(clearsApiCache(url('/auth/callback?code=abc&state=xyz'), 'GET', ORIGIN)).toBe(true);
    expect(clearsApiCache(url('/auth/logout'), 'POST', ORIGIN)).toBe(true);
    expect(clearsApiCache(url('/auth/logout'), 'GET', ORIGIN)).toBe(true);
    expect(clearsApiCache(url('/api/auth/delete-account'), 'DELETE', ORIGIN)).toBe(true);
    expect(clearsApiCache(url('/api/auth/user'), 'GET', ORIGIN)).toBe(false);
    expect(clearsApiCache(url('/auth/google'), 'GET', ORIGIN)).toBe(false);
    expect(clearsApiCache(url('/api/auth/delete-account'), 'GET', ORIGIN)).toBe(false);
    expect(clearsApiCache(new URL('https://elsewhere.example/auth/logout'), 'POST', ORIGIN)).toBe(false);
  });

  it('tells remote entries, hashed chunks (also on a CDN) and app pages apart', () => {
    expect(isRemoteEntryOrManifest(new URL('https://cdn.example/remotes/mf-stats/1.2.0/remoteEntry.js'))).toBe(true);
    expect(isRemoteEntryOrManifest(new URL(`${ORIGIN}/mf-manifest.json`))).toBe(true);
    expect(isHashedAsset(new URL('https://cdn.example/remotes/mf-stats/1.2.0/425.cfdda165.js'))).toBe(true);
    expect(isHashedAsset(new URL(`${ORIGIN}/sw.js`))).toBe(false);
    expect(isAppNavigation(new URL(`${ORIGIN}/fixtures/12/stats`), ORIGIN)).toBe(true);
    expect(isAppNavigation(new URL(`${ORIGIN}/auth/logout`), ORIGIN)).toBe(false);
    expect(isAppNavigation(new URL(`${ORIGIN}/auth/callback`), ORIGIN)).toBe(false);
    expect(isAppNavigation(new URL(`${ORIGIN}/favicon.ico`), ORIGIN)).toBe(false);
  });
});
