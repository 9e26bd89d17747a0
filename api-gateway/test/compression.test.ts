import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Keygrip from 'keygrip';
import { openDatabase, signIdentity, type Knex } from '@matchday/server';
import { precompressDir } from '../../scripts/lib/build';
import { createGateway, SESSION_COOKIE } from '../src/app';
import { loadConfig } from '../src/config';
import { IdentitySigner } from '../src/proxy/identity';
import { rememberingKeygrip } from '../src/sessions/cookie-keys';
import { SESSION_IDLE_MS, sessionKeyId } from '../src/sessions/lifetime';
import { KnexSessionStore } from '../src/sessions/session-store';

const SESSION_SECRET = 'session-secret-for-the-compression-test-0123';
const INTERNAL_SECRET = 'internal-secret-for-the-compression-test-0123';
const PUBLIC_HOST = 'localhost:8080';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (still encoded). */
  raw: Buffer;
}

/** A GET with Node's http (fetch would decode the body and hide what was sent). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host: PUBLIC_HOST, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function decoded(answer: Answer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(answer.raw);
  if (coding === 'gzip') return zlib.gunzipSync(answer.raw);
  return answer.raw;
}

/** JSON of about `bytes` bytes that compresses well, as the football answers do. */
function jsonOf(bytes: number, tag: string): Buffer {
  const rows = Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => ({ id: i, name: `${tag} club ${i}`, points: i % 40 }));
  return Buffer.from(JSON.stringify(rows));
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('compression and HTTP caching at the gateway', () => {
  let root: string;
  let gatewayUrl: string;
  let cookie: string;
  let sessionsDb: Knex;
  let store: KnexSessionStore;
  const servers: http.Server[] = [];
  const footballCalls: string[] = [];
  const bigLeagues = jsonOf(6000, 'league');
  const smallStandings = Buffer.from(JSON.stringify([{ rank: 1, team: 'Arsenal' }]));
  const bigReferrals = jsonOf(3000, 'referral');
  const mainJs = Buffer.from(`console.log(${JSON.stringify('matchday '.repeat(800))});\n`);
  const indexHtml = Buffer.from(
    `<!doctype html><html><head><title>Matchday</title></head><body>${'<div>shell</div>'.repeat(150)}</body></html>`,
  );

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-compression-'));
    const shellDist = path.join(root, 'frontends', 'shell', 'dist');
    const remoteDist = path.join(root, 'frontends', 'mf-stats', 'dist', '0.1.0');
    fs.mkdirSync(shellDist, { recursive: true });
    fs.mkdirSync(remoteDist, { recursive: true });
    fs.writeFileSync(path.join(shellDist, 'main.0123abcd.js'), mainJs);
    fs.writeFileSync(path.join(shellDist, 'tiny.0123abcd.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(shellDist, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(shellDist, 'sw.js'), mainJs);
    fs.writeFileSync(path.join(remoteDist, 'remoteEntry.js'), mainJs);
    await precompressDir(path.join(root, 'frontends'));

    const football = http.createServer((req, res) => {
      footballCalls.push(req.url ?? '');
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(req.url?.startsWith('/api/leagues') ? bigLeagues : smallStandings);
    });
    const accounts = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(req.url?.startsWith('/api/referral/my-referrals') ? bigReferrals : '{"ok":true}');
    });
    servers.push(football, accounts);
    const footballUrl = await listen(football);
    const accountsUrl = await listen(accounts);

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL: `http://${PUBLIC_HOST}`,
      FOOTBALL_URL: footballUrl,
      ACCOUNTS_URL: accountsUrl,
      INSIGHTS_URL: accountsUrl,
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET,
      INTERNAL_JWT_SECRET: INTERNAL_SECRET,
    });
    sessionsDb = await openDatabase({ client: 'sqlite', location: path.join(root, 'data', 'gateway.sqlite') });
    store = await KnexSessionStore.open(sessionsDb);
    const sessionId = 'compression-test-session';
    await store.set(
      sessionId,
      { user: { id: 7, email: 'fan@example.com' }, signedInAt: Date.now(), keyId: sessionKeyId(SESSION_SECRET) },
      SESSION_IDLE_MS,
    );
    const signature = new Keygrip([SESSION_SECRET]).sign(`${SESSION_COOKIE}=${sessionId}`);
    cookie = `${SESSION_COOKIE}=${sessionId}; ${SESSION_COOKIE}.sig=${signature}`;
    const gateway = http.createServer(createGateway(config, { sessionsDb, sessionStore: store }).callback());
    servers.push(gateway);
    gatewayUrl = await listen(gateway);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    store?.close();
    await sessionsDb?.destroy();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  describe('build outputs', () => {
    it('precompressDir writes .br and .gz siblings for files of 1 KB or more and leaves small files alone', () => {
      const shellDist = path.join(root, 'frontends', 'shell', 'dist');
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(shellDist, 'main.0123abcd.js.br')))).toEqual(mainJs);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(shellDist, 'index.html.gz')))).toEqual(indexHtml);
      expect(fs.existsSync(path.join(shellDist, 'tiny.0123abcd.js.br'))).toBe(false);
      expect(fs.existsSync(path.join(root, 'frontends', 'mf-stats', 'dist', '0.1.0', 'remoteEntry.js.br'))).toBe(true);
    });

    it('serves a hashed asset as br, gzip or identity by Accept-Encoding, immutable, with Vary and its JavaScript type', async () => {
      const url = `${gatewayUrl}/main.0123abcd.js`;
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      const plain = await get(url);
      expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual([
        'br',
        'gzip',
        undefined,
      ]);
      expect(br.raw.length).toBeLessThan(mainJs.length / 4);
      for (const answer of [br, gz, plain]) {
        expect(answer.status).toBe(200);
        expect(decoded(answer)).toEqual(mainJs);
        expect(answer.headers['content-type']).toMatch(/javascript/);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.raw).toEqual(mainJs);
    });

    it('index.html (a page), sw.js and a remote entry are no-cache, compressed, and revalidate to 304', async () => {
      const page = await get(`${gatewayUrl}/standings`, { 'accept-encoding': 'br' });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-encoding']).toBe('br');
      expect(decoded(page)).toEqual(indexHtml);
      for (const [url, answer] of [
        ['/standings', page],
        ['/sw.js', await get(`${gatewayUrl}/sw.js`, { 'accept-encoding': 'gzip' })],
        [
          '/remotes/mf-stats/0.1.0/remoteEntry.js',
          await get(`${gatewayUrl}/remotes/mf-stats/0.1.0/remoteEntry.js`, { 'accept-encoding': 'gzip' }),
        ],
      ] as const) {
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        const again = await get(`${gatewayUrl}${url}`, { 'if-modified-since': String(answer.headers['last-modified']) });
        expect(again.status).toBe(304);
        expect(again.raw.length).toBe(0);
      }
      expect((await get(`${gatewayUrl}/missing.0123abcd.js`, { 'accept-encoding': 'br' })).status).toBe(404);
    });
  });

  describe('JSON answers', () => {
    it('a cached football read is sent in its stored br or gzip form, private, with Vary, and 304 by ETag in any coding', async () => {
      const calls = footballCalls.length;
      const br = await get(`${gatewayUrl}/api/leagues`, { cookie, 'accept-encoding': 'gzip, deflate, br' });
      const gz = await get(`${gatewayUrl}/api/leagues?_cb=2`, { cookie, 'accept-encoding': 'gzip' });
      const plain = await get(`${gatewayUrl}/api/leagues?_cb=3`, { cookie });
      expect(footballCalls.length - calls).toBe(1);
      expect([br.headers['x-cache'], gz.headers['x-cache'], plain.headers['x-cache']]).toEqual(['MISS', 'HIT', 'HIT']);
      expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual([
        'br',
        'gzip',
        undefined,
      ]);
      for (const answer of [br, gz, plain]) {
        expect(answer.status).toBe(200);
        expect(decoded(answer)).toEqual(bigLeagues);
        expect(answer.headers['content-type']).toMatch(/application\/json/);
        expect(answer.headers['cache-control']).toBe('private, no-cache');
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
      }
      expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
      for (const etag of [br.headers.etag, gz.headers.etag, plain.headers.etag]) {
        const revalidated = await get(`${gatewayUrl}/api/leagues`, { cookie, 'accept-encoding': 'br', 'if-none-match': String(etag) });
        expect(revalidated.status).toBe(304);
      }
      const changed = await get(`${gatewayUrl}/api/leagues`, { cookie, 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
      expect(changed.status).toBe(200);
    });

    it('a football answer under 1 KB is sent as it is', async () => {
      const small = await get(`${gatewayUrl}/api/standings?leagueId=39&season=2026`, { cookie, 'accept-encoding': 'br, gzip' });
      expect(small.status).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.raw).toEqual(smallStandings);
    });

    it('answers streamed from other services are compressed at 1 KB or more, not below', async () => {
      const big = await get(`${gatewayUrl}/api/referral/my-referrals`, { cookie, 'accept-encoding': 'gzip' });
      expect(big.status).toBe(200);
      expect(big.headers['content-encoding']).toBe('gzip');
      expect(big.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(big)).toEqual(bigReferrals);
      const small = await get(`${gatewayUrl}/api/referral/my-code`, { cookie, 'accept-encoding': 'gzip' });
      expect(small.status).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.raw.toString())).toEqual({ ok: true });
    });
  });
});

