import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase, type Knex } from '@matchday/server';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort, startTs, waitForHttp, type ManagedProcess } from '../../scripts/lib/processes';
import { startStack, type RunningStack } from '../../scripts/lib/stack';

/**
 * Slow clients, request encodings, logout and sign-in sessions, each tried against the real gateway in front of the real
 * services (or a stand-in that answers slowly), as the attacker did.
 */

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the first HTTP response on a socket (bodies here are small and sent with Content-Length). */
function firstResponse(socket: net.Socket): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    let data = '';
    const done = () => {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const [statusLine = '', ...lines] = data.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? 0);
      const body = data.slice(end + 4);
      if (Buffer.byteLength(body) < length) return false;
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      return true;
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      done();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (!done()) reject(new Error(`connection closed before a full response: ${JSON.stringify(data.slice(0, 200))}`));
    });
  });
}

/**
 * A request whose body comes slowly: headers declaring `declared` bytes, then `send` bytes one at a time every
 * `everyMs` (0 bytes: the body never comes). The socket stays open until the test ends it.
 */
function slowRequest(
  url: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  declared: number,
  send: number,
  everyMs = 1000,
) {
  const target = new URL(url);
  const socket = net.connect(Number(target.port), target.hostname);
  const head = [`${method} ${pathname} HTTP/1.1`, `host: ${target.host}`, `content-length: ${declared}`, 'content-type: application/json']
    .concat(Object.entries(headers).map(([k, v]) => `${k}: ${v}`))
    .join('\r\n');
  socket.write(`${head}\r\n\r\n`);
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= send || socket.destroyed) return clearInterval(timer);
    socket.write('{');
    sent += 1;
  }, everyMs);
  if (send > 0) {
    socket.write('{');
    sent = 1;
  }
  const response = firstResponse(socket).finally(() => clearInterval(timer));
  return { response, end: () => (clearInterval(timer), socket.destroy()) };
}

const METRICS_TOKEN = 'metrics-token-round2-0123456789';
const ADMIN_EMAIL = 'boss@example.com';

