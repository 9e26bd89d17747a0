import { spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuthUser, ReferralCodeInfo } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort, startTs, waitForHttp } from '../../scripts/lib/processes';
import { startStack, type RunningStack } from '../../scripts/lib/stack';

/** A raw request: the path goes out exactly as written (fetch would resolve `..`). */
function raw(url: string, pathname: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(
      { host: target.hostname, port: target.port, path: pathname, method: init.method ?? 'GET', headers: init.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** Each tried against the whole stack as an attacker or a careless operator would. */
describe('the gateway refuses abuse and survives outages (whole stack)', () => {
  let stack: RunningStack;
  let dataDir: string;
  let origin: string;

  const signIn = (email: string) => signInThroughDevProvider(stack.url, email);
  const call = (pathname: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${pathname}`, {
      redirect: 'manual',
      ...init,
      headers: { origin, cookie, ...(init.headers as Record<string, string>) },
    });
  const processOf = (name: string) => stack.processes.find((p) => p.name === name)!;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-hardening-'));
    stack = await startStack({ port: await freePort(), dataDir, env: { LOG_LEVEL: 'error', GATEWAY_RATE_API_PER_10S: '40' } });
    origin = new URL(stack.url).origin;
  }, 90_000);

  afterAll(async () => {
    for (const name of ['football', 'accounts']) {
      const pid = stack?.processes.find((p) => p.name === name)?.child.pid;
      if (pid) process.kill(pid, 'SIGCONT');
    }
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('nothing outside a built version directory is served: /remotes/<name>/../package.json is 404', async () => {
    for (const pathname of [
      '/remotes/mf-stats/../package.json',
      '/remotes/mf-stats/..%2F..%2Fpackage.json',
      '/remotes/mf-stats/./package.json',
    ]) {
      const response = await raw(stack.url, pathname);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('"name"');
    }
  });

  it('a client-sent X-Forwarded-Host never reaches a share link', async () => {
    const cookie = await signIn('forwarded@example.com');
    const response = await call('/api/referral/my-code', cookie, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const code = (await response.json()) as ReferralCodeInfo;
    expect(code.shareLink.startsWith(`${stack.url}/social-preview/`)).toBe(true);
  });

  it('a 5 MB body gets 413 with a message from the gateway, a body of unknown length 411; the user is unharmed', async () => {
    const cookie = await signIn('big-body@example.com');
    const huge = Buffer.alloc(5 * 1024 * 1024, 'a');
    const tooBig = await raw(stack.url, '/api/user/preferences', {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json', 'content-length': String(huge.length) },
      body: huge,
    }).catch((error: Error & { code?: string }) => ({
      status: error.code === 'EPIPE' || error.code === 'ECONNRESET' ? 413 : 0,
      headers: {},
      body: '',
    }));
    expect(tooBig.status).toBe(413);
    if (tooBig.body) expect(JSON.parse(tooBig.body)).toEqual({ message: 'Request body too large: at most 16 KB' });
    const chunked = await raw(stack.url, '/api/user/preferences', {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: Buffer.from('{"theme":"light"}'),
    });
    expect(chunked.status).toBe(411);
    const fine = await call('/api/user/preferences', cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ theme: 'light' }),
    });
    expect(fine.status).toBe(200);
  });

  it('delete-account under another spelling deletes nothing: one exact, case-sensitive path (405 at the gateway)', async () => {
    const cookie = await signIn('variants@example.com');
    for (const pathname of ['/api/auth/delete-account/', '/api/auth/Delete-Account', '/api/auth/DELETE-ACCOUNT']) {
      const response = await call(pathname, cookie, { method: 'DELETE' });
      expect(response.status).toBe(405);
      await response.body?.cancel();
    }
    const me = await call('/api/auth/user', cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as AuthUser).email).toBe('variants@example.com');
  });

  it('a method the sign-in routes do not take is 405 with Allow and a JSON message, as everywhere else', async () => {
    const cookie = await signIn('methods@example.com');
    const response = await call('/auth/logout', cookie, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect(await response.json()).toEqual({ message: 'PUT is not allowed on /auth/logout' });
  });

  it('/api itself is a JSON 404 like any unknown API path, not the app page', async () => {
    for (const pathname of ['/api', '/api/']) {
      const response = await fetch(`${stack.url}${pathname}`);
      expect([pathname, response.status, response.headers.get('content-type')]).toEqual([pathname, 404, expect.stringMatching(/json/)]);
      await response.body?.cancel();
    }
  });

  it("a sign-in callback with no sign-in in progress lands on the login page's message, not grant's text in the address", async () => {
    const response = await fetch(`${stack.url}/connect/google/callback?code=x&state=y`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?error=sign-in-failed');
  });

  it('an API body that is not JSON is 415 with a message, before any service reads it', async () => {
    const cookie = await signIn('not-json@example.com');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const response = await call('/api/referral/apply', cookie, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: type === 'application/x-www-form-urlencoded' ? 'referralCode=ABCDEFGH' : '{"referralCode":"ABCDEFGH"}',
      });
      expect([type, response.status]).toEqual([type, 415]);
      expect(await response.json()).toEqual({ message: 'Request bodies must be JSON: send Content-Type: application/json' });
    }
    const json = await call('/api/referral/apply', cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"referralCode":"ZZZZZZZZ"}',
    });
    expect(json.status).toBe(404); // read by the service: a well-formed code nobody has
    await json.body?.cancel();
  });

  it('pages carry the Content-Security-Policy, without inline script allowances', async () => {
    const response = await fetch(`${stack.url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('the API is rate-limited per session with 429 and Retry-After; another session is not affected', async () => {
    const greedy = await signIn('greedy@example.com');
    const calm = await signIn('calm@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const response = await call('/api/leagues', greedy);
        await response.body?.cancel();
        return { status: response.status, retryAfter: response.headers.get('retry-after') };
      }),
    );
    const limited = statuses.filter((s) => s.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(20);
    expect(limited.every((s) => /^\d+$/.test(s.retryAfter ?? ''))).toBe(true);
    expect((await call('/api/leagues', calm)).status).toBe(200);
  });

  it('a page opened under another host name is sent to PUBLIC_URL (same path), never elsewhere', async () => {
    const other = stack.url.replace('localhost', '127.0.0.1');
    const page = await fetch(`${other}/standings?leagueId=39`, { redirect: 'manual' });
    expect(page.status).toBe(308);
    expect(page.headers.get('location')).toBe(`${stack.url}/standings?leagueId=39`);
    const sneaky = await raw(other, '//evil.example/x');
    expect(sneaky.status).toBe(308);
    expect(sneaky.headers.location).toBe(`${stack.url}//evil.example/x`);
  });

  it('a hung service (SIGSTOP) answers 503 {message} within 2 s while the others keep answering; it recovers by itself', async () => {
    const cookie = await signIn('hung@example.com');
    const football = processOf('football').child.pid!;
    process.kill(football, 'SIGSTOP');
    try {
      const started = Date.now();
      const hung = await call('/api/standings?leagueId=39&season=2026', cookie, { signal: AbortSignal.timeout(5000) });
      const waited = Date.now() - started;
      expect(hung.status).toBe(503);
      expect(await hung.json()).toEqual({ message: 'The football service is not answering; try again shortly' });
      expect(waited).toBeLessThan(4000); // a bound on correctness (not hanging), not a speed figure
      expect((await call('/api/auth/user', cookie)).status).toBe(200);
      expect((await call('/api/referral/my-code', cookie)).status).toBe(200);
    } finally {
      process.kill(football, 'SIGCONT');
    }
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await call('/api/leagues', cookie);
      await response.body?.cancel();
      status = response.status;
    }
    expect(status).toBe(200);
  }, 30_000);

  it('accounts hung: /api/auth/user is 503 and the session survives; it works again once accounts answers', async () => {
    const cookie = await signIn('survivor@example.com');
    const accounts = processOf('accounts').child.pid!;
    process.kill(accounts, 'SIGSTOP');
    try {
      const hung = await call('/api/auth/user', cookie, { signal: AbortSignal.timeout(5000) });
      expect(hung.status).toBe(503);
      await hung.body?.cancel();
    } finally {
      process.kill(accounts, 'SIGCONT');
    }
    const me = await call('/api/auth/user', cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as AuthUser).email).toBe('survivor@example.com');
  }, 30_000);

  it('sign-in paths are rate-limited per address with 429 and Retry-After', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 130 && last?.status !== 429; i += 1) {
      last = await fetch(`${stack.url}/auth/google`, { redirect: 'manual' });
      await last.body?.cancel();
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('graceful shutdown', () => {
  it('SIGTERM lets a request in flight finish, then refuses new connections and exits 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = startTs(
      'draining',
      'api-gateway/test/fixtures/draining-service.ts',
      { ...process.env, PORT: String(port), LOG_LEVEL: 'error' },
      0,
    );
    await waitForHttp(`${url}/ready`, server);
    const inFlight = fetch(`${url}/slow`);
    const holding = async () => ((await (await fetch(`${url}/held`)).json()) as { held: number }).held > 0;
    while (!(await holding())) await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: '/slow' });
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/after`)).rejects.toThrow();
  }, 30_000);
});

/**
 * MariaDB restarted under load (with the MySQL test path, TEST_MYSQL_URL: MariaDB is installed). The
 * whole stack runs on a MariaDB of its own, which the test stops and starts again while requests keep
 * coming: they fail fast with 503 while it is down, /readyz says not ready, and afterwards everything
 * answers again with no process restarted.
 */
const mysqlCases: Array<[string]> = process.env.TEST_MYSQL_URL ? [['MariaDB']] : [];
for (const [label] of mysqlCases) {
  describe(`${label} restarted under load`, () => {
    let stack: RunningStack;
    let dataDir: string;
    let dbDir: string;
    let dbPort: number;
    const mariadb = (command: 'start' | 'resume' | 'stop') => {
      const result = spawnSync('bash', ['.ci/mariadb.sh', command, dbDir, String(dbPort)], { stdio: 'ignore', timeout: 60_000 });
      if (result.status !== 0) throw new Error(`.ci/mariadb.sh ${command} failed (${result.status})`);
    };

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-dbrestart-'));
      dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-dbrestart-mariadb-'));
      dbPort = await freePort();
      mariadb('start');
      stack = await startStack({
        port: await freePort(),
        dataDir,
        env: {
          LOG_LEVEL: 'fatal',
          SEED_DEMO: '0',
          DATABASE_URL: `mysql://matchday:matchday@127.0.0.1:${dbPort}`,
          GATEWAY_RATE_API_PER_10S: '1000000',
          GATEWAY_SESSION_IN_FLIGHT: '100000',
        },
      });
    }, 120_000);

    afterAll(async () => {
      await stack?.stop();
      if (dbDir) {
        mariadb('stop');
        fs.rmSync(dbDir, { recursive: true, force: true });
      }
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('requests fail fast with 503 while it is down, readiness reports it, and all recovers without a restart', async () => {
      const cookie = await signInThroughDevProvider(stack.url, 'restart@example.com');
      const pids = stack.processes.map((p) => p.child.pid);
      const read = async () => {
        const started = Date.now();
        try {
          const response = await fetch(`${stack.url}/api/referral/my-code`, {
            headers: { cookie },
            signal: AbortSignal.timeout(15_000),
          });
          await response.body?.cancel();
          return { status: response.status, ms: Date.now() - started };
        } catch {
          return { status: 0, ms: Date.now() - started };
        }
      };
      expect((await read()).status).toBe(200);

      mariadb('stop');
      const down = await Promise.all(Array.from({ length: 20 }, read));
      expect(down.filter((r) => r.status === 0)).toEqual([]);
      expect(down.every((r) => r.status === 503)).toBe(true);
      expect(Math.max(...down.map((r) => r.ms))).toBeLessThan(10_000); // failing, not hanging
      const notReady = await fetch(`${stack.url}/readyz`);
      expect(notReady.status).toBe(503);
      await notReady.body?.cancel();

      mariadb('resume');
      let status = 0;
      for (let attempt = 0; attempt < 60 && status !== 200; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        status = (await read()).status;
      }
      expect(status).toBe(200);
      const ready = await fetch(`${stack.url}/readyz`);
      expect(ready.status).toBe(200);
      await ready.body?.cancel();
      expect(stack.processes.map((p) => p.child.pid)).toEqual(pids);
    }, 120_000);
  });
}
