import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AuthUser, SignInProfile } from '@matchday/contracts';
import { openDatabase, type Knex } from '@matchday/server';
import { startService, testDatabases, TEST_SECRET, type RunningService } from '@matchday/testing';
import { accountsConfig, accountsEnvSchema } from '@matchday/accounts/src/config';
import { createAccounts } from '@matchday/accounts/src/service';
import Keygrip from 'keygrip';
import { createGateway, SESSION_COOKIE } from '../src/app';
import { loadConfig } from '../src/config';
import { SESSION_IDLE_MS, sessionKeyId } from '../src/sessions/lifetime';
import { KnexSessionStore, type SessionData } from '../src/sessions/session-store';

const SESSION_SECRET = 'session-secret-for-the-push-devices-test-0123';
const PUBLIC_URL = 'http://localhost:8080';
/** The one loopback origin the accounts service is told to accept (the test-only allowance); nothing listens there. */
const TEST_ORIGIN = 'https://127.0.0.1:4999';

const newKeys = () => ({ p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') });
const subscription = (endpoint: string, keys = newKeys()) => ({ endpoint, expirationTime: null, keys });

/**
 * Push devices through the real gateway and the accounts service: keys that cannot encrypt a push, endpoints
 * that name this machine or a private network, the device cap of the account a device moves to, and one row per
 * device however its endpoint's scheme and host are written.
 */
describe.each(testDatabases())('push devices through the gateway on %s', (_label, makeTarget) => {
  let root: string;
  let accounts: RunningService;
  let sessionsDb: Knex;
  let store: KnexSessionStore;
  let gatewayUrl: string;
  let users = 0;
  const servers: http.Server[] = [];

  const listen = async (server: http.Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  /** A signed-in fan: the account as the gateway creates it at sign-in, and a session cookie for it. */
  async function fan(): Promise<{ id: number; cookie: string }> {
    const email = `device-owner${(users += 1)}@example.com`;
    const profile: SignInProfile = { email, firstName: 'Fan', lastName: 'One', profileImageUrl: null, loginMethod: 'google' };
    const created = await accounts.request('/internal/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(profile),
      identity: { scope: 'internal', userId: undefined },
    });
    expect(created.status).toBe(200);
    const user = (await created.json()) as AuthUser;
    const sessionId = `push-devices-session-${users}`;
    const session = { user: { id: user.id, email }, signedInAt: Date.now(), keyId: sessionKeyId(SESSION_SECRET) };
    await store.set(
      sessionId,
      { ...session, _expire: Date.now() + SESSION_IDLE_MS, _maxAge: SESSION_IDLE_MS } as SessionData,
      SESSION_IDLE_MS,
    );
    const signature = new Keygrip([SESSION_SECRET]).sign(`${SESSION_COOKIE}=${sessionId}`);
    return { id: user.id, cookie: `${SESSION_COOKIE}=${sessionId}; ${SESSION_COOKIE}.sig=${signature}` };
  }
  const subscribe = (cookie: string, body: unknown) =>
    fetch(`${gatewayUrl}/api/push/subscriptions`, {
      method: 'POST',
      headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const devicesOf = async (userId: number) =>
    (
      (await accounts.db('push_subscriptions').where({ user_id: userId }).orderBy('id').select('endpoint')) as Array<{ endpoint: string }>
    ).map((row) => row.endpoint);

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-push-devices-'));
    accounts = await startService(
      createAccounts(accountsConfig({ NODE_ENV: 'test', ALERTS_POLL_MS: 0, PUSH_TEST_ORIGINS: TEST_ORIGIN })),
      makeTarget('accounts'),
    );
    // football and insights are not called on these paths
    const elsewhere = await listen(http.createServer((_req, res) => res.writeHead(500).end()));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL,
      FOOTBALL_URL: elsewhere,
      ACCOUNTS_URL: accounts.url,
      INSIGHTS_URL: elsewhere,
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET,
      INTERNAL_JWT_SECRET: TEST_SECRET,
    });
    fs.mkdirSync(path.join(root, 'data'), { recursive: true });
    sessionsDb = await openDatabase({ client: 'sqlite', location: path.join(root, 'data', 'gateway.sqlite') });
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
    await accounts?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const endpoint = 'https://fcm.googleapis.com/fcm/send/';
  const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 4)]).toString('base64url');
  it.each([
    ['a 65-byte p256dh that is not a point on P-256', { p256dh: offCurve }, 'keys.p256dh: not a point on the P-256 curve'],
    ['a 64-byte p256dh', { p256dh: Buffer.alloc(64, 4).toString('base64url') }, 'keys.p256dh: wrong length: must be 65 bytes, got 64'],
    ['a 66-byte p256dh', { p256dh: Buffer.alloc(66, 4).toString('base64url') }, 'keys.p256dh: wrong length: must be 65 bytes, got 66'],
    [
      'a compressed point padded to 65 bytes',
      { p256dh: Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 4)]).toString('base64url') },
      'keys.p256dh: must be an uncompressed P-256 point (first byte 0x04)',
    ],
    ['a 15-byte auth', { auth: Buffer.alloc(15, 7).toString('base64url') }, 'keys.auth: wrong length: must be 16 bytes, got 15'],
    ['a 17-byte auth', { auth: Buffer.alloc(17, 7).toString('base64url') }, 'keys.auth: wrong length: must be 16 bytes, got 17'],
    ['a p256dh that is not base64url', { p256dh: 'not base64!' }, 'keys.p256dh: must be base64url'],
  ])('%s -> 400 saying what is wrong, nothing stored', async (_case, keys, message) => {
    const user = await fan();
    const response = await subscribe(user.cookie, subscription(`${endpoint}${users}`, { ...newKeys(), ...keys }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it.each([
    'http://127.0.0.1:4999/push/a',
    'https://127.0.0.1:5000/push/a',
    'http://[::1]:22/',
    'https://[::1]/push',
    'http://2130706433/',
    'http://0x7f.1/',
    'https://0177.0.0.1/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[::ffff:7f00:1]/push',
    'https://10.1.2.3/push',
    'https://172.16.0.1/push',
    'https://192.168.1.10/push',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/push',
    'https://[fd00::1]/push',
    'https://0.0.0.0/push',
    'https://localhost/push',
    'https://push.localhost/push',
    'https://LOCALHOST./push',
    'https://intranet/push',
  ])('%s is refused as a push endpoint (400), nothing stored', async (url) => {
    const user = await fan();
    const response = await subscribe(user.cookie, subscription(url));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^endpoint: /);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('accepts the test-only origin, and only as configured: its scheme and port exactly', async () => {
    const user = await fan();
    expect((await subscribe(user.cookie, subscription(`${TEST_ORIGIN}/push/ok`))).status).toBe(201);
    expect(await devicesOf(user.id)).toEqual([`${TEST_ORIGIN}/push/ok`]);
    // no default rule lets loopback through: without the allowance the same endpoint is refused
    expect(accountsConfig({ NODE_ENV: 'test' }).pushTestOrigins).toEqual([]);
    expect(() => accountsConfig({ NODE_ENV: 'production', PUSH_TEST_ORIGINS: TEST_ORIGIN })).toThrow(/refused in production/);
    const checked = accountsEnvSchema.safeParse({
      NODE_ENV: 'production',
      INTERNAL_JWT_SECRET: TEST_SECRET,
      PUSH_TEST_ORIGINS: TEST_ORIGIN,
    });
    expect(checked.error?.issues.find((issue) => issue.path[0] === 'PUSH_TEST_ORIGINS')?.message).toBe(
      'is for tests only and is refused in production',
    );
  });

  it('one device is one row however its scheme and host are written', async () => {
    const user = await fan();
    expect((await subscribe(user.cookie, subscription('https://FCM.GoogleAPIs.com/fcm/send/Same-Device'))).status).toBe(201);
    expect((await subscribe(user.cookie, subscription('HTTPS://fcm.googleapis.COM:443/fcm/send/Same-Device'))).status).toBe(200);
    expect((await subscribe(user.cookie, subscription('https://fcm.googleapis.com/fcm/send/Same-Device'))).status).toBe(200);
    expect(await devicesOf(user.id)).toEqual(['https://fcm.googleapis.com/fcm/send/Same-Device']);
    // the path is the push service's own: another case there is another device
    expect((await subscribe(user.cookie, subscription('https://fcm.googleapis.com/fcm/send/same-device'))).status).toBe(201);
    expect(await devicesOf(user.id)).toHaveLength(2);
    // and unsubscribing finds it however it is written
    const response = await fetch(`${gatewayUrl}/api/push/subscriptions`, {
      method: 'DELETE',
      headers: { cookie: user.cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'https://FCM.googleapis.com/fcm/send/Same-Device' }),
    });
    expect(response.status).toBe(204);
    expect(await devicesOf(user.id)).toEqual(['https://fcm.googleapis.com/fcm/send/same-device']);
  });

  it('the 10-device cap applies to the account a device moves to', async () => {
    const first = await fan();
    const second = await fan();
    const mine = Array.from({ length: 10 }, (_, i) => `https://updates.push.services.mozilla.com/wpush/v2/first-${i}`);
    const theirs = Array.from({ length: 10 }, (_, i) => `https://updates.push.services.mozilla.com/wpush/v2/second-${i}`);
    for (const url of mine) expect((await subscribe(first.cookie, subscription(url))).status).toBe(201);
    for (const url of theirs) expect((await subscribe(second.cookie, subscription(url))).status).toBe(201);
    // every one of the first account's browsers is signed in to the second account, one after the other
    for (const url of mine) {
      expect((await subscribe(second.cookie, subscription(url))).status).toBe(200);
      expect((await devicesOf(second.id)).length).toBeLessThanOrEqual(10);
    }
    // the second account keeps its ten newest: the moved ones; the first has none left
    expect((await devicesOf(second.id)).sort()).toEqual([...mine].sort());
    expect(await devicesOf(first.id)).toEqual([]);
  });
});