describe('Slow bodies, encodings, logout, sign-in sessions, admin names (whole stack)', () => {
  let stack: RunningStack;
  let dataDir: string;
  let origin: string;
  let sessions: Knex;

  const signIn = (email: string) => signInThroughDevProvider(stack.url, email);
  const call = (pathname: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${pathname}`, {
      redirect: 'manual',
      ...init,
      headers: { origin, cookie, ...(init.headers as Record<string, string>) },
    });
  const circuitOpen = async (service: string) => {
    const metrics = await (await fetch(`${stack.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const line = metrics.split('\n').find((l) => l.startsWith('matchday_service_circuit_open{') && l.includes(`upstream="${service}"`));
    if (!line) throw new Error(`no circuit metric for ${service}`);
    return line.endsWith(' 1');
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-round2-'));
    stack = await startStack({
      port: await freePort(),
      dataDir,
      // four places per service, as in the report: slow bodies must not be able to take them
      env: { LOG_LEVEL: 'error', GATEWAY_MAX_IN_FLIGHT: '4', METRICS_TOKEN, ADMIN_EMAILS: ADMIN_EMAIL, GATEWAY_RATE_API_PER_10S: '100000' },
    });
    origin = new URL(stack.url).origin;
    sessions = await openDatabase({ client: 'sqlite', location: path.join(dataDir, 'gateway.sqlite') });
  }, 90_000);

  afterAll(async () => {
    await sessions?.destroy();
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('forty idle bodies (1 byte of 1000) each get 408; another user reads tips throughout and no circuit opens', async () => {
    const attacker = await signIn('idle.attacker@example.com');
    const fan = await signIn('idle.fan@example.com');
    const idle = Array.from({ length: 40 }, () =>
      slowRequest(stack.url, 'POST', '/api/user/preferences', { cookie: attacker, origin }, 1000, 1),
    );
    const reads: number[] = [];
    const settled = Promise.all(idle.map((r) => r.response));
    let finished = false;
    void settled.finally(() => (finished = true));
    while (!finished) {
      const response = await call('/api/tips', fan);
      await response.body?.cancel();
      reads.push(response.status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const replies = await settled;
    expect(replies.map((r) => r.status)).toEqual(Array(40).fill(408));
    expect(JSON.parse(replies[0]!.body)).toEqual({ message: 'The request body did not arrive within 5 s' });
    expect(reads.length).toBeGreaterThan(5);
    expect(reads.filter((status) => status !== 200)).toEqual([]);
    expect(await circuitOpen('accounts')).toBe(false);
    expect(await circuitOpen('insights')).toBe(false);
  }, 60_000);

  it('trickled bodies (one byte a second) never hold a place: with 4 places, a read answers while 6 trickle', async () => {
    const attacker = await signIn('trickle.attacker@example.com');
    const fan = await signIn('trickle.fan@example.com');
    const trickles = Array.from({ length: 6 }, () =>
      slowRequest(stack.url, 'POST', '/api/user/preferences', { cookie: attacker, origin }, 1000, 1000),
    );
    let trickleAnswered = false;
    const all = Promise.all(trickles.map((t) => t.response)).finally(() => (trickleAnswered = true));
    // (the trickles give up at 5 s: the reads have most of that to answer in, however busy the machine)
    await new Promise((resolve) => setTimeout(resolve, 500));
    // uncached reads of two services that do take places
    const tips = await call('/api/tips', fan);
    const code = await call('/api/referral/my-code', fan);
    expect(trickleAnswered).toBe(false); // the trickles were still going when these answered
    expect([tips.status, code.status]).toEqual([200, 200]);
    await tips.body?.cancel();
    await code.body?.cancel();
    expect((await all).map((r) => r.status)).toEqual(Array(6).fill(408));
    for (const t of trickles) t.end();
  }, 60_000);

  it('a method a path does not take is 405 before any body is read (the body never comes)', async () => {
    const cookie = await signIn('method@example.com');
    for (const pathname of ['/api/tips', '/api/leagues', '/api/referral/my-code']) {
      const request = slowRequest(stack.url, 'POST', pathname, { cookie, origin }, 1000, 0);
      const reply = await request.response;
      request.end();
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe('GET, HEAD');
      expect(JSON.parse(reply.body)).toEqual({ message: `POST is not allowed on ${pathname}` });
    }
    const put = await call('/api/user/preferences', cookie, { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(put.status).toBe(405);
    await put.body?.cancel();
  });

  it('a body sent in full still reaches the service whole (the gateway forwards what it read)', async () => {
    const cookie = await signIn('whole.body@example.com');
    const saved = await call('/api/user/preferences', cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ theme: 'light' }),
    });
    expect(saved.status).toBe(200);
    const me = await call('/api/auth/user', cookie);
    expect(((await me.json()) as { theme: string }).theme).toBe('light');
  });

  it('a compressed request body is 415 with a message, at the API and at /connect; never a 5xx', async () => {
    const cookie = await signIn('gzip@example.com');
    const plain = Buffer.from(JSON.stringify({ theme: 'dark' }));
    for (const [encoding, body] of [
      ['gzip', plain],
      ['br', plain],
      ['gzip', gzipSync(plain)],
      ['deflate', Buffer.from('xx')],
    ] as const) {
      for (const pathname of ['/api/user/preferences', '/api/referral/apply', '/connect/google']) {
        const response = await call(pathname, cookie, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body,
        });
        expect([pathname, encoding, response.status]).toEqual([pathname, encoding, 415]);
        expect(((await response.json()) as { message: string }).message).toMatch(/^Compressed request bodies are not accepted/);
      }
    }
  });

  it('logging out: a link on another site ends nothing; a cross-site POST is refused; our own POST and a same-site navigation do', async () => {
    const cookie = await signIn('logout@example.com');
    const me = async (c: string) => {
      const response = await fetch(`${stack.url}/api/auth/user`, { headers: { cookie: c } });
      await response.body?.cancel();
      return response.status;
    };
    for (const site of ['cross-site', 'same-site', undefined]) {
      const headers: Record<string, string> = { cookie };
      if (site) headers['sec-fetch-site'] = site;
      const link = await fetch(`${stack.url}/auth/logout`, { redirect: 'manual', headers });
      expect(link.status).toBe(302);
      await link.body?.cancel();
      expect(await me(cookie)).toBe(200);
    }
    const foreign = await fetch(`${stack.url}/auth/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(foreign.status).toBe(403);
    await foreign.body?.cancel();
    expect(await me(cookie)).toBe(200);

    const own = await call('/auth/logout', cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(own.status).toBe(303);
    expect(own.headers.get('location')).toBe('/');
    await own.body?.cancel();
    expect(await me(cookie)).toBe(401);

    const second = await signIn('logout.bookmark@example.com');
    const typed = await fetch(`${stack.url}/auth/logout`, { redirect: 'manual', headers: { cookie: second, 'sec-fetch-site': 'none' } });
    await typed.body?.cancel();
    expect(await me(second)).toBe(401);
  });

  it('an anonymous sign-in start stores a session that lives minutes; a completed sign-in gets the full lifetime', async () => {
    const before = Date.now();
    const start = await fetch(`${stack.url}/connect/google`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    await start.body?.cancel();
    const setCookie = start.headers.getSetCookie().find((line) => line.startsWith('matchday.sid='));
    expect(setCookie).toBeDefined();
    const id = /^matchday\.sid=([^;]+)/.exec(setCookie!)![1]!;
    const row = (await sessions('sessions').where({ id }).first()) as { expires_at: number; user_id: number | null };
    expect(row.user_id).toBeNull();
    expect(Number(row.expires_at) - before).toBeLessThanOrEqual(10 * 60_000 + 15_000);
    expect(Number(row.expires_at) - before).toBeGreaterThan(5 * 60_000);

    const cookie = await signIn('lifetime@example.com');
    const signedIn = /matchday\.sid=([^;]+)/.exec(cookie)![1]!;
    const userRow = (await sessions('sessions').where({ id: signedIn }).first()) as { expires_at: number; user_id: number | null };
    expect(userRow.user_id).not.toBeNull();
    expect(Number(userRow.expires_at) - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
  });

  it('a malformed remote name is 400 for an admin, not 500', async () => {
    const admin = await signIn(ADMIN_EMAIL);
    for (const name of ['%E0', '%E0%A4%A', '%']) {
      const response = await call(`/api/admin/remotes/${name}/rollback`, admin, { method: 'POST' });
      expect([name, response.status]).toEqual([name, 400]);
      expect(await response.json()).toEqual({ message: 'Malformed remote name in the path' });
    }
  });

  it('a streamed reply renews a session near its end: the cookie and the stored row are renewed, no error', async () => {
    const cookie = await signIn('renew@example.com');
    const id = /matchday\.sid=([^;]+)/.exec(cookie)![1]!;
    // two days left of seven: koa-session renews past half its life
    const row = (await sessions('sessions').where({ id }).first()) as { data: string };
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const soon = Date.now() + 2 * 24 * 3600_000;
    await sessions('sessions')
      .where({ id })
      .update({ data: JSON.stringify({ ...data, _expire: soon }), expires_at: soon });
    await new Promise((resolve) => setTimeout(resolve, 5200)); // the gateway's 5 s session read cache
    const streamed = await call('/api/referral/my-code', cookie);
    expect(streamed.status).toBe(200);
    await streamed.body?.cancel();
    expect(streamed.headers.getSetCookie().some((line) => line.startsWith('matchday.sid='))).toBe(true);
    const renewed = (await sessions('sessions').where({ id }).first()) as { expires_at: number };
    expect(Number(renewed.expires_at) - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
  }, 20_000);

  it('Expect: 100-continue with a body over the limit is refused with 413 before the upload starts', async () => {
    const target = new URL(stack.url);
    const result = await new Promise<{ status: number; continued: boolean; body: string }>((resolve, reject) => {
      let continued = false;
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: '/api/user/preferences',
          method: 'POST',
          headers: { expect: '100-continue', 'content-length': String(5 * 1024 * 1024), 'content-type': 'application/json' },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, continued, body }));
        },
      );
      request.on('continue', () => {
        continued = true;
        request.end(Buffer.alloc(5 * 1024 * 1024, 'a'));
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(result).toEqual({ status: 413, continued: false, body: JSON.stringify({ message: 'Request body too large: at most 16 KB' }) });
  });
});

describe('Behind TRUST_PROXY, the sign-in limit keys on the address the trusted proxy saw', () => {
  let stack: RunningStack;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-xff-'));
    stack = await startStack({
      port: await freePort(),
      dataDir,
      env: { LOG_LEVEL: 'error', TRUST_PROXY: '1', GATEWAY_RATE_AUTH_PER_MINUTE: '3' },
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const start = async (forwardedFor: string) => {
    const response = await fetch(`${stack.url}/auth/google`, { redirect: 'manual', headers: { 'x-forwarded-for': forwardedFor } });
    await response.body?.cancel();
    return response.status;
  };

  it('rotating the client-written entries of X-Forwarded-For gives 3 sign-in starts, not 8', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 8; n += 1) statuses.push(await start(`10.9.8.${n}, 127.0.0.1`));
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429, 429, 429]);
    // another client, as the proxy saw it, has its own allowance
    expect(await start('10.9.8.1, 192.0.2.7')).toBe(302);
  });
});

describe('One session cannot hold many of a service’s places', () => {
  let stack: RunningStack;
  let slow: ManagedProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-session-cap-'));
    const slowPort = await freePort();
    // each read is held 1.2 s (under the gateway's 2 s wait for a service): the burst's 12 all arrive while the
    // first four are held, however busy the machine
    slow = startTs(
      'slow-football',
      'api-gateway/test/fixtures/slow-service.ts',
      { ...process.env, PORT: String(slowPort), SLOW_MS: '1200' },
      1,
    );
    await waitForHttp(`http://127.0.0.1:${slowPort}/readyz`, slow);
    stack = await startStack({
      port: await freePort(),
      dataDir,
      serviceUrls: { football: `http://127.0.0.1:${slowPort}` },
      env: { LOG_LEVEL: 'error', GATEWAY_RATE_API_PER_10S: '100000', GATEWAY_SESSION_IN_FLIGHT: '4' },
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await slow?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('past 4 requests in flight a session gets 429 with Retry-After at once; another session is served', async () => {
    const greedy = await signInThroughDevProvider(stack.url, 'greedy.cap@example.com');
    const other = await signInThroughDevProvider(stack.url, 'other.cap@example.com');
    const read = async (cookie: string, n: number) => {
      const response = await fetch(`${stack.url}/api/standings?leagueId=${n}&season=2026`, { headers: { cookie } });
      await response.body?.cancel();
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    };
    const [burst, calm] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, (_, n) => read(greedy, n + 1))),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => read(other, 99)),
    ]);
    expect(burst.filter((r) => r.status === 200).length).toBe(4);
    expect(burst.filter((r) => r.status === 429).every((r) => r.retryAfter === '1')).toBe(true);
    expect(burst.filter((r) => r.status === 429).length).toBe(8);
    expect(calm).toEqual({ status: 200, retryAfter: null });
  }, 30_000);
});
