import fs from 'node:fs';
import path from 'node:path';
import type { SyncRunReply, SyncStatusReply } from '@matchday/contracts';
import { repoRoot, type ServiceDefinition } from '@matchday/server';
import { startService, startStaticUpstream, testDatabases, type RunningService, type StaticUpstreamStandIn } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { UPSTREAM_TIMEOUT_MS } from '../src/proxy/proxy';
import { startTestGateway, TEST_PUBLIC_URL, type TestGateway } from './fixtures/test-gateway';

const PUBLIC_URL = TEST_PUBLIC_URL;
const ADMIN = 'boss@example.com';
const PATH = '2025-26/en.1.json';

/**
 * The admin sync endpoints through a real gateway in front of the real football service, whose sync reads a stand-in
 * of raw.githubusercontent.com serving a real football.json snapshot: admins only, the cross-site rule of every
 * admin write, a run answered once finished (even past the proxy's wait for a service), the status never cached.
 */
describe('GET and POST /api/admin/sync through the gateway', () => {
  let upstream: StaticUpstreamStandIn;
  let service: RunningService;
  let gateway: TestGateway;
  let gatewayUrl: string;
  const saved = { ...process.env };
  const cookieFor = (id: number, email: string) => gateway.cookieFor(id, email);

  beforeAll(async () => {
    upstream = await startStaticUpstream();
    // the football service's sync, from its environment as in production; one-second timeout, the default retries
    Object.assign(process.env, {
      SYNC_FOOTBALL_JSON: 'en.1',
      SYNC_FOOTBALL_JSON_URL: upstream.url,
      SYNC_SEASON: '2025-26',
      SYNC_TIMEOUT_S: '1',
    });
    const [, sqlite] = testDatabases()[0]!;
    // without its timers: no run at start, the test asks for every run
    const definition: ServiceDefinition = { ...football, onStart: undefined };
    service = await startService(definition, sqlite('football'));
    gateway = await startTestGateway({ football: service.url }, { ADMIN_EMAILS: ADMIN });
    gatewayUrl = gateway.url;
  }, 60_000);

  afterAll(async () => {
    process.env = saved;
    await gateway?.close();
    await service?.close();
    await upstream?.close();
  });

  it('refuses the anonymous (401), a fan (403) and a cross-site POST (403); runs for an administrator and answers what each league did', async () => {
    upstream.serve({ [PATH]: fs.readFileSync(path.resolve(repoRoot, '../shared/data/openfootball/football-json/2026-03-04', PATH)) });
    const admin = await cookieFor(1, ADMIN);
    const fan = await cookieFor(2, 'fan@example.com');
    const origin = PUBLIC_URL;
    expect((await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'POST', headers: { origin } })).status).toBe(401);
    const refused = await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'POST', headers: { cookie: fan, origin } });
    expect([refused.status, await refused.json()]).toEqual([403, { message: 'Administrators only' }]);
    expect((await fetch(`${gatewayUrl}/api/admin/sync`, { headers: { cookie: fan } })).status).toBe(403);
    const crossSite = await fetch(`${gatewayUrl}/api/admin/sync`, {
      method: 'POST',
      headers: { cookie: admin, origin: 'https://evil.example' },
    });
    expect([crossSite.status, await crossSite.json()]).toEqual([403, { message: 'Cross-site request refused' }]);
    expect(upstream.requests).toHaveLength(0);

    const ran = await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'POST', headers: { cookie: admin, origin } });
    expect(ran.status).toBe(200);
    expect(ran.headers.get('cache-control')).toBe('no-store');
    const reply = (await ran.json()) as SyncRunReply;
    expect(reply.leagues).toHaveLength(1);
    expect(reply.leagues[0]).toMatchObject({
      code: 'en.1',
      outcome: 'fetched',
      resultsAdded: 281,
      fixturesNew: 380,
      url: `${upstream.url}/${PATH}`,
    });

    const status = (await (await fetch(`${gatewayUrl}/api/admin/sync`, { headers: { cookie: admin } })).json()) as SyncStatusReply;
    expect(status).toMatchObject({ enabled: true, baseUrl: upstream.url });
    expect(status.leagues[0]).toMatchObject({ code: 'en.1', leagueName: 'Premier League', season: '2025-26', lastError: null });
    expect(status.leagues[0]!.lastRunAt).toBe(reply.leagues[0]!.at);
    expect(status.leagues[0]!.lastChangeAt).toBe(reply.leagues[0]!.at);
    // a PUT is no write the gateway takes
    expect((await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'PUT', headers: { cookie: admin, origin } })).status).toBe(405);
  });

  it('answers a run whose upstream hangs once it has given up, past the proxy wait for a service, with the error and the URL', async () => {
    upstream.misbehave(PATH, 'hang');
    const admin = await cookieFor(1, ADMIN);
    const ran = await fetch(`${gatewayUrl}/api/admin/sync`, { method: 'POST', headers: { cookie: admin, origin: PUBLIC_URL } });
    expect(ran.status).toBe(200);
    const [league] = ((await ran.json()) as SyncRunReply).leagues;
    expect(league).toMatchObject({
      code: 'en.1',
      outcome: 'failed',
      error: `${upstream.url}/${PATH}: no answer within 1000 ms (3 attempts)`,
    });
    // three attempts of a second each: longer than the proxy waits for a service (a 503 through it)
    expect(3 * 1000).toBeGreaterThan(UPSTREAM_TIMEOUT_MS);
    const status = (await (await fetch(`${gatewayUrl}/api/admin/sync`, { headers: { cookie: admin } })).json()) as SyncStatusReply;
    expect(status.leagues[0]).toMatchObject({ lastError: league!.error, lastRun: { outcome: 'failed' } });
  }, 30_000);
});
