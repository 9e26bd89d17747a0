import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Knex } from '@matchday/server';
import { startService, testDatabases, TEST_SECRET, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import Keygrip from 'keygrip';
import { createGateway, SESSION_COOKIE } from '../src/app';
import { loadConfig } from '../src/config';
import { SESSION_IDLE_MS, sessionKeyId } from '../src/sessions/lifetime';
import { KnexSessionStore, type SessionData } from '../src/sessions/session-store';

const SESSION_SECRET = 'session-secret-for-the-calendar-test-0123456';

/**
 * The public calendar feeds through the gateway: no cookie, no sign-in, the service's ETag and
 * Cache-Control come back, If-None-Match reaches the service and its 304 comes back, and no session cookie is
 * set on a reply that shared caches may keep. The real football service (demo data) behind a real gateway.
 */
describe('calendar feeds through the gateway', () => {
  let root: string;
  let service: RunningService;
  let sessionsDb: Knex;
  let store: KnexSessionStore;
  let gatewayUrl: string;
  let teamId: number;
  const servers: http.Server[] = [];

  const listen = async (server: http.Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-calendar-gateway-'));
    const [, sqlite] = testDatabases()[0]!;
    service = await startService(football, sqlite('football'), { seed: true });
    teamId = Number(((await service.db('teams').orderBy('id').first('id')) as { id: number }).id);
    // accounts and insights are not called on these paths
    const elsewhere = await listen(http.createServer((_req, res) => res.writeHead(500).end()));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL: 'http://localhost:8080',
      FOOTBALL_URL: service.url,
      ACCOUNTS_URL: elsewhere,
      INSIGHTS_URL: elsewhere,
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET,
      INTERNAL_JWT_SECRET: TEST_SECRET,
    });
    fs.mkdirSync(path.join(root, 'data'), { recursive: true });
    sessionsDb = await openDatabase({ client: 'sqlite', location: path.join(root, 'data', 'gateway.sqlite') });
    store = await KnexSessionStore.open(sessionsDb);
    const gateway = createGateway(config, { sessionsDb, sessionStore: store });
    gatewayUrl = await listen(http.createServer(gateway.callback()));
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    store?.close();
    await sessionsDb?.destroy();
    await service?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves a team feed without a cookie (200, text/calendar, ETag) and answers 304 to its ETag', async () => {
    const url = `${gatewayUrl}/api/calendar/team/${teamId}.ics`;
    const first = await fetch(url);
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=900');
    expect(first.headers.get('content-disposition')).toBe(`inline; filename="matchday-team-${teamId}.ics"`);
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain('BEGIN:VEVENT\r\n');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    // the same bytes through the gateway as from the service itself
    const direct = await service.request(`/api/calendar/team/${teamId}.ics`);
    expect(await direct.text()).toBe(body);
    expect(direct.headers.get('etag')).toBe(etag);

    for (const header of [etag!, `W/${etag}`]) {
      const again = await fetch(url, { headers: { 'if-none-match': header } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=900');
      expect(await again.text()).toBe('');
    }
    expect((await fetch(url, { headers: { 'if-none-match': '"not-this-one"' } })).status).toBe(200);
  });

  it('sets no cookie on a public feed fetched by a signed-in user whose session is due for renewal', async () => {
    const sessionId = 'calendar-test-session';
    // last saved long ago: koa-session renews such a session (a new Set-Cookie) on its next use
    const session = { user: { id: 7, email: 'fan@example.com' }, signedInAt: Date.now(), keyId: sessionKeyId(SESSION_SECRET) };
    await store.set(sessionId, { ...session, _expire: Date.now() + 60_000, _maxAge: SESSION_IDLE_MS } as SessionData, SESSION_IDLE_MS);
    const signature = new Keygrip([SESSION_SECRET]).sign(`${SESSION_COOKIE}=${sessionId}`);
    const cookie = `${SESSION_COOKIE}=${sessionId}; ${SESSION_COOKIE}.sig=${signature}`;
    const feed = await fetch(`${gatewayUrl}/api/calendar/team/${teamId}.ics`, { headers: { cookie } });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('cache-control')).toBe('public, max-age=900');
    expect(feed.headers.get('set-cookie')).toBeNull();
    // the session was due: a signed-in read with it renews it
    const read = await fetch(`${gatewayUrl}/api/leagues`, { headers: { cookie } });
    expect(read.status).toBe(200);
    expect(read.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=${sessionId}`);
  });

  it('passes the refusals through as JSON and leaves the internal feed unrouted', async () => {
    const bad = await fetch(`${gatewayUrl}/api/calendar/team/abc.ics`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/expected \{teamId\}\.ics/);
    const unknown = await fetch(`${gatewayUrl}/api/calendar/league/987654/2026.ics`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('League not found');
    // other football reads still need a session
    expect((await fetch(`${gatewayUrl}/api/leagues`)).status).toBe(401);
    const internal = await fetch(`${gatewayUrl}/internal/calendar/feed?teams=${teamId}`, { redirect: 'manual' });
    expect(internal.status).not.toBe(200);
    expect(await internal.text()).not.toContain('VCALENDAR');
  });
});