describe('per-request work', () => {
  it('an identity token is signed once for its lifetime (concurrent requests share it) and per service and session', async () => {
    let signed = 0;
    const counting: typeof signIdentity = (identity, secret, audience) => {
      signed += 1;
      return signIdentity(identity, secret, audience);
    };
    const signer = new IdentitySigner(INTERNAL_SECRET, { sign: counting });
    const fan = { scope: 'user' as const, userId: 7, email: 'fan@example.com', isAdmin: false, sessionId: 's1' };
    const tokens = await Promise.all(Array.from({ length: 20 }, () => signer.sign('football', fan)));
    for (let i = 0; i < 5; i += 1) tokens.push(await signer.sign('football', fan));
    expect(new Set(tokens).size).toBe(1);
    expect(signed).toBe(1);
    await signer.sign('insights', fan);
    await signer.sign('football', { ...fan, sessionId: 's2' });
    expect(signed).toBe(3);

    // A token closer to its expiry than the margin is never handed out again.
    let late = 0;
    const lateSigner = new IdentitySigner(INTERNAL_SECRET, {
      reuseMarginMs: 61_000,
      sign: (identity, secret, audience) => {
        late += 1;
        return signIdentity(identity, secret, audience);
      },
    });
    await lateSigner.sign('football', fan);
    await lateSigner.sign('football', fan);
    expect(late).toBe(2);
  });

  it('the session cookie keys verify a signature once, refuse wrong ones every time, and sign as Keygrip does', () => {
    const keygrip = new Keygrip([SESSION_SECRET]);
    const keys = rememberingKeygrip([SESSION_SECRET]);
    const data = `${SESSION_COOKIE}=abc`;
    const signature = keygrip.sign(data);
    expect(keys.sign(data)).toBe(signature);
    expect(keys.index(data, signature)).toBe(0);
    expect(keys.verify(data, signature)).toBe(true);
    expect(keys.index(data, `${signature.slice(0, -1)}x`)).toBe(-1);
    expect(keys.verify(`${SESSION_COOKIE}=abd`, signature)).toBe(false);
  });
});
