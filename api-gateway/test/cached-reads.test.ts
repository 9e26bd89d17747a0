import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Keygrip from 'keygrip';
import { openDatabase, type Knex } from '@matchday/server';
import { createGateway, SESSION_COOKIE } from '../src/app';
import { loadConfig } from '../src/config';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sessionKeyId } from '../src/sessions/lifetime';
import { KnexSessionStore, type SessionData } from '../src/sessions/session-store';

const SESSION_SECRET = 'session-secret-for-the-cached-reads-test-0123';
const PUBLIC_HOST = 'localhost:8080';
const METRICS_TOKEN = 'metrics-token-for-the-cached-reads-test';
const RATE_LIMIT = 40;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // the path as written (a URL string would be normalised: %2e%2e resolved)
    const { hostname, port, origin } = new URL(url);
    const rawPath = url.slice(origin.length);
    const headers = { host: PUBLIC_HOST, ...options.headers };
    const req = http.request({ hostname, port, path: rawPath, method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An answer as the two gateways are compared on: everything but the date and the request id's value. */
function comparable(answer: Answer): object {
  const { date, 'x-request-id': requestId, ...headers } = answer.headers;
  expect(date).toBeDefined();
  expect(requestId).toMatch(/^[\w-]{8,64}$/);
  return { status: answer.status, headers, body: answer.body.toString('base64') };
}

const standings = Buffer.from(JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ rank: i + 1, team: `Club ${i}`, points: 90 - i }))));

