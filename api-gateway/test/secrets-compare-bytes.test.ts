import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Keygrip from 'keygrip';
import { dropMysqlDatabase, openDatabase, type Knex } from '@matchday/server';
import { startService, testDatabases, TEST_SECRET, type RunningService } from '@matchday/testing';
import { createAccounts } from '@matchday/accounts/src/service';
import { accountsConfig } from '@matchday/accounts/src/config';
import type { PersonalCalendar } from '@matchday/contracts';
import { createGateway, SESSION_COOKIE } from '../src/app';
import { loadConfig } from '../src/config';
import { SESSION_IDLE_MS, sessionKeyId } from '../src/sessions/lifetime';
import { KnexSessionStore, type SessionData } from '../src/sessions/session-store';

const SESSION_SECRET = 'session-secret-for-the-secrets-test-01234567';
const PUBLIC_URL = 'http://localhost:8080';

/** The letters of `value` with their case swapped (digits and symbols as they are). */
const swapCase = (value: string) => [...value].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/**
 * Secrets through the real gateway in front of the real accounts service: the reply carrying a new calendar URL is
 * never cached, and a session id or a calendar token whose letters changed case is not the same secret, on every
 * database (MySQL databases are created case-insensitive).
 */
describe.each(testDatabases())('secrets through the gateway (%s)', (_label, target) => {
  let root: string;
  let accounts: RunningService;
  let sessionsDb: Knex;
  let store: KnexSessionStore;
  let gatewayUrl: string;
  let userId: number;
  const sessionsTarget = target('gateway');
  const servers: http.Server[] = [];

  const listen = async (server: http.Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  /** The Cookie header for session `id`, signed as the gateway signs it. */
  const cookieOf = (id: string) =>
    `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=${new Keygrip([SESSION_SECRET]).sign(`${SESSION_COOKIE}=${id}`)}`;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-secrets-'));
    // the football service's part of a personal calendar: an empty one
    const football = await listen(
      http.createServer((req, res) => {
        if (req.url?.startsWith('/internal/calendar/feed'))
          res.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
        else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      }),
    );
    const definition = createAccounts(accountsConfig({ FOOTBALL_URL: football, INTERNAL_JWT_SECRET: TEST_SECRET, ALERTS_POLL_MS: 0 }));
    accounts = await startService({ ...definition, onStart: undefined }, target('accounts'));
    [userId] = (await accounts
      .db('users')
      .insert({ email: 'secret.fan@example.com', referral_code: 'SECRET23', created_at: new Date() })) as [number];
    if (!userId)
      userId = Number(((await accounts.db('users').where({ email: 'secret.fan@example.com' }).first('id')) as { id: number }).id);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL,
      FOOTBALL_URL: football,
      ACCOUNTS_URL: accounts.url,
      INSIGHTS_URL: football,
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET,
      INTERNAL_JWT_SECRET: TEST_SECRET,
    });
    sessionsDb = await openDatabase(sessionsTarget);
    store = await KnexSessionStore.open(sessionsDb);
    gatewayUrl = await listen(http.createServer(createGateway(config, { sessionsDb, sessionStore: store }).callback()));
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    store?.close();
    await sessionsDb?.destroy();
    if (sessionsTarget.client === 'mysql') await dropMysqlDatabase(sessionsTarget.location);
    await accounts?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** A signed-in session of the test's user, with letters of both cases in its id. */
  async function session(): Promise<string> {
    const id = `Sess-${Math.random().toString(36).slice(2)}-AbCd`;
    const data = { user: { id: userId, email: 'secret.fan@example.com' }, signedInAt: Date.now(), keyId: sessionKeyId(SESSION_SECRET) };
    await store.set(id, { ...data, _expire: Date.now() + SESSION_IDLE_MS, _maxAge: SESSION_IDLE_MS } as SessionData, SESSION_IDLE_MS);
    return id;
  }

  it('the reply to a calendar rotation (a new secret URL) is no-store', async () => {
    const cookie = cookieOf(await session());
    const rotated = await fetch(`${gatewayUrl}/api/user/calendar/rotate`, { method: 'POST', headers: { cookie, origin: PUBLIC_URL } });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(((await rotated.json()) as PersonalCalendar).feedUrl).toMatch(/\/api\/calendar\/me\/[\w-]+\.ics$/);
  });

  it('signed-in replies that carry personal data and set no caching of their own are no-store', async () => {
    const cookie = cookieOf(await session());
    for (const pathname of ['/api/referral/my-code', '/api/referral/my-referrals', '/api/user/follows', '/api/user/preferences']) {
      const reply = await fetch(`${gatewayUrl}${pathname}`, { headers: { cookie } });
      await reply.body?.cancel();
      expect([pathname, reply.status, reply.headers.get('cache-control')]).toEqual([pathname, 200, 'no-store']);
    }
  });

  it('a calendar token with its letters in another case is not the token', async () => {
    const cookie = cookieOf(await session());
    const { feedUrl } = (await (await fetch(`${gatewayUrl}/api/user/calendar`, { headers: { cookie } })).json()) as PersonalCalendar;
    const token = /\/api\/calendar\/me\/([\w-]+)\.ics$/.exec(feedUrl)![1]!;
    expect(swapCase(token)).not.toBe(token);
    const own = await fetch(`${gatewayUrl}/api/calendar/me/${token}.ics`);
    expect(own.status).toBe(200);
    await own.body?.cancel();
    const changed = await fetch(`${gatewayUrl}/api/calendar/me/${swapCase(token)}.ics`);
    expect(changed.status).toBe(404);
    expect(((await changed.json()) as { message: string }).message).toBe('Calendar not found');
  });

  it('a session id with its letters in another case is not the session (signed as the gateway would sign it)', async () => {
    const id = await session();
    const own = await fetch(`${gatewayUrl}/api/auth/user`, { headers: { cookie: cookieOf(id) } });
    await own.body?.cancel();
    expect(own.status).not.toBe(401);
    const changed = await fetch(`${gatewayUrl}/api/auth/user`, { headers: { cookie: cookieOf(swapCase(id)) } });
    await changed.body?.cancel();
    expect(changed.status).toBe(401);
  });
});
