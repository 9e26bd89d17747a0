import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import type { PublicAppConfig } from '@matchday/contracts';
import { loadConfig } from '../src/config';
import { appConfig } from '../src/frontends/app-config';
import { securityHeaders } from '../src/middleware/security-headers';

/** Spec §7 page-path reporting: off by default, configured by ANALYTICS_ENDPOINT / ANALYTICS_DOMAIN. */

const COLLECTOR = 'https://stats.example.org';
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-analytics-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const env = () => ({
  FOOTBALL_URL: 'http://f',
  ACCOUNTS_URL: 'http://a',
  INSIGHTS_URL: 'http://i',
  INTERNAL_JWT_SECRET: 'x'.repeat(40),
  DEV_OIDC_ISSUER: 'http://localhost:1',
  DATA_DIR: root,
});

async function get(app: Koa, url: string): Promise<Response> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function connectSrc(csp: string): string[] {
  return (csp.split(';').find((part) => part.trim().startsWith('connect-src ')) ?? '').trim().split(/\s+/).slice(1);
}

describe('analytics configuration', () => {
  it('is off unless ANALYTICS_ENDPOINT is set; the domain defaults to the host of PUBLIC_URL', () => {
    expect(loadConfig(env()).analytics).toBeNull();
    expect(loadConfig({ ...env(), ANALYTICS_ENDPOINT: `${COLLECTOR}/api/event`, PUBLIC_URL: 'https://matchday.app' }).analytics).toEqual({
      endpoint: `${COLLECTOR}/api/event`,
      domain: 'matchday.app',
    });
    expect(
      loadConfig({ ...env(), ANALYTICS_ENDPOINT: `${COLLECTOR}/api/event`, ANALYTICS_DOMAIN: 'beta.matchday.app' }).analytics?.domain,
    ).toBe('beta.matchday.app');
  });

  it('refuses an endpoint that is not an http(s) URL and a domain that is not a host name, naming the variable', () => {
    expect(() => loadConfig({ ...env(), ANALYTICS_ENDPOINT: 'javascript:alert(1)' })).toThrow(/ANALYTICS_ENDPOINT/);
    expect(() => loadConfig({ ...env(), ANALYTICS_ENDPOINT: `${COLLECTOR}/e`, ANALYTICS_DOMAIN: 'a b/c' })).toThrow(/ANALYTICS_DOMAIN/);
  });

  it('reaches the pages through /app-config.json, and the CSP lets pages send to the collector origin only', async () => {
    const config = loadConfig({ ...env(), ANALYTICS_ENDPOINT: `${COLLECTOR}/api/event`, PUBLIC_URL: 'https://matchday.app' });
    const app = new Koa();
    app.use(securityHeaders({ shellIndex: path.join(root, 'none.html'), production: false, analyticsOrigin: COLLECTOR }));
    app.use(appConfig(config));
    const response = await get(app, '/app-config.json');
    expect((await response.json()) as PublicAppConfig).toEqual({
      supportEmail: 'support@matchday.app',
      analytics: { endpoint: `${COLLECTOR}/api/event`, domain: 'matchday.app' },
      replay: null,
    });
    expect(connectSrc(response.headers.get('content-security-policy') ?? '')).toEqual(["'self'", COLLECTOR]);
  });
});

describe('/app-config.json while a replay is served', () => {
  const replay = {
    label: 'Premier League 2024-25',
    shiftMs: 730 * 86_400_000,
    first: '2024-08-16T19:00:00.000Z',
    last: '2025-05-25T15:00:00.000Z',
  };

  it('tells the pages what is replayed, its shift and the real instant that is now; null when the data is no replay', async () => {
    const config = loadConfig(env());
    const app = new Koa();
    app.use(appConfig(config, async () => ({ demo: false, replay })));
    const before = Date.now();
    const body = (await (await get(app, '/app-config.json')).json()) as PublicAppConfig;
    expect(body.replay).toEqual({ ...replay, asOf: expect.any(String) });
    const asOf = Date.parse(body.replay!.asOf);
    expect(asOf).toBeGreaterThanOrEqual(before - replay.shiftMs);
    expect(asOf).toBeLessThanOrEqual(Date.now() - replay.shiftMs);

    const plain = new Koa();
    plain.use(appConfig(config, async () => ({ demo: true, replay: null })));
    expect(((await (await get(plain, '/app-config.json')).json()) as PublicAppConfig).replay).toBeNull();
  });
});