describe('cached signed-in reads answered without the middleware chain', () => {
  let root: string;
  const sessionDbs: Knex[] = [];
  const stores: KnexSessionStore[] = [];
  const servers: http.Server[] = [];
  /** The gateway as it runs, and the same gateway with every request through its middleware chain. */
  let short: string;
  let chain: string;
  let footballReads = 0;
  const keyId = sessionKeyId(SESSION_SECRET);
  const keygrip = new Keygrip([SESSION_SECRET]);

  /** A session as koa-session stores it (with its expiry and max age), and its signed cookie. */
  async function session(id: string, overrides: Partial<SessionData> = {}, expiresInMs = SESSION_IDLE_MS): Promise<string> {
    const data: SessionData = {
      user: { id: 7, email: 'fan@example.com' },
      signedInAt: Date.now(),
      keyId,
      _expire: Date.now() + expiresInMs,
      _maxAge: SESSION_IDLE_MS,
      ...overrides,
    };
    for (const store of stores) await store.set(id, data, SESSION_IDLE_MS);
    return `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=${keygrip.sign(`${SESSION_COOKIE}=${id}`)}`;
  }

  const shortReads = async () => {
    const metrics = await request(`${short}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    return Number(/^matchday_gateway_short_reads_total(?:\{[^}]*\})? (\d+)/m.exec(metrics.body.toString())?.[1] ?? NaN);
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-cached-reads-'));
    const football = http.createServer((req, res) => {
      footballReads += 1;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(req.url?.startsWith('/api/leagues') ? '[{"id":1,"name":"Premier League"}]' : standings);
    });
    servers.push(football);
    const footballUrl = await listen(football);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL: `http://${PUBLIC_HOST}`,
      FOOTBALL_URL: footballUrl,
      ACCOUNTS_URL: footballUrl,
      INSIGHTS_URL: footballUrl,
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET,
      INTERNAL_JWT_SECRET: 'internal-secret-for-the-cached-reads-test-0123',
      METRICS_TOKEN,
      GATEWAY_RATE_API_PER_10S: String(RATE_LIMIT),
    });
    fs.mkdirSync(config.dataDir, { recursive: true });
    // each its own sessions (a session one gateway ends must not be gone from the other's before it reads it)
    for (const cachedReads of [true, false]) {
      const sessionsDb = await openDatabase({ client: 'sqlite', location: path.join(root, 'data', `gateway-${cachedReads}.sqlite`) });
      sessionDbs.push(sessionsDb);
      const store = await KnexSessionStore.open(sessionsDb);
      stores.push(store);
      const server = http.createServer(createGateway(config, { sessionsDb, sessionStore: store, cachedReads }).callback());
      servers.push(server);
      if (cachedReads) short = await listen(server);
      else chain = await listen(server);
    }
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    for (const store of stores) store.close();
    for (const db of sessionDbs) await db.destroy();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** The same request to both gateways (after one that fills their caches and session reads): the same answer. */
  async function same(pathname: string, options: Parameters<typeof request>[1] = {}): Promise<Answer> {
    const [fromShort, fromChain] = await Promise.all([request(`${short}${pathname}`, options), request(`${chain}${pathname}`, options)]);
    expect({ pathname, ...comparable(fromShort) }).toEqual({ pathname, ...comparable(fromChain) });
    return fromShort;
  }

  it('answers a hit, its br, gzip and identity forms, a 304 and a cache-buster as the chain does, without the chain', async () => {
    const cookie = await session('reader-session-1');
    const standingsPath = '/api/standings?leagueId=1&season=2026';
    for (const warm of ['/api/leagues', standingsPath]) await same(warm, { headers: { cookie } });
    const before = await shortReads();

    const leagues = await same('/api/leagues', { headers: { cookie } });
    expect(leagues.status).toBe(200);
    expect(leagues.headers['x-cache']).toBe('HIT');
    expect(leagues.headers['cache-control']).toBe('private, no-cache');
    expect(leagues.headers['content-security-policy']).toContain("default-src 'none'");
    const br = await same(standingsPath, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await same(standingsPath, { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const identity = await same(standingsPath, { headers: { cookie, 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(identity.body).toEqual(standings);
    const notModified = await same(standingsPath, { headers: { cookie, 'if-none-match': String(br.headers.etag) } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-type']).toBeUndefined();
    await same(`${standingsPath}&_cb=123`, { headers: { cookie } });
    await same('/api/leagues', { headers: { cookie: `theme=dark;${cookie}` } });

    expect((await shortReads()) - before).toBe(7);
  });

  it('leaves to the chain every request a rule would answer otherwise, and the chain answers it as before', async () => {
    const cookie = await session('reader-session-2');
    await same('/api/leagues', { headers: { cookie } });
    const before = await shortReads();
    const readsBefore = footballReads;

    // signed out, a forged signature, a session from another SESSION_SECRET or past its lifetime: 401
    expect((await same('/api/leagues')).status).toBe(401);
    const forged = cookie.replace(/\.sig=[\w-]+/, '.sig=AAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await same('/api/leagues', { headers: { cookie: forged } })).status).toBe(401);
    const rotated = await session('reader-session-old-secret', { keyId: 'another-secret-0' });
    expect((await same('/api/leagues', { headers: { cookie: rotated } })).status).toBe(401);
    const old = await session('reader-session-too-old', { signedInAt: Date.now() - SESSION_ABSOLUTE_MS - 1000 });
    expect((await same('/api/leagues', { headers: { cookie: old } })).status).toBe(401);
    // a session due for renewal is renewed (a new cookie) by the chain
    const renewing = await session('reader-session-renew', {}, SESSION_IDLE_MS / 2 - 60_000);
    const renewed = await same('/api/leagues', { headers: { cookie: renewing } });
    expect(renewed.status).toBe(200);
    expect(String(renewed.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=reader-session-renew`);
    // a HEAD, a body on a GET, a refused path, an admin route, a live read
    const head = await same('/api/leagues', { method: 'HEAD', headers: { cookie } });
    expect([head.status, head.headers['x-cache'], head.body.length]).toEqual([200, 'HIT', 0]);
    expect((await same('/api/leagues', { headers: { cookie, 'content-length': '2' }, body: '{}' })).status).toBe(415);
    const refused = await same('/api/leagues/%2e%2e/fixtures', { headers: { cookie } });
    expect([refused.status, refused.body.toString()]).toEqual([400, '{"message":"Invalid path"}']);
    expect((await same('/api/admin/users', { headers: { cookie } })).status).toBe(403);
    expect((await same('/api/standings?leagueId=1&season=2026&live=1', { headers: { cookie } })).status).toBe(200);

    expect(await shortReads()).toBe(before);
    // only the live read (never cached) went to the service, from both gateways: the HEAD was answered from the cache
    expect(footballReads - readsBefore).toBe(2);
  });

  it('counts a short read against the session rate limit, and the chain refuses the read past it', async () => {
    const cookie = await session('reader-session-limit');
    const statuses = { short: [] as number[], chain: [] as number[] };
    for (let i = 0; i < RATE_LIMIT + 2; i += 1) {
      statuses.short.push((await request(`${short}/api/leagues`, { headers: { cookie } })).status);
      statuses.chain.push((await request(`${chain}/api/leagues`, { headers: { cookie } })).status);
    }
    expect(statuses.short).toEqual(statuses.chain);
    expect(statuses.short.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.short.slice(RATE_LIMIT)).toEqual([429, 429]);
  });
});
