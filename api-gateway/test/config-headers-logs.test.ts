import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { answerMalformedRequest, createLogger, requestLogging, WARM_UP_HEADER, warmUpMark, type Knex } from '@matchday/server';
import { loadConfig, type GatewayConfig } from '../src/config';
import { health } from '../src/health/router';
import { securityHeaders } from '../src/middleware/security-headers';
import { SESSION_ABSOLUTE_MS, sessionKeyId, sessionLifetime } from '../src/sessions/lifetime';

const SERVICES = { FOOTBALL_URL: 'http://127.0.0.1:1', ACCOUNTS_URL: 'http://127.0.0.1:2', INSIGHTS_URL: 'http://127.0.0.1:3' };
const SECRET = 'x'.repeat(40);

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

async function serve(app: Koa, run: (url: string) => Promise<void>): Promise<void> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  try {
    await run(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  } finally {
    server.close();
  }
}

describe('configuration is checked at start-up (one zod schema)', () => {
  it('production refuses the development sign-in whatever is set, and names every missing variable', () => {
    const message = configError({
      ...SERVICES,
      NODE_ENV: 'production',
      INTERNAL_JWT_SECRET: SECRET,
      GOOGLE_CLIENT_ID: '',
      DEV_OIDC_ISSUER: 'http://localhost:9',
    });
    expect(message).toContain('GOOGLE_CLIENT_ID: is required in production (the development sign-in is never used there)');
    expect(message).toContain('GOOGLE_CLIENT_SECRET: is required in production');
    expect(message).toContain('SESSION_SECRET: is required in production');
    expect(message).toContain('PUBLIC_URL: is required in production');
  });

  it('the session secret once committed under .data-dev/ (commit 6917e58) is refused everywhere', () => {
    // This value is public: it was in the repository. It is here only to prove that nothing accepts it.
    const published = 'adb4f126fd2fada97827167ff9bc0061773968ca9f640b17ac1fefedc4da1527';
    const message = configError({
      ...SERVICES,
      INTERNAL_JWT_SECRET: SECRET,
      DEV_OIDC_ISSUER: 'http://localhost:9',
      SESSION_SECRET: published,
    });
    expect(message).toContain('SESSION_SECRET: was published in the repository: generate a new one');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-published-'));
    try {
      fs.writeFileSync(path.join(dir, 'session-secret'), `${published}\n`);
      const config = loadConfig({ ...SERVICES, INTERNAL_JWT_SECRET: SECRET, DEV_OIDC_ISSUER: 'http://localhost:9', DATA_DIR: dir });
      expect(config.sessionSecret).not.toBe(published);
      expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a short INTERNAL_JWT_SECRET, a service URL that is not a URL and a bad number stop the start with their names', () => {
    const message = configError({
      ...SERVICES,
      ACCOUNTS_URL: 'accounts',
      INTERNAL_JWT_SECRET: 'short',
      DEV_OIDC_ISSUER: 'http://localhost:9',
      GATEWAY_MAX_IN_FLIGHT: '500',
    });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('INTERNAL_JWT_SECRET: must be at least 32 characters');
    expect(message).toContain('ACCOUNTS_URL: must be an http(s) URL');
    expect(message).toContain('GATEWAY_MAX_IN_FLIGHT: must be at most 128');
  });

  it('production with a Google client and secrets starts with Google sign-in', () => {
    const config = loadConfig({
      ...SERVICES,
      NODE_ENV: 'production',
      INTERNAL_JWT_SECRET: SECRET,
      SESSION_SECRET: SECRET,
      PUBLIC_URL: 'https://matchday.example',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      DEV_OIDC_ISSUER: 'http://localhost:9',
    });
    expect(config.oidc.kind).toBe('google');
    expect(config.production).toBe(true);
  });

  it('a service given a short INTERNAL_JWT_SECRET exits at once with one clear line', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'services/insights/src/server.ts'], {
      env: { ...process.env, INTERNAL_JWT_SECRET: 'short', PORT: '0', DATA_DIR: '/nonexistent-not-reached' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('insights: Invalid configuration:\n  INTERNAL_JWT_SECRET: must be at least 32 characters');
  });
});

describe('sessions: absolute lifetime and secret rotation', () => {
  const keyId = sessionKeyId(SECRET);
  async function after(session: Record<string, unknown>, now: number): Promise<unknown> {
    const ctx = { session } as unknown as Koa.Context;
    await sessionLifetime(keyId, () => now)(ctx, async () => undefined);
    return ctx.session;
  }

  it('keeps a session inside its lifetime, ends one past 30 days or made under another secret', async () => {
    const signedInAt = Date.parse('2026-01-01T00:00:00Z');
    const session = { user: { id: 1, email: 'a@b.c' }, signedInAt, keyId };
    expect(await after({ ...session }, signedInAt + SESSION_ABSOLUTE_MS - 1000)).toEqual(session);
    expect(await after({ ...session }, signedInAt + SESSION_ABSOLUTE_MS + 1000)).toBeNull();
    expect(await after({ ...session, keyId: sessionKeyId('y'.repeat(40)) }, signedInAt + 1000)).toBeNull();
    expect(await after({ user: { id: 1, email: 'a@b.c' } }, signedInAt)).toBeNull();
  });
});

describe('security headers', () => {
  it('production adds HSTS; every answer carries a CSP with no inline scripts, no framing and a Permissions-Policy', async () => {
    const app = new Koa();
    app.use(securityHeaders({ shellIndex: '/nonexistent/index.html', production: true }));
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    await serve(app, async (url) => {
      const response = await fetch(url);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;| )/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    });
  });

  it("API answers carry a policy that allows nothing, nosniff, no framing and HSTS in production, not the pages' policy", async () => {
    const app = new Koa();
    app.use(securityHeaders({ shellIndex: '/nonexistent/index.html', production: true }));
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    await serve(app, async (url) => {
      const response = await fetch(`${url}/api/leagues`);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('permissions-policy')).toBeNull();
      const page = await fetch(`${url}/standings`);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    });
  });

  it("scripts, styles and images carry nosniff, the resource policy and HSTS, not a document's policy; the service worker and a script opened as a page keep it", async () => {
    const app = new Koa();
    app.use(securityHeaders({ shellIndex: '/nonexistent/index.html', production: true }));
    app.use((ctx) => {
      ctx.body = 'x';
    });
    await serve(app, async (url) => {
      const script = await fetch(`${url}/main.0123abcd.js`);
      expect(script.headers.get('x-content-type-options')).toBe('nosniff');
      expect(script.headers.get('cross-origin-resource-policy')).toBe('same-site');
      expect(script.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(script.headers.get('content-security-policy')).toBeNull();
      expect(script.headers.get('permissions-policy')).toBeNull();
      const worker = await fetch(`${url}/sw.js`);
      expect(worker.headers.get('content-security-policy')).toContain("worker-src 'self'");
      const opened = await fetch(`${url}/main.0123abcd.js`, { headers: { 'sec-fetch-dest': 'document' } });
      expect(opened.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });
  });
});

/** A log destination that keeps every line written to it. */
function logLines(): { lines: string[]; sink: Writable } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, sink };
}

