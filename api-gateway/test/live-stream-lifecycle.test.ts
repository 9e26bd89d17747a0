import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Keygrip from 'keygrip';
import { dropMysqlDatabase, openDatabase, type Knex } from '@matchday/server';
import { testDatabases, TEST_SECRET } from '@matchday/testing';
import { createGateway, SESSION_COOKIE, type Gateway } from '../src/app';
import { loadConfig, type GatewayConfig } from '../src/config';
import { SESSION_IDLE_MS, sessionKeyId } from '../src/sessions/lifetime';
import { KnexSessionStore, type SessionData } from '../src/sessions/session-store';
import { StandIn, sleep, until } from './support/live-feed-stand-in';
import { readEvents, type SseEvent } from './support/sse';

/**
 * The live stream's life through the real gateway (in this process), in front of a stand-in football service whose
 * feed the test moves: a stream frees its places whenever it ends (a reset storm while the gateway is busy
 * included), a HEAD holds none, a stream ends soon after its session does, the slow-reader bound and the per-account
 * and per-address caps hold, and the stream never goes silent or misses changes when the feed starts again.
 */

const SESSION_SECRET = 'session-secret-for-the-live-stream-test-0123';
const PUBLIC_URL = 'http://localhost:8080';

describe.each(testDatabases())('live streams through the gateway (sessions on %s)', (_label, target) => {
  let root: string;
  let standIn: StandIn;
  let sessionsDb: Knex;
  let store: KnexSessionStore;
  const sessionsTarget = target('gateway');
  const servers: http.Server[] = [];
  const gateways: Gateway[] = [];
  let nextUser = 1;

  const listen = async (server: http.Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  /** A gateway of its own (a fresh live feed) in front of the stand-in. */
  async function startGateway(change: (config: GatewayConfig) => void = () => undefined): Promise<string> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      FRONTEND_ROOT: path.join(root, 'frontends'),
      PUBLIC_URL,
      FOOTBALL_URL: standIn.url,
      ACCOUNTS_URL: standIn.url,
      INSIGHTS_URL: standIn.url,
      DEV_OIDC_ISSUER: 'http://127.0.0.1:9',
      SESSION_SECRET,
      INTERNAL_JWT_SECRET: TEST_SECRET,
    });
    change(config);
    const gateway = createGateway(config, { sessionsDb, sessionStore: store });
    gateways.push(gateway);
    const server = http.createServer(gateway.callback());
    servers.push(server);
    return listen(server);
  }

  /** A signed-in session (a new user unless `userId` is given): its Cookie header and id. */
  async function signedIn(options: { userId?: number; maxAgeMs?: number } = {}): Promise<{ cookie: string; id: string; userId: number }> {
    const userId = options.userId ?? nextUser++;
    const id = `live-session-${userId}-${Math.random().toString(36).slice(2)}`;
    const maxAge = options.maxAgeMs ?? SESSION_IDLE_MS;
    const session = {
      user: { id: userId, email: `fan${userId}@example.com` },
      signedInAt: Date.now(),
      keyId: sessionKeyId(SESSION_SECRET),
    };
    await store.set(id, { ...session, _expire: Date.now() + maxAge, _maxAge: maxAge } as SessionData, maxAge);
    const signature = new Keygrip([SESSION_SECRET]).sign(`${SESSION_COOKIE}=${id}`);
    return { cookie: `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=${signature}`, id, userId };
  }

  const open = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/live/stream`, { headers: { cookie, accept: 'text/event-stream', ...headers } });

  /** Opens `count` streams and says which statuses came back; the streams are left open. */
  async function openMany(url: string, cookie: string, count: number): Promise<{ statuses: number[]; close: () => Promise<void> }> {
    const responses: Response[] = [];
    for (let i = 0; i < count; i += 1) responses.push(await open(url, cookie));
    return {
      statuses: responses.map((r) => r.status),
      close: async () => {
        for (const response of responses) await response.body?.cancel().catch(() => undefined);
      },
    };
  }

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-live-lifecycle-'));
    standIn = new StandIn();
    standIn.url = await listen(standIn.server);
    sessionsDb = await openDatabase(sessionsTarget);
    store = await KnexSessionStore.open(sessionsDb);
  }, 60_000);

  afterAll(async () => {
    for (const gateway of gateways) gateway.closeLiveStreams();
    for (const server of [...servers, standIn.server]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    store?.close();
    await sessionsDb?.destroy();
    if (sessionsTarget.client === 'mysql') await dropMysqlDatabase(sessionsTarget.location);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  beforeEach(() => {
    standIn.startAgain(3);
    standIn.positionDelayMs = 0;
    standIn.snapshotPadding = 0;
  });

  it('streams reset while the gateway is busy give their places back: the session opens its four streams afterwards', async () => {
    const url = await startGateway();
    const { port } = new URL(url);
    const { cookie } = await signedIn();
    for (let round = 0; round < 3; round += 1) {
      const sockets = await Promise.all(
        Array.from(
          { length: 90 },
          () =>
            new Promise<net.Socket>((resolve, reject) => {
              const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
              socket.on('error', () => undefined);
              socket.once('error', reject);
            }),
        ),
      );
      await sleep(100);
      sockets.forEach((socket, i) => {
        const request =
          i < 70
            ? `GET /api/leagues HTTP/1.1\r\nhost: localhost\r\n\r\n`
            : `GET /api/live/stream HTTP/1.1\r\nhost: localhost\r\naccept: text/event-stream\r\ncookie: ${cookie}\r\n\r\n`;
        socket.write(request);
      });
      setImmediate(() => {
        for (const socket of sockets.slice(70)) socket.resetAndDestroy();
      });
      await sleep(300);
      for (const socket of sockets) socket.destroy();
      await sleep(200);
    }
    const streams = await openMany(url, cookie, 4);
    expect(streams.statuses).toEqual([200, 200, 200, 200]);
    await streams.close();
    // with every stream gone, the gateway stops reading the feed (no listener was left behind): within 10 s, no
    // read for 600 ms (it reads every 100 ms while anyone listens)
    let quiet = false;
    for (let reads = standIn.feedReads, deadline = Date.now() + 10_000; !quiet && Date.now() < deadline;) {
      await sleep(600);
      quiet = standIn.feedReads === reads;
      reads = standIn.feedReads;
    }
    expect(quiet).toBe(true);
  }, 60_000);

  it('a HEAD of the stream answers at once with the stream headers and holds no place', async () => {
    const url = await startGateway();
    const { cookie } = await signedIn();
    expect((await fetch(`${url}/api/live/stream`, { method: 'HEAD' })).status).toBe(401);
    for (let i = 0; i < 6; i += 1) {
      const head = await fetch(`${url}/api/live/stream`, { method: 'HEAD', headers: { cookie } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
    }
    const streams = await openMany(url, cookie, 4);
    expect(streams.statuses).toEqual([200, 200, 200, 200]);
    await streams.close();
  });

  it('a stream ends within seconds of its session signing out', async () => {
    const url = await startGateway();
    const { cookie } = await signedIn();
    const stream = await open(url, cookie);
    expect(stream.status).toBe(200);
    const logout = await fetch(`${url}/auth/logout`, { method: 'POST', headers: { cookie, origin: PUBLIC_URL }, redirect: 'manual' });
    expect(logout.status).toBeLessThan(400);
    const { ended } = await readEvents(stream, () => false, 10_000).catch(() => ({ ended: false }));
    expect(ended).toBe(true);
  }, 20_000);

  it("a stream ends within seconds of its account's deletion, on every session of that account", async () => {
    const url = await startGateway();
    const first = await signedIn();
    const second = await signedIn({ userId: first.userId });
    const streams = [await open(url, first.cookie), await open(url, second.cookie)];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const deleted = await fetch(`${url}/api/auth/delete-account`, {
      method: 'DELETE',
      headers: { cookie: first.cookie, origin: PUBLIC_URL },
    });
    expect(deleted.status).toBe(200);
    for (const stream of streams) {
      const { ended } = await readEvents(stream, () => false, 10_000).catch(() => ({ ended: false }));
      expect(ended).toBe(true);
    }
  }, 30_000);

  it('a stream ends within seconds of its session expiring', async () => {
    const url = await startGateway();
    const { cookie } = await signedIn({ maxAgeMs: 2000 });
    const stream = await open(url, cookie);
    expect(stream.status).toBe(200);
    const { events, ended } = await readEvents(stream, () => false, 12_000).catch(() => ({ events: [], ended: false }));
    expect(ended).toBe(true);
    expect(events.length).toBeGreaterThan(0);
  }, 20_000);

  it('Last-Event-ID 0 (never issued) gets a snapshot, not the whole history', async () => {
    const url = await startGateway();
    const { cookie } = await signedIn();
    // a stream already open: the gateway's feed knows where it stands
    const first = await open(url, cookie);
    await readEvents(first, (seen) => seen.length >= 1);
    const { events } = await readEvents(await open(url, cookie, { 'last-event-id': '0' }), (seen) => seen.length >= 1);
    expect(events[0]).toMatchObject({ event: 'snapshot', id: '3' });
  });

  it('a reader that never reads is dropped although no change is sent (the bound holds on every write)', async () => {
    const url = await startGateway((config) => {
      config.liveStreams.maxBufferedBytes = 64 * 1024;
      config.liveStreams.heartbeatMs = 100;
    });
    const { cookie } = await signedIn();
    // a snapshot bigger than what the sockets' buffers hold
    standIn.snapshotPadding = 16 * 1024 * 1024;
    const { port } = new URL(url);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(`GET /api/live/stream HTTP/1.1\r\nhost: localhost\r\naccept: text/event-stream\r\ncookie: ${cookie}\r\n\r\n`);
    socket.pause();
    await sleep(2000);
    const closed = new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 5000);
    });
    socket.resume();
    expect(await closed).toBe(true);
    socket.destroy();
  }, 20_000);

  it('idle streams are capped per account and per address, not only per session', async () => {
    const url = await startGateway((config) => {
      config.liveStreams.perUser = 5;
      config.liveStreams.perAddress = 8;
    });
    const first = await signedIn();
    const second = await signedIn({ userId: first.userId });
    const a = await openMany(url, first.cookie, 3);
    const b = await openMany(url, second.cookie, 3);
    expect([...a.statuses, ...b.statuses]).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await open(url, second.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe("At most 5 live streams per account: close another tab's first");
    // two more accounts behind the same address: 8 in all from it
    const c = await openMany(url, (await signedIn()).cookie, 3);
    expect(c.statuses).toEqual([200, 200, 200]);
    const d = await open(url, (await signedIn()).cookie);
    expect(d.status).toBe(429);
    expect(((await d.json()) as { message: string }).message).toBe('At most 8 live streams from one address; try again later');
    for (const streams of [a, b, c]) await streams.close();
  }, 20_000);

  it('when the feed starts again (the data replaced), every open stream gets a fresh snapshot and carries on', async () => {
    standIn.startAgain(10);
    const url = await startGateway();
    const { cookie } = await signedIn();
    const stream = await open(url, cookie);
    let sofar: SseEvent[] = [];
    const reader = readEvents(stream, (seen) => {
      sofar = seen;
      return seen.some((e) => e.event === 'change' && e.id === '3');
    });
    const received = (event: string, id: string) => () => sofar.some((e) => e.event === event && e.id === id);
    await until('the first snapshot', received('snapshot', '10'));
    standIn.startAgain(2);
    // the gateway sees the feed go back and the stream gets a fresh snapshot; only then the next change
    await until('a fresh snapshot', received('snapshot', '2'));
    standIn.append(1);
    const { events } = await reader;
    const shown = events.filter((e) => e.event !== 'ping').map((e) => [e.event, e.id]);
    expect(shown[0]).toEqual(['snapshot', '10']);
    expect(shown.slice(1)).toEqual([
      ['snapshot', '2'],
      ['change', '3'],
    ]);
  }, 20_000);

  it('when the data is replaced by a longer feed (its position past the old one), every open stream gets a fresh snapshot', async () => {
    standIn.startAgain(3);
    const url = await startGateway();
    const { cookie } = await signedIn();
    const stream = await open(url, cookie);
    let sofar: SseEvent[] = [];
    const reader = readEvents(stream, (seen) => {
      sofar = seen;
      return seen.some((e) => e.event === 'change' && e.id === '13');
    });
    const received = (event: string, id: string) => () => sofar.some((e) => e.event === event && e.id === id);
    await until('the first snapshot', received('snapshot', '3'));
    // a new replay with more events than the old one: the position moves on, but the epoch says it is other data
    standIn.startAgain(12);
    await until('a fresh snapshot', received('snapshot', '12'));
    standIn.append(1);
    const { events } = await reader;
    const shown = events.filter((e) => e.event !== 'ping').map((e) => [e.event, e.id]);
    // none of the new feed's changes 4..12 is passed off as following the old snapshot
    expect(shown).toEqual([
      ['snapshot', '3'],
      ['snapshot', '12'],
      ['change', '13'],
    ]);
  }, 20_000);

  it('the first stream on a gateway misses nothing that happened between its snapshot and the feed’s first look', async () => {
    standIn.startAgain(5);
    // the feed's first look comes late, and three changes happen right after the snapshot is read
    standIn.positionDelayMs = 300;
    standIn.afterSnapshot = () => standIn.append(3);
    const url = await startGateway();
    const { cookie } = await signedIn();
    const { events } = await readEvents(await open(url, cookie), (seen) => seen.filter((e) => e.event === 'change').length >= 3);
    const shown = events.filter((e) => e.event !== 'ping').map((e) => [e.event, e.id]);
    expect(shown[shown.length - 3]).toEqual(['change', '6']);
    expect(shown.slice(-3).map(([, id]) => id)).toEqual(['6', '7', '8']);
    expect(Number(shown[0]![1])).toBeLessThanOrEqual(5);
  }, 20_000);
});
