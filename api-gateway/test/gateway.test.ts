import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, type AuthUser, type Fixture, type League, type RemoteManifest } from '@matchday/contracts';
import { IDENTITY_HEADER, signIdentity } from '@matchday/server';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort, startTs, stopAll, waitForHttp } from '../../scripts/lib/processes';
import { startStack, type RunningStack } from '../../scripts/lib/stack';

const SESSION_COOKIE = 'matchday.sid';
const ADMIN_EMAIL = 'boss@example.com';
const METRICS_TOKEN = 'metrics-token-0123456789';

interface TracedSignIn {
  /** Gateway cookies (signed session id) before the identity provider redirected back. */
  before: string;
  /** Gateway cookies at the end of the flow. */
  after: string;
  /** Every distinct session id the gateway handed out, in order. */
  sessionIds: string[];
}

/** signInThroughDevProvider, keeping the gateway's session cookie from before the callback. */
async function traceSignIn(gatewayUrl: string, email: string): Promise<TracedSignIn> {
  let before = '';
  const sessionIds: string[] = [];
  const after = await signInThroughDevProvider(gatewayUrl, email, {
    onRedirect(next, cookies) {
      if (next.pathname.startsWith('/connect/google/callback')) before = cookies;
      const id = new RegExp(`(?:^|; )${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(cookies)?.[1];
      if (id && sessionIds[sessionIds.length - 1] !== id) sessionIds.push(id);
    },
  });
  const finalId = new RegExp(`(?:^|; )${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(after)?.[1];
  if (finalId && sessionIds[sessionIds.length - 1] !== finalId) sessionIds.push(finalId);
  return { before, after, sessionIds };
}

/** The value of a Prometheus sample whose labels include all of `labels` (in any order). */
function metric(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([key, value]) => l.includes(`${key}="${value}"`));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return JSON.parse(text) as T;
}

describe('api-gateway with the whole stack', () => {
  let stack: RunningStack;
  let dataDir: string;
  let fan: string;

  const get = (pathname: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}${pathname}`, {
      redirect: 'manual',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-gateway-'));
    const port = await freePort();
    stack = await startStack({
      port,
      dataDir,
      env: { ADMIN_EMAILS: ADMIN_EMAIL, METRICS_TOKEN },
    });
    fan = await signInThroughDevProvider(stack.url, 'fan@example.com');
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  describe('health and manifest', () => {
    it('/healthz answers 200', async () => {
      expect(await json<{ status: string }>(await get('/healthz'))).toEqual({
        status: 'ok',
      });
    });

    it('/readyz answers 200 with every check true', async () => {
      const body = await json<{
        status: string;
        checks: Record<string, boolean>;
      }>(await get('/readyz'));
      expect(body.status).toBe('ready');
      expect(Object.keys(body.checks).sort()).toEqual(['accounts', 'football', 'insights', 'sessions']);
      for (const ok of Object.values(body.checks)) expect(ok).toBe(true);
    });

    it('/mf-manifest.json lists the five remotes', async () => {
      const manifest = await json<RemoteManifest>(await get('/mf-manifest.json'));
      expect(Object.keys(manifest.remotes).sort()).toEqual([...REMOTE_NAMES].sort());
      expect(Object.keys(manifest.remotes)).toHaveLength(5);
      for (const entry of Object.values(manifest.remotes)) {
        if (entry) expect(entry.entry).toMatch(/^\/remotes\/mf-[a-z]+\/[^/]+\/remoteEntry\.js$/);
      }
    });
  });

  describe('anonymous', () => {
    it('GET /api/auth/user -> 401 JSON', async () => {
      const body = await json<{ message: string }>(await get('/api/auth/user'), 401);
      expect(typeof body.message).toBe('string');
    });

    it('GET /api/fixtures -> 401', async () => {
      expect((await get('/api/fixtures')).status).toBe(401);
      expect((await get('/api/fixtures/filter?type=today')).status).toBe(401);
    });

    it('GET /api/admin/anything -> 401', async () => {
      expect((await get('/api/admin/anything')).status).toBe(401);
    });

    it('a forged session cookie is not a session', async () => {
      const response = await get('/api/auth/user', `${SESSION_COOKIE}=forged-session-id; ${SESSION_COOKIE}.sig=bogus`);
      expect(response.status).toBe(401);
    });
  });

  describe('signed in', () => {
    it('sign-in through the development provider gives a session for that user', async () => {
      expect(fan).toContain(`${SESSION_COOKIE}=`);
      const user = await json<AuthUser>(await get('/api/auth/user', fan));
      expect(user.email).toBe('fan@example.com');
      expect(user.firstName).toBe('Fan');
      expect(user.isAdmin).toBe(false);
      expect(user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    });

    it('a sign-in comes back to the page it started from; an address off this site or a sign-in route lands on /', async () => {
      const landedAt = async (returnTo: string) => {
        let landed = '';
        const cookie = await signInThroughDevProvider(stack.url, 'returning@example.com', { returnTo, onLanded: (p) => (landed = p) });
        expect((await json<AuthUser>(await get('/api/auth/user', cookie))).email).toBe('returning@example.com');
        return landed;
      };
      expect(await landedAt('/fixture-stats/164?tab=players')).toBe('/fixture-stats/164?tab=players');
      expect(await landedAt('/social-preview/ABCDEFGH')).toBe('/social-preview/ABCDEFGH');
      for (const elsewhere of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/auth/logout', '/connect/google', '/a b']) {
        expect([elsewhere, await landedAt(elsewhere)]).toEqual([elsewhere, '/']);
      }
    });

    it('proxies football calls with the identity of the session', async () => {
      const leagues = await json<League[]>(await get('/api/leagues', fan));
      expect(leagues.map((l) => l.id).sort((a, b) => a - b)).toEqual([2, 39, 323]);
      const fixtures = await json<Fixture[]>(await get('/api/fixtures/filter?type=today', fan));
      expect(fixtures.length).toBeGreaterThan(0);
    });

    it('refuses dot segments and encoded separators that could dodge the route check', async () => {
      const raw = (rawPath: string) =>
        new Promise<number>((resolve, reject) => {
          const url = new URL(stack.url);
          const req = http.request({ host: url.hostname, port: url.port, path: rawPath, headers: { cookie: fan } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      expect(await raw('/api/user/../admin/x')).toBe(400);
      expect(await raw('/api/user/%2e%2e/admin/x')).toBe(400);
      expect(await raw('/api/user%2F..%2Fadmin')).toBe(400);
      expect(await raw('/api/leagues')).toBe(200);
    });

    it('unknown /api path -> 404 JSON', async () => {
      const body = await json<{ message: string }>(await get('/api/nope', fan), 404);
      expect(typeof body.message).toBe('string');
    });

    it('/api/admin/* is refused (403) to a non-admin', async () => {
      const body = await json<{ message: string }>(await get('/api/admin/anything', fan), 403);
      expect(body.message).toMatch(/admin/i);
    });

    it('an ADMIN_EMAILS user is an admin and reaches /api/admin', async () => {
      const boss = await signInThroughDevProvider(stack.url, ADMIN_EMAIL);
      const user = await json<AuthUser>(await get('/api/auth/user', boss));
      expect(user.email).toBe(ADMIN_EMAIL);
      expect(user.isAdmin).toBe(true);
      const response = await get('/api/admin/x', boss);
      expect(response.status).not.toBe(403);
      expect(response.status).not.toBe(401);
      // Proxied to the accounts service, which has no such route
      expect(response.status).toBe(404);
    });

    it('the session id changes at sign-in and the pre-sign-in session is gone', async () => {
      const traced = await traceSignIn(stack.url, 'fixation@example.com');
      expect(traced.before).toContain(`${SESSION_COOKIE}=`);
      expect(traced.after).toContain(`${SESSION_COOKIE}=`);
      const ids = traced.sessionIds;
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(ids[ids.length - 1]).not.toBe(ids[0]);
      expect(traced.after).not.toBe(traced.before);

      const user = await json<AuthUser>(await get('/api/auth/user', traced.after));
      expect(user.email).toBe('fixation@example.com');
      // The id a third party could have planted before sign-in does not become a signed-in session
      expect((await get('/api/auth/user', traced.before)).status).toBe(401);
    });

    it('/auth/logout ends the session (a navigation that started on this site)', async () => {
      const cookie = await signInThroughDevProvider(stack.url, 'leaver@example.com');
      expect((await get('/api/auth/user', cookie)).status).toBe(200);
      const logout = await fetch(`${stack.url}/auth/logout`, { redirect: 'manual', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
      expect(logout.status).toBe(302);
      expect(logout.headers.get('location')).toBe('/');
      expect(logout.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
      expect((await get('/api/auth/user', cookie)).status).toBe(401);
      expect((await get('/api/leagues', cookie)).status).toBe(401);
    });
  });

  describe('cross-site request protection', () => {
    const post = (cookie: string, headers: Record<string, string>) =>
      fetch(`${stack.url}/api/user/preferences`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ theme: 'dark' }),
      });

    it('refuses a POST from another origin', async () => {
      const response = await post(fan, { origin: 'http://evil.example' });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toMatch(/cross-site/i);
    });

    it('refuses a POST with neither Origin nor X-Requested-With', async () => {
      const response = await post(fan, {});
      expect(response.status).toBe(403);
    });

    it('lets a same-origin POST (or one with X-Requested-With) through to the service', async () => {
      // Proxied: the accounts service answers (404 while it has no preferences route), not the CSRF check
      const sameOrigin = await post(fan, { origin: new URL(stack.url).origin });
      expect(sameOrigin.status).not.toBe(403);
      expect(sameOrigin.status).not.toBe(401);
      const xhr = await post(fan, { 'x-requested-with': 'XMLHttpRequest' });
      expect(xhr.status).not.toBe(403);
      expect(xhr.status).not.toBe(401);
    });
  });

  describe('services behind the gateway', () => {
    it('refuse a request sent straight to them with a forged identity header', async () => {
      const footballUrl = stack.env.FOOTBALL_URL!;
      expect(footballUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const forged = await signIdentity(
        { scope: 'user', userId: 1, isAdmin: true },
        'forged-secret-forged-secret-forged-secret',
        'football',
      );
      const response = await fetch(`${footballUrl}/api/leagues`, {
        headers: { [IDENTITY_HEADER]: forged },
      });
      expect(response.status).toBe(401);
      const garbage = await fetch(`${footballUrl}/api/leagues`, {
        headers: { [IDENTITY_HEADER]: 'garbage' },
      });
      expect(garbage.status).toBe(401);
      const none = await fetch(`${footballUrl}/api/leagues`);
      expect(none.status).toBe(401);
      // Control: the gateway's own secret is accepted
      const genuine = await signIdentity({ scope: 'user', userId: 1, isAdmin: false }, stack.env.INTERNAL_JWT_SECRET!, 'football');
      expect(
        (
          await fetch(`${footballUrl}/api/leagues`, {
            headers: { [IDENTITY_HEADER]: genuine },
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('pages', () => {
    it('a page is the shell (200 HTML) or, when the frontends are not built, 503 JSON', async () => {
      const response = await get('/some/page');
      if (response.status === 200) {
        expect(response.headers.get('content-type')).toMatch(/text\/html/);
      } else {
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ message: expect.any(String) });
      }
    });
  });

  describe('response cache of football reads', () => {
    it('never answers a read that shows live scores from the cache: the bracket, and a table "as it stands" (?live=1)', async () => {
      for (const path of ['/api/bracket?leagueId=2&season=2026', '/api/standings?leagueId=39&season=2026&live=1']) {
        for (let i = 0; i < 2; i += 1) {
          const response = await get(path, fan);
          expect([path, response.headers.get('x-cache')]).toEqual([path, null]);
          await response.body?.cancel();
        }
      }
      // the same table without ?live=1 is a cached read
      await (await get('/api/standings?leagueId=39&season=2026&_cb=live-rule', fan)).body?.cancel();
      const cached = await get('/api/standings?leagueId=39&season=2026', fan);
      expect(cached.headers.get('x-cache')).toBe('HIT');
      await cached.body?.cancel();
    });

    it('serves a repeated read from the cache (cache-buster ignored), answers 304 to its ETag, keeps errors out, and clear-cache empties it for admins only', async () => {
      const path = '/api/standings?season=2026&leagueId=39';
      const first = await get(`${path}&_cb=1`, fan);
      expect(first.status).toBe(200);
      const body = await first.text();
      const second = await get(`/api/standings?leagueId=39&season=2026&_cb=2`, fan);
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(await second.text()).toBe(body);
      const etag = second.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const revalidated = await get(path, fan, { 'if-none-match': etag! });
      expect(revalidated.status).toBe(304);

      const bad = await get('/api/standings?leagueId=abc&season=2026', fan);
      expect(bad.status).toBe(400);
      await bad.body?.cancel();
      const badAgain = await get('/api/standings?leagueId=abc&season=2026', fan);
      expect(badAgain.headers.get('x-cache')).toBe('MISS');
      await badAgain.body?.cancel();

      const origin = new URL(stack.url).origin;
      const refused = await fetch(`${stack.url}/api/admin/clear-cache`, { method: 'POST', headers: { cookie: fan, origin } });
      expect(refused.status).toBe(403);
      await refused.body?.cancel();
      const admin = await signInThroughDevProvider(stack.url, ADMIN_EMAIL);
      const cleared = await fetch(`${stack.url}/api/admin/clear-cache`, { method: 'POST', headers: { cookie: admin, origin } });
      expect(cleared.status).toBe(200);
      expect(await cleared.json()).toEqual({ message: 'Cache cleared', cleared: expect.any(Number) });
      const afterClear = await get(path, fan);
      expect(afterClear.headers.get('x-cache')).toBe('MISS');
      expect(await afterClear.text()).toBe(body);
    });
  });

  describe('metrics', () => {
    it('/metrics needs the token; it counts requests per route, cache hits and misses, queues and sessions, on the gateway and on a service', async () => {
      expect((await get('/metrics')).status).toBe(404);
      expect((await get('/metrics', undefined, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(404);
      await (await get('/api/standings?leagueId=39&season=2026', fan)).text();
      await (await get('/api/standings?leagueId=39&season=2026', fan)).text();
      const response = await get('/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(
        metric(text, 'matchday_http_requests_total', { route: '/api/standings', status: '200', service: 'gateway' }),
      ).toBeGreaterThanOrEqual(2);
      expect(
        metric(text, 'matchday_http_request_duration_seconds_count', { route: '/api/standings', service: 'gateway' }),
      ).toBeGreaterThanOrEqual(2);
      expect(metric(text, 'matchday_cache_requests', { result: 'hit' })).toBeGreaterThanOrEqual(1);
      expect(metric(text, 'matchday_service_requests', { upstream: 'football', state: 'queued' })).toBe(0);
      expect(metric(text, 'matchday_sessions', {})).toBeGreaterThanOrEqual(1);
      const service = await fetch(`${stack.env.FOOTBALL_URL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(service.status).toBe(200);
      expect(
        metric(await service.text(), 'matchday_http_requests_total', { route: '/api/standings', status: '200', service: 'football' }),
      ).toBeGreaterThanOrEqual(1);
    });
  });

  describe('restart', () => {
    it('sessions survive a gateway restart', async () => {
      const index = stack.processes.findIndex((p) => p.name === 'gateway');
      expect(index).toBeGreaterThanOrEqual(0);
      await stopAll([stack.processes[index]!]);
      const gateway = startTs('gateway', 'api-gateway/src/server.ts', stack.env, 4);
      stack.processes[index] = gateway;
      await waitForHttp(`http://127.0.0.1:${stack.env.PORT}/readyz`, gateway);
      const user = await json<AuthUser>(await get('/api/auth/user', fan));
      expect(user.email).toBe('fan@example.com');
    }, 60_000);
  });
});
