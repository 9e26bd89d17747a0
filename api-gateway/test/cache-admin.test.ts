import type { AdminCacheSize } from '@matchday/contracts';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { startTestGateway, TEST_PUBLIC_URL, type TestGateway } from './fixtures/test-gateway';

const ADMIN = 'boss@example.com';
const METRICS_TOKEN = 'metrics-token-for-the-cache-admin-test';

/**
 * GET /api/admin/cache through a real gateway in front of the real football service: the response cache's entries
 * and the bytes they hold, the figure /metrics has, for administrators only, and emptied by clear-cache.
 */
describe('the response cache on the admin dashboard', () => {
  let service: RunningService;
  let gateway: TestGateway;
  let gatewayUrl: string;

  const size = async (cookie: string): Promise<AdminCacheSize> => {
    const response = await fetch(`${gatewayUrl}/api/admin/cache`, { headers: { cookie } });
    expect([response.status, response.headers.get('cache-control')]).toEqual([200, 'no-store']);
    return (await response.json()) as AdminCacheSize;
  };

  beforeAll(async () => {
    const [, sqlite] = testDatabases()[0]!;
    service = await startService({ ...football, onStart: undefined }, sqlite('football'));
    gateway = await startTestGateway({ football: service.url }, { ADMIN_EMAILS: ADMIN, METRICS_TOKEN });
    gatewayUrl = gateway.url;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  it('answers administrators with the entries and the bytes they really hold, as /metrics counts them; clear-cache empties it', async () => {
    const admin = await gateway.cookieFor(1, ADMIN);
    const fan = await gateway.cookieFor(2, 'fan@example.com');
    expect((await fetch(`${gatewayUrl}/api/admin/cache`)).status).toBe(401);
    const refused = await fetch(`${gatewayUrl}/api/admin/cache`, { headers: { cookie: fan } });
    expect([refused.status, await refused.json()]).toEqual([403, { message: 'Administrators only' }]);
    expect(await size(admin)).toEqual({ entries: 0, bytes: 0, maxBytes: 64 * 1024 * 1024, hits: 0, misses: 0 });

    // two public reads, the second one twice: two entries, one hit
    const bodies: number[] = [];
    for (const read of ['/api/leagues', '/api/dataset', '/api/dataset?_cb=2']) {
      const response = await fetch(`${gatewayUrl}${read}`, { headers: { cookie: fan } });
      expect(response.status).toBe(200);
      bodies.push((await response.arrayBuffer()).byteLength);
    }
    const held = await size(admin);
    expect(held).toMatchObject({ entries: 2, hits: 1, misses: 2 });
    // each entry counts its body, and its key, headers and the objects around it on top (600 bytes and more)
    expect(held.bytes).toBeGreaterThan(bodies[0]! + bodies[1]! + 2 * 600);
    const metrics = await (await fetch(`${gatewayUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(new RegExp(`^matchday_cache_bytes(\\{[^}]*\\})? ${held.bytes}$`, 'm'));

    const cleared = await fetch(`${gatewayUrl}/api/admin/clear-cache`, {
      method: 'POST',
      headers: { cookie: admin, origin: TEST_PUBLIC_URL },
    });
    expect(await cleared.json()).toEqual({ message: 'Cache cleared', cleared: 2 });
    expect(await size(admin)).toMatchObject({ entries: 0, bytes: 0 });
  });
});
