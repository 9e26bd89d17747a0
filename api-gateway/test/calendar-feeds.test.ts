import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { SESSION_COOKIE } from '../src/app';
import { startTestGateway, type TestGateway } from './fixtures/test-gateway';

/**
 * The public calendar feeds through the gateway: no cookie, no sign-in, the service's ETag and
 * Cache-Control come back, If-None-Match reaches the service and its 304 comes back, and no session cookie is
 * set on a reply that shared caches may keep. The real football service (demo data) behind a real gateway.
 */
describe('calendar feeds through the gateway', () => {
  let service: RunningService;
  let gateway: TestGateway;
  let gatewayUrl: string;
  let teamId: number;

  beforeAll(async () => {
    const [, sqlite] = testDatabases()[0]!;
    service = await startService(football, sqlite('football'), { seed: true });
    teamId = Number(((await service.db('teams').orderBy('id').first('id')) as { id: number }).id);
    // accounts and insights are not called on these paths
    gateway = await startTestGateway({ football: service.url });
    gatewayUrl = gateway.url;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  it('serves a team feed without a cookie (200, text/calendar, ETag) and answers 304 to its ETag', async () => {
    const url = `${gatewayUrl}/api/calendar/team/${teamId}.ics`;
    const first = await fetch(url);
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=900');
    expect(first.headers.get('content-disposition')).toBe(`inline; filename="matchday-team-${teamId}.ics"`);
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain('BEGIN:VEVENT\r\n');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    // the same bytes through the gateway as from the service itself
    const direct = await service.request(`/api/calendar/team/${teamId}.ics`);
    expect(await direct.text()).toBe(body);
    expect(direct.headers.get('etag')).toBe(etag);

    for (const header of [etag!, `W/${etag}`]) {
      const again = await fetch(url, { headers: { 'if-none-match': header } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=900');
      expect(await again.text()).toBe('');
    }
    expect((await fetch(url, { headers: { 'if-none-match': '"not-this-one"' } })).status).toBe(200);
  });

  it('sets no cookie on a public feed fetched by a signed-in user whose session is due for renewal', async () => {
    // last saved long ago: koa-session renews such a session (a new Set-Cookie) on its next use
    const cookie = await gateway.cookieFor(7, 'fan@example.com', 60_000);
    const sessionId = /=([^;]+)/.exec(cookie)![1]!;
    const feed = await fetch(`${gatewayUrl}/api/calendar/team/${teamId}.ics`, { headers: { cookie } });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('cache-control')).toBe('public, max-age=900');
    expect(feed.headers.get('set-cookie')).toBeNull();
    // the session was due: a signed-in read with it renews it
    const read = await fetch(`${gatewayUrl}/api/leagues`, { headers: { cookie } });
    expect(read.status).toBe(200);
    expect(read.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=${sessionId}`);
  });

  it('passes the refusals through as JSON and leaves the internal feed unrouted', async () => {
    const bad = await fetch(`${gatewayUrl}/api/calendar/team/abc.ics`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/expected \{teamId\}\.ics/);
    const unknown = await fetch(`${gatewayUrl}/api/calendar/league/987654/2026.ics`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('League not found');
    // other football reads still need a session
    expect((await fetch(`${gatewayUrl}/api/leagues`)).status).toBe(401);
    const internal = await fetch(`${gatewayUrl}/internal/calendar/feed?teams=${teamId}`, { redirect: 'manual' });
    expect(internal.status).not.toBe(200);
    expect(await internal.text()).not.toContain('VCALENDAR');
  });
});
