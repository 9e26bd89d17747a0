import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Keygrip from 'keygrip';
import type { SyncRunReply, SyncStatusReply } from '@matchday/contracts';
import { openDatabase, repoRoot, type Knex, type ServiceDefinition } from '@matchday/server';
import {
  startService,
  startStaticUpstream,
  testDatabases,
  TEST_SECRET,
  type RunningService,
  type StaticUpstreamStandIn,
} from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { createGateway, SESSION_COOKIE } from '../src/app';
import { loadConfig } from '../src/config';
import { UPSTREAM_TIMEOUT_MS } from '../src/proxy/proxy';
import { SESSION_IDLE_MS, sessionKeyId } from '../src/sessions/lifetime';
import { KnexSessionStore, type SessionData } from '../src/sessions/session-store';

const SESSION_SECRET = 'session-secret-for-the-sync-admin-test-0123456';
const PUBLIC_URL = 'http://localhost:8080';
const ADMIN = 'boss@example.com';
const PATH = '2025-26/en.1.json';

/**
 * The admin sync endpoints through a real gateway in front of the real football service, whose sync reads a stand-in
 * of raw.githubusercontent.com serving a real football.json snapshot: admins only, the cross-site rule of every
 * admin write, a run answered once finished (even past the proxy's wait for a service), the status never cached.
 */
describe('GET and POST /api/admin/sync through the gateway', () => {
  let root: string;
  let upstream: StaticUpstreamStandIn;
  let service: RunningService;
  let sessionsDb: Knex;
  let store: KnexSessionStore;
  let gatewayUrl: string;
  const servers: http.Server[] = [];
  const saved = { ...process.env };

  const listen = async (server: http.Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  async function cookieFor(id: number, email: string): Promise<string> {
    const sessionId = `sync-admin-test-${id}`;
    const session = { user: { id, email }, signedInAt: Date.now(), keyId: sessionKeyId(SESSION_SECRET) };
    await store.set(
      sessionId,
      { ...session, _expire: Date.now() + SESSION_IDLE_MS, _maxAge: SESSION_IDLE_MS } as SessionData,
      SESSION_IDLE_MS,
    );
    const signature = new Keygrip([SESSION_SECRET]).sign(`${SESSION_COOKIE}=${sessionId}`);
    return `${SESSION_COOKIE}=${sessionId}; ${SESSION_COOKIE}.sig=${signature}`;
  }

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-sync-admin-'));
    upstream = await startStaticUpstream();
    // the football service's sync, from its environment as in production; one-second timeout, the default retries
    Object.assign(process.env, {
      SYNC_FOOTBALL_JSON: 'en.1',
      SYNC_FOOTBALL_JSON_URL: upstream.url,
      SYNC_SEASON: '2025-26',
      SYNC_TIMEOUT_S: '1',
    });
    const [, sqlite] = testDatabases()[0]!;
    // without its timers: no run at start, the test asks for every run
    const definition: ServiceDefinition = { ...football, onStart: undefined };
    service = await startService(definition, sqlite('football'));
    const elsewhere = await listen(http.createServer((_req, res) => res.writeHead(500).end()));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL,
      FOOTBALL_URL: service.url,
      ACCOUNTS_URL: elsewhere,
      INSIGHTS_URL: elsewhere,
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET,
      INTERNAL_JWT_SECRET: TEST_SECRET,
      ADMIN_EMAILS: ADMIN,
    });
    fs.mkdirSync(path.join(root, 'data'), { recursive: true });
    sessionsDb = await openDatabase({ client: 'sqlite', location: path.join(root, 'data', 'gateway.sqlite') });
    store = await KnexSessionStore.open(sessionsDb);
    gatewayUrl = await listen(http.createServer(createGateway(config, { sessionsDb, sessionStore: store }).callback()));
  }, 60_000);

  afterAll(async () => {
    process.env = saved;
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    store?.close();
    await sessionsDb?.destroy();
    await service?.close();
    await upstream?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses the anonymous (401), a fan (403) and a cross-site POST (403); runs for an administrator and answers what each league did', async () => {
    upstream.serve({ [PATH]: fs.readFileSync(path.resolve(repoRoot, '../shared/data/openfootball/football-json/2026-03-04', PATH)) });
    const admin = await cookieFor(1, ADMIN);
    const fan = await cookieFor(2, 'fan@example.com');
    const origin = PUBLIC_URL;
    expect((await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'POST', headers: { origin } })).status).toBe(401);
    const refused = await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'POST', headers: { cookie: fan, origin } });
    expect([refused.status, await refused.json()]).toEqual([403, { message: 'Administrators only' }]);
    expect((await fetch(`${gatewayUrl}/api/admin/sync`, { headers: { cookie: fan } })).status).toBe(403);
    const crossSite = await fetch(`${gatewayUrl}/api/admin/sync`, {
      method: 'POST',
      headers: { cookie: admin, origin: 'https://evil.example' },
    });
    expect([crossSite.status, await crossSite.json()]).toEqual([403, { message: 'Cross-site request refused' }]);
    expect(upstream.requests).toHaveLength(0);

    const ran = await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'POST', headers: { cookie: admin, origin } });
    expect(ran.status).toBe(200);
    expect(ran.headers.get('cache-control')).toBe('no-store');
    const reply = (await ran.json()) as SyncRunReply;
    expect(reply.leagues).toHaveLength(1);
    expect(reply.leagues[0]).toMatchObject({
      code: 'en.1',
      outcome: 'fetched',
      resultsAdded: 281,
      fixturesNew: 380,
      url: `${upstream.url}/${PATH}`,
    });

    const status = (await (await fetch(`${gatewayUrl}/api/admin/sync`, { headers: { cookie: admin } })).json()) as SyncStatusReply;
    expect(status).toMatchObject({ enabled: true, baseUrl: upstream.url });
    expect(status.leagues[0]).toMatchObject({ code: 'en.1', leagueName: 'Premier League', season: '2025-26', lastError: null });
    expect(status.leagues[0]!.lastRunAt).toBe(reply.leagues[0]!.at);
    expect(status.leagues[0]!.lastChangeAt).toBe(reply.leagues[0]!.at);
    // a PUT is no write the gateway takes
    expect((await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'PUT', headers: { cookie: admin, origin } })).status).toBe(405);
  });

  it('answers a run whose upstream hangs once it has given up, past the proxy wait for a service, with the error and the URL', async () => {
    upstream.misbehave(PATH, 'hang');
    const admin = await cookieFor(1, ADMIN);
    const ran = await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'POST', headers: { cookie: admin, origin: PUBLIC_URL } });
    expect(ran.status).toBe(200);
    const [league] = ((await ran.json()) as SyncRunReply).leagues;
    expect(league).toMatchObject({
      code: 'en.1',
      outcome: 'failed',
      error: `${upstream.url}/${PATH}: no answer within 1000 ms (3 attempts)`,
    });
    // three attempts of a second each: longer than the proxy waits for a service (a 503 through it)
    expect(3 * 1000).toBeGreaterThan(UPSTREAM_TIMEOUT_MS);
    const status = (await (await fetch(`${gatewayUrl}/api/admin/sync`, { headers: { cookie: admin } })).json()) as SyncStatusReply;
    expect(status.leagues[0]).toMatchObject({ lastError: league!.error, lastRun: { outcome: 'failed' } });
  }, 30_000);
});