describe('logs', () => {
  it('cookies, authorization headers and identity tokens never reach a log line', async () => {
    const { lines, sink } = logLines();
    const app = new Koa();
    app.use(requestLogging(createLogger('redaction-test', sink)));
    app.use((ctx) => {
      ctx.cookies.set('matchday.sid', 'set-cookie-secret');
      ctx.body = { ok: true };
    });
    await serve(app, async (url) => {
      const response = await fetch(url, {
        headers: { cookie: 'matchday.sid=cookie-secret', authorization: 'Bearer auth-secret', 'x-matchday-identity': 'identity-secret' },
      });
      await response.text();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = lines.join('');
    expect(log).toContain('"url":"/"');
    expect(log).toContain('[redacted]');
    for (const secret of ['cookie-secret', 'auth-secret', 'identity-secret', 'set-cookie-secret']) expect(log).not.toContain(secret);
  });

  it("a service's quiet paths (football's live feed, polled every 100 ms) are logged at debug when they succeed, and at error when they fail", async () => {
    const { lines, sink } = logLines();
    const app = new Koa();
    app.use(requestLogging(createLogger('polling-test', sink), { quietPaths: ['/internal/live/feed'] }));
    app.use((ctx) => {
      ctx.status = ctx.query.fail ? 500 : 200;
      ctx.body = { ok: true };
    });
    await serve(app, async (url) => {
      for (const path of ['/internal/live/feed?after=0&limit=200', '/internal/live/feed?after=0&fail=1', '/api/leagues'])
        await (await fetch(`${url}${path}`)).text();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = lines.map((line) => JSON.parse(line) as { level: number; req?: { url?: string } });
    const urls = (level: number) => logged.filter((line) => line.level === level).map((line) => line.req?.url);
    expect(urls(30)).toEqual(['/api/leagues']);
    expect(urls(50)).toEqual(['/internal/live/feed?after=0&fail=1']);
  });
});

describe('the warm-up at start', () => {
  it("requests marked with the internal secret's warm-up mark are logged at debug, a forged mark like any other request", async () => {
    const { lines, sink } = logLines();
    const app = new Koa();
    const mark = warmUpMark('internal-secret');
    app.use(requestLogging(createLogger('warm-up-test', sink), { warmUp: mark }));
    app.use((ctx) => {
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
    });
    await serve(app, async (url) => {
      await (await fetch(`${url}/marked`, { headers: { [WARM_UP_HEADER]: mark } })).text();
      await (await fetch(`${url}/forged`, { headers: { [WARM_UP_HEADER]: warmUpMark('a guess') } })).text();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = lines.map((line) => JSON.parse(line) as { level: number; req?: { url?: string } });
    expect(logged.filter((line) => line.level >= 30).map((line) => line.req?.url)).toEqual(['/forged']);
  });

  it('/readyz answers 503 while the gateway warms up', async () => {
    let warming = true;
    const app = new Koa();
    // no services to ask: ready once the session database answers
    const config = { services: {} } as unknown as GatewayConfig;
    app.use(health(config, { raw: async () => [] } as unknown as Knex, () => warming));
    await serve(app, async (url) => {
      const during = await fetch(`${url}/readyz`);
      expect(during.status).toBe(503);
      expect(await during.json()).toEqual({ status: 'warming up' });
      warming = false;
      const after = await fetch(`${url}/readyz`);
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ status: 'ready', checks: { sessions: true } });
    });
  });
});

describe('requests refused by the HTTP parser', () => {
  it('a URL over 16 KB gets 431 with a JSON message, not an empty reply', async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    const server = http.createServer(app.callback());
    server.on('clientError', answerMalformedRequest);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/?q=${'a'.repeat(20_000)}`);
      expect(response.status).toBe(431);
      expect(await response.json()).toEqual({ message: 'Request URL or headers too large (at most 16 KB)' });
    } finally {
      server.close();
    }
  });
});
