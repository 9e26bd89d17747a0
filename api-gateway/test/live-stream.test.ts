import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LiveChange, LiveSnapshot, MatchEvent } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort, repoRoot } from '../../scripts/lib/processes';
import { startStack, type RunningStack } from '../../scripts/lib/stack';
import { readEvents as readSse, type SseEvent } from './support/sse';

/**
 * The live stream through the real gateway, on a replay of the real Premier League 2024-25
 * (football-data.co.uk: half-time and full-time scores, no minutes) placed at 16:01:10 UTC on Boxing Day 2024:
 * five matches kicked off at 15:00 and are at half time (10 changes in the feed already); their second halves
 * start at 16:02, 50 s after the replay is planned: time for a slow, busy machine to import, start the stack and
 * sign in before the first snapshot is read.
 */

/** The stream's events until `until` says stop (a minute at most: the replay's clock is the real one). */
const readEvents = async (response: Response, until: (events: SseEvent[]) => boolean, timeoutMs = 60_000): Promise<SseEvent[]> =>
  (await readSse(response, until, timeoutMs)).events;

describe('live matches: snapshot, timeline and the stream, through the gateway (replay of PL 2024-25 on Boxing Day)', () => {
  let stack: RunningStack;
  let dataDir: string;
  let cookie: string;

  const open = (init: { lastEventId?: string; cookie?: string } = {}) =>
    fetch(`${stack.url}/api/live/stream`, {
      headers: {
        cookie: init.cookie ?? cookie,
        accept: 'text/event-stream',
        ...(init.lastEventId ? { 'last-event-id': init.lastEventId } : {}),
      },
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-live-'));
    stack = await startStack({
      port: await freePort(),
      dataDir,
      env: { LOG_LEVEL: 'error', GATEWAY_STREAMS_PER_SESSION: '3' },
      replay: ['football-data-co-uk', path.resolve(repoRoot, '../shared/data/football-data-co-uk/E0-2425.csv')],
      asOf: '2024-12-26T16:01:10Z',
    });
    cookie = await signInThroughDevProvider(stack.url, 'live.fan@example.com');
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('GET /api/live: the five Boxing Day 15:00 matches at half time, with no invented running score', async () => {
    expect((await fetch(`${stack.url}/api/live`)).status).toBe(401);
    const snapshot = (await (await fetch(`${stack.url}/api/live`, { headers: { cookie } })).json()) as LiveSnapshot;
    expect(snapshot.feedSeq).toBeGreaterThanOrEqual(10);
    const atHalfTime = snapshot.matches.filter((m) => m.minute === 'HT');
    expect(atHalfTime.length).toBe(5);
    for (const match of atHalfTime) {
      expect(match).toMatchObject({ status: 'live', period: 'HT', lastSeq: 2 });
      // football-data.co.uk has the half-time score: shown once half time has passed
      expect(match.goalsHome).not.toBeNull();
    }
  });

  it('live reads never come from the gateway cache: no X-Cache, a new snapshot each time', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${stack.url}/api/live`, { headers: { cookie } });
      expect(response.headers.get('x-cache')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      await response.body?.cancel();
    }
  });

  it('GET /api/fixture-events/{id}: the timeline so far; 400 for a bad id, 404 for an unknown fixture', async () => {
    const snapshot = (await (await fetch(`${stack.url}/api/live`, { headers: { cookie } })).json()) as LiveSnapshot;
    const id = snapshot.matches[0]!.fixtureId;
    const timeline = (await (await fetch(`${stack.url}/api/fixture-events/${id}`, { headers: { cookie } })).json()) as MatchEvent[];
    expect(timeline.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'kick-off'],
      [2, 'half-time'],
    ]);
    expect((await fetch(`${stack.url}/api/fixture-events/abc`, { headers: { cookie } })).status).toBe(400);
    expect((await fetch(`${stack.url}/api/fixture-events/99999999`, { headers: { cookie } })).status).toBe(404);
  });

  it('the stream: 401 when signed out; a snapshot first, then each change as it happens, with its feed position as id', async () => {
    const anonymous = await fetch(`${stack.url}/api/live/stream`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
    const response = await open();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const events = (await readEvents(response, (seen) => seen.filter((e) => e.event === 'change').length >= 5)).filter(
      (e) => e.event !== 'ping',
    );
    expect(events[0]!.event).toBe('snapshot');
    const snapshot = events[0]!.data as LiveSnapshot;
    expect(events[0]!.id).toBe(String(snapshot.feedSeq));
    const changes = events.slice(1).map((e) => e.data as LiveChange);
    // the five second halves, in feed order, each once, each newer than the snapshot
    expect(changes.map((c) => c.event.kind)).toEqual(Array(5).fill('second-half'));
    expect(changes.map((c) => c.feedSeq)).toEqual([1, 2, 3, 4, 5].map((n) => snapshot.feedSeq + n));
    expect(events.slice(1).map((e) => e.id)).toEqual(changes.map((c) => String(c.feedSeq)));
    expect(changes.every((c) => c.match.period === '2H' && c.match.minute === '46')).toBe(true);
  }, 90_000);

  it('Last-Event-ID resumes with every missed change exactly once and in order; an unknown id gets a fresh snapshot', async () => {
    const latest = ((await (await fetch(`${stack.url}/api/live`, { headers: { cookie } })).json()) as LiveSnapshot).feedSeq;
    const resumed = (
      await readEvents(await open({ lastEventId: '3' }), (seen) => seen.filter((e) => e.event === 'change').length >= latest - 3)
    ).filter((e) => e.event !== 'ping');
    expect(resumed.map((e) => e.event)).toEqual(Array(latest - 3).fill('change'));
    expect(resumed.map((e) => Number(e.id))).toEqual(Array.from({ length: latest - 3 }, (_, i) => 4 + i));
    for (const lastEventId of ['999999', 'nonsense']) {
      const fresh = await readEvents(await open({ lastEventId }), (seen) => seen.length >= 1);
      expect(fresh[0]!.event).toBe('snapshot');
      expect((fresh[0]!.data as LiveSnapshot).feedSeq).toBe(latest);
    }
  }, 60_000);

  it('a quiet stream gets a named ping at least every 15 s, carrying the last id so Last-Event-ID stays exact', async () => {
    const events = await readEvents(await open(), (seen) => seen.some((e) => e.event === 'ping'), 25_000);
    const ping = events.find((e) => e.event === 'ping')!;
    const lastBefore = events.slice(0, events.indexOf(ping)).filter((e) => e.event !== 'ping');
    expect(ping.id).toBe(lastBefore[lastBefore.length - 1]!.id);
    expect(ping.data).toEqual({ feedSeq: Number(ping.id) });
  }, 40_000);

  it('a session holds at most GATEWAY_STREAMS_PER_SESSION streams (429 past it); another session is not affected', async () => {
    const held = await Promise.all([open(), open(), open()]);
    expect(held.map((r) => r.status)).toEqual([200, 200, 200]);
    const fourth = await open();
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { message: string }).message).toBe("At most 3 live streams per session: close another tab's first");
    const other = await open({ cookie: await signInThroughDevProvider(stack.url, 'other.live@example.com') });
    expect(other.status).toBe(200);
    for (const response of [...held, other]) await response.body?.cancel();
    // closed streams give their places back
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await open();
      status = again.status;
      await again.body?.cancel();
    }
    expect(status).toBe(200);
  }, 30_000);
});
