import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Knex } from '@matchday/server';
import { startService, testDatabases, TEST_SECRET, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { createGateway } from '../src/app';
import { sharedCacheMayKeep } from '../src/cache/public-answers';
import { loadConfig } from '../src/config';
import { KnexSessionStore } from '../src/sessions/session-store';

/**
 * Public feeds cannot slow the app: the calendar feeds (no sign-in, the same bytes for everyone) come from the
 * gateway's cache that every caller shares, the service's ETag and 304 still apply, and a per-address limit
 * (keyed by the address the trusted proxies saw) applies to public routes. The real football service (demo data)
 * behind a real gateway, with a counter of the calendar reads that reach the service.
 */
describe('public feeds through the gateway', () => {
  let root: string;
  let service: RunningService;
  let feedReads = 0;
  const feedMethods: string[] = [];
  let feedPath: string;
  const servers: http.Server[] = [];
  const sessionDbs: Knex[] = [];
  const stores: KnexSessionStore[] = [];

  const listen = async (server: http.Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  /** A gateway in front of the counted football service, with these extra settings. */
  async function gateway(env: Record<string, string>, footballUrl: string): Promise<string> {
    const dir = fs.mkdtempSync(path.join(root, 'gateway-'));
    const elsewhere = await listen(http.createServer((_req, res) => res.writeHead(500).end()));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL: 'http://localhost:8080',
      FOOTBALL_URL: footballUrl,
      ACCOUNTS_URL: elsewhere,
      INSIGHTS_URL: elsewhere,
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET: 'session-secret-for-the-public-feeds-test-0123',
      INTERNAL_JWT_SECRET: TEST_SECRET,
      ...env,
    });
    const sessionsDb = await openDatabase({ client: 'sqlite', location: path.join(dir, 'gateway.sqlite') });
    sessionDbs.push(sessionsDb);
    const store = await KnexSessionStore.open(sessionsDb);
    stores.push(store);
    return listen(http.createServer(createGateway(config, { sessionsDb, sessionStore: store }).callback()));
  }

  let counted: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-public-feeds-'));
    const [, sqlite] = testDatabases()[0]!;
    service = await startService(football, sqlite('football'), { seed: true });
    const { league_id: leagueId, season } = (await service.db('fixtures').orderBy('id').first('league_id', 'season')) as {
      league_id: number;
      season: number;
    };
    feedPath = `/api/calendar/league/${leagueId}/${season}.ics`;
    // the football service behind a counter of the calendar reads that reach it
    const target = new URL(service.url);
    counted = await listen(
      http.createServer(async (req, res) => {
        if (req.url?.startsWith('/api/calendar/')) {
          feedReads += 1;
          feedMethods.push(req.method ?? '');
        }
        // a request the test wants still in flight while others join it (the cache-buster is not in the cache key)
        if (req.url?.includes('_cb=slow')) await new Promise((resolve) => setTimeout(resolve, 300));
        const upstream = http.request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      }),
    );
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    for (const store of stores) store.close();
    for (const db of sessionDbs) await db.destroy();
    await service?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves one feed to every caller from one service read; its ETag and 304 still apply', async () => {
    const url = await gateway({}, counted);
    feedReads = 0;
    const direct = await service.request(feedPath, { identity: { scope: 'anonymous', userId: undefined } });
    const etag = direct.headers.get('etag')!;
    const bytes = await direct.text();
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);

    const burst = await Promise.all(Array.from({ length: 40 }, () => fetch(`${url}${feedPath}`)));
    const later = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}${feedPath}`, { headers: { 'accept-encoding': 'identity' } })),
    );
    for (const response of [...burst, ...later]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('public, max-age=900');
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="/);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toBe(bytes);
    }
    expect(feedReads).toBe(1);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await fetch(`${url}${feedPath}`, { headers: { 'if-none-match': header } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=900');
      expect(await again.text()).toBe('');
    }
    expect((await fetch(`${url}${feedPath}`, { headers: { 'if-none-match': '"not-this-one"' } })).status).toBe(200);
    expect(feedReads).toBe(1);
    // another query is another feed (scores in the titles): one more read, then shared too
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${url}${feedPath}?scores=1`)).status).toBe(200);
    expect(feedReads).toBe(2);
    // a refusal is passed through, as JSON
    const unknown = await fetch(`${url}/api/calendar/league/987654/2026.ics`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message.length).toBeGreaterThan(0);
  });

  it('keeps only answers the service marks public', () => {
    expect(sharedCacheMayKeep('public, max-age=900')).toBe(true);
    expect(sharedCacheMayKeep('Public')).toBe(true);
    expect(sharedCacheMayKeep('private, max-age=900')).toBe(false);
    expect(sharedCacheMayKeep('no-store')).toBe(false);
    expect(sharedCacheMayKeep('public, no-cache')).toBe(false);
    expect(sharedCacheMayKeep('')).toBe(false);
  });

  it('limits public routes per client address, keyed by the address the trusted proxy saw', async () => {
    const url = await gateway({ GATEWAY_RATE_PUBLIC_PER_10S: '5', TRUST_PROXY: '1', TRUSTED_PROXY_HOPS: '1' }, counted);
    const from = (forwardedFor: string) => fetch(`${url}${feedPath}`, { headers: { 'x-forwarded-for': forwardedFor } });
    for (let i = 0; i < 5; i += 1) expect((await from('203.0.113.7')).status).toBe(200);
    const refused = await from('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests; try again in \d+ s$/);
    // an entry the client wrote itself, left of the one the proxy appended, is not read: still the same address
    expect((await from('198.51.100.1, 203.0.113.7')).status).toBe(429);
    // another client behind the same proxy has its own allowance
    expect((await from('203.0.113.8')).status).toBe(200);
    // routes that need a session are not counted here (401 for a signed-out caller, never 429)
    expect((await fetch(`${url}/api/leagues`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(401);
  });

  it('answers a HEAD from the same cached entry as a GET (a HEAD that misses loads it as a GET), within the same limits', async () => {
    const url = await gateway({ GATEWAY_RATE_PUBLIC_PER_10S: '12' }, counted);
    const path = `${feedPath}?scores=1`;
    feedReads = 0;
    feedMethods.length = 0;
    const heads = await Promise.all(Array.from({ length: 5 }, () => fetch(`${url}${path}`, { method: 'HEAD' })));
    for (const head of heads) {
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toMatch(/^"/);
      expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(await head.text()).toBe('');
    }
    // the entry the HEADs loaded is a GET's whole answer, which the GETs now share
    const get = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'identity' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('x-cache')).toBe('HIT');
    expect(get.headers.get('etag')).toBe(heads[0]!.headers.get('etag'));
    expect((await get.text()).startsWith('BEGIN:VCALENDAR')).toBe(true);
    const head = await fetch(`${url}${path}`, { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(feedReads).toBe(1);
    expect(feedMethods).toEqual(['GET']);
    // a HEAD counts against the public routes' limit like a GET: 12 allowed, 7 used
    const more = await Promise.all(Array.from({ length: 6 }, () => fetch(`${url}${path}`, { method: 'HEAD' })));
    expect(more.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('never hands an error answer to other callers waiting on the same key', async () => {
    const url = await gateway({}, counted);
    feedReads = 0;
    // a repeated cache-buster: the service refuses it (400); its key is the plain feed's
    const refused = fetch(`${url}${feedPath}?_cb=slow&_cb=slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const plain = await Promise.all(Array.from({ length: 5 }, () => fetch(`${url}${feedPath}`)));
    expect((await refused).status).toBe(400);
    expect(plain.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // the bad request's own read and one read the plain callers share
    expect(feedReads).toBe(2);
  });
});
