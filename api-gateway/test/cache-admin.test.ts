import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Keygrip from 'keygrip';
import type { AdminCacheSize } from '@matchday/contracts';
import { openDatabase, type Knex } from '@matchday/server';
import { startService, testDatabases, TEST_SECRET, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { createGateway, SESSION_COOKIE } from '../src/app';
import { loadConfig } from '../src/config';
import { SESSION_IDLE_MS, sessionKeyId } from '../src/sessions/lifetime';
import { KnexSessionStore, type SessionData } from '../src/sessions/session-store';

const SESSION_SECRET = 'session-secret-for-the-cache-admin-test-01234';
const PUBLIC_URL = 'http://localhost:8080';
const ADMIN = 'boss@example.com';
const METRICS_TOKEN = 'metrics-token-for-the-cache-admin-test';

/**
 * GET /api/admin/cache through a real gateway in front of the real football service: the response cache's entries
 * and the bytes they hold, the figure /metrics has, for administrators only, and emptied by clear-cache.
 */
describe('the response cache on the admin dashboard', () => {
  let root: string;
  let service: RunningService;
  let sessionsDb: Knex;
  let store: KnexSessionStore;
  let gatewayUrl: string;
  let server: http.Server;

  async function cookieFor(id: number, email: string): Promise<string> {
    const sessionId = `cache-admin-test-${id}`;
    const session = { user: { id, email }, signedInAt: Date.now(), keyId: sessionKeyId(SESSION_SECRET) };
    await store.set(
      sessionId,
      { ...session, _expire: Date.now() + SESSION_IDLE_MS, _maxAge: SESSION_IDLE_MS } as SessionData,
      SESSION_IDLE_MS,
    );
    const signature = new Keygrip([SESSION_SECRET]).sign(`${SESSION_COOKIE}=${sessionId}`);
    return `${SESSION_COOKIE}=${sessionId}; ${SESSION_COOKIE}.sig=${signature}`;
  }

  const size = async (cookie: string): Promise<AdminCacheSize> => {
    const response = await fetch(`${gatewayUrl}/api/admin/cache`, { headers: { cookie } });
    expect([response.status, response.headers.get('cache-control')]).toEqual([200, 'no-store']);
    return (await response.json()) as AdminCacheSize;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-cache-admin-'));
    const [, sqlite] = testDatabases()[0]!;
    service = await startService({ ...football, onStart: undefined }, sqlite('football'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL,
      FOOTBALL_URL: service.url,
      ACCOUNTS_URL: 'http://127.0.0.1:9',
      INSIGHTS_URL: 'http://127.0.0.1:9',
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET,
      INTERNAL_JWT_SECRET: TEST_SECRET,
      ADMIN_EMAILS: ADMIN,
      METRICS_TOKEN,
    });
    fs.mkdirSync(path.join(root, 'data'), { recursive: true });
    sessionsDb = await openDatabase({ client: 'sqlite', location: path.join(root, 'data', 'gateway.sqlite') });
    store = await KnexSessionStore.open(sessionsDb);
    server = http.createServer(createGateway(config, { sessionsDb, sessionStore: store }).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    store?.close();
    await sessionsDb?.destroy();
    await service?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers administrators with the entries and the bytes they really hold, as /metrics counts them; clear-cache empties it', async () => {
    const admin = await cookieFor(1, ADMIN);
    const fan = await cookieFor(2, 'fan@example.com');
    expect((await fetch(`${gatewayUrl}/api/admin/cache`)).status).toBe(401);
    const refused = await fetch(`${gatewayUrl}/api/admin/cache`, { headers: { cookie: fan } });
    expect([refused.status, await refused.json()]).toEqual([403, { message: 'Administrators only' }]);
    expect(await size(admin)).toEqual({ entries: 0, bytes: 0, maxBytes: 64 * 1024 * 1024, hits: 0, misses: 0 });

    // two public reads, the second one twice: two entries, one hit
    const bodies: number[] = [];
    for (const read of ['/api/leagues', '/api/dataset', '/api/dataset?_cb=2']) {
      const response = await fetch(`${gatewayUrl}${read}`, { headers: { cookie: fan } });
      expect(response.status).toBe(200);
      bodies.push((await response.arrayBuffer()).byteLength);
    }
    const held = await size(admin);
    expect(held).toMatchObject({ entries: 2, hits: 1, misses: 2 });
    // each entry counts its body, and its key, headers and the objects around it on top (600 bytes and more)
    expect(held.bytes).toBeGreaterThan(bodies[0]! + bodies[1]! + 2 * 600);
    const metrics = await (await fetch(`${gatewayUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(new RegExp(`^matchday_cache_bytes(\\{[^}]*\\})? ${held.bytes}$`, 'm'));

    const cleared = await fetch(`${gatewayUrl}/api/admin/clear-cache`, { method: 'POST', headers: { cookie: admin, origin: PUBLIC_URL } });
    expect(await cleared.json()).toEqual({ message: 'Cache cleared', cleared: 2 });
    expect(await size(admin)).toMatchObject({ entries: 0, bytes: 0 });
  });
});
