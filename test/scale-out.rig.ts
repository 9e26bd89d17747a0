import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, type LiveChange, type RemoteManifest } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { openDatabase, type Knex } from '@matchday/server';
import { runRemotesCommand } from '../scripts/lib/remotes-cli';
import { repoRoot } from '../scripts/lib/processes';
import { startRig, type Rig } from '../scripts/lib/rig';

/**
 * Two gateways that act as one, on the rig of scripts/lib/rig.ts: MariaDB, redis-server, gateways A
 * and B behind a round-robin front, the services behind both. The World Cup 2022 final is replayed from 16:35:15 UTC,
 * so Mbappé's 80′ penalty is released ~45 s after the start (the live test comes last) and his 81′ goal a minute later. Without redis-server or
 * MariaDB this fails with what to install: it never skips. Not part of plain `jest` (its name is *.rig.ts):
 * `npm run test:rig`, and `npm test` runs it.
 */

const ADMIN = 'rig.admin@example.com';
const WORLD_CUP = path.resolve(repoRoot, '../shared/data/openfootball/worldcup-2022');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

interface Received {
  change: LiveChange;
  at: number;
}

/** An EventSource-like reader: reconnects (after the server's retry) with Last-Event-ID, as a browser does. */
class StreamClient {
  readonly changes: Received[] = [];
  reconnects = 0;
  private lastId: string | null = null;
  private retryMs = 3000;
  private closed = false;
  private controller = new AbortController();
  readonly opened: Promise<void>;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {
    let resolve!: () => void;
    this.opened = new Promise((r) => (resolve = r));
    void this.run(resolve);
  }

  private async run(opened: () => void): Promise<void> {
    while (!this.closed) {
      try {
        const response = await fetch(`${this.base}/api/live/stream`, {
          headers: { cookie: this.cookie, accept: 'text/event-stream', ...(this.lastId ? { 'last-event-id': this.lastId } : {}) },
          signal: this.controller.signal,
        });
        if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = block.split('\n');
            const field = (name: string) => fields.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1) ?? null;
            const retry = field('retry');
            if (retry) this.retryMs = Number(retry);
            const id = field('id');
            if (id) this.lastId = id;
            if (field('event') === 'snapshot') opened();
            const data = field('data');
            if (field('event') === 'change' && data) this.changes.push({ change: JSON.parse(data) as LiveChange, at: Date.now() });
          }
        }
      } catch {
        // cut (the gateway went away): reconnect below
      }
      if (this.closed) return;
      this.reconnects += 1;
      await sleep(this.retryMs);
    }
  }

  close(): void {
    this.closed = true;
    this.controller.abort();
  }
}

describe('scale-out: two gateways behind a round-robin front share Redis and MySQL', () => {
  let rig: Rig;
  let frontendRoot: string;
  let admin: string;
  let fan: string;
  let football: Knex;
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    // Two built versions of every remote (the rollback test); the gateways need no shell for these tests.
    frontendRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-rig-frontends-'));
    for (const name of REMOTE_NAMES) {
      for (const version of ['0.1.0', '0.2.0']) {
        fs.mkdirSync(path.join(frontendRoot, name, 'dist', version), { recursive: true });
        fs.writeFileSync(path.join(frontendRoot, name, 'dist', version, 'remoteEntry.js'), `/* ${name} ${version} */`);
      }
    }
    rig = await startRig({
      env: { LOG_LEVEL: 'error', ADMIN_EMAILS: ADMIN, GATEWAY_STREAMS_PER_SESSION: '10' },
      replay: ['openfootball', WORLD_CUP],
      asOf: '2022-12-18T16:35:15Z',
      frontendRoot,
    });
    admin = await signInThroughDevProvider(rig.front, ADMIN);
    fan = await signInThroughDevProvider(rig.front, 'rig.fan@example.com');
    football = await openDatabase({ client: 'mysql', location: rig.footballDatabase });
  }, 240_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await football?.destroy();
    await rig?.stop();
    if (frontendRoot) fs.rmSync(frontendRoot, { recursive: true, force: true });
  }, 60_000);

  const [a, b] = [0, 1] as const;
  const get = (gateway: 0 | 1, pathname: string, cookie = fan) => fetch(`${rig.gateways[gateway]}${pathname}`, { headers: { cookie } });
  const clearCache = (gateway: 0 | 1) =>
    fetch(`${rig.gateways[gateway]}/api/admin/clear-cache`, { method: 'POST', headers: { cookie: admin, 'x-requested-with': 'fetch' } });
  const leagueName = async (gateway: 0 | 1, id: number) => {
    const response = await get(gateway, '/api/leagues');
    expect(response.status).toBe(200);
    return ((await response.json()) as Array<{ id: number; displayName: string }>).find((league) => league.id === id)?.displayName;
  };
  /** Sign-in attempts from one client address, alternating between the gateways (as the front forwards them); the statuses. */
  const signInAttempts = async (address: string, count: number) => {
    const statuses: number[] = [];
    const headers = { 'x-forwarded-for': address, 'x-forwarded-host': new URL(rig.front).host };
    for (let i = 0; i < count; i += 1) {
      const response = await fetch(`${rig.gateways[i % 2]}/auth/google`, { redirect: 'manual', headers });
      await response.body?.cancel();
      statuses.push(response.status);
    }
    return statuses;
  };

  it('runs the front, Redis and MySQL the rig says', () => {
    expect(rig.redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    console.log(`scale-out rig: front ${rig.frontKind}, ${rig.stack.runtime} servers`);
  });

  it('counts sign-in attempts over both gateways: the 121st from one address gets 429', async () => {
    const statuses = await signInAttempts('203.0.113.21', 121);
    expect(statuses.slice(0, 120).filter((status) => status === 429)).toEqual([]);
    expect(statuses[120]).toBe(429);
  });

  it('"clear cache" on A: a read through B is fresh within 1 s', async () => {
    const [league] = (await football('leagues').select('id', 'display_name').orderBy('id').limit(1)) as Array<{
      id: number;
      display_name: string;
    }>;
    expect(await leagueName(b, league!.id)).toBe(league!.display_name);
    await football('leagues').where({ id: league!.id }).update({ display_name: 'Renamed on purpose' });
    expect(await leagueName(b, league!.id)).toBe(league!.display_name); // B's cached answer
    const started = Date.now();
    expect((await clearCache(a)).status).toBe(200);
    await until('B fresh after clear-cache on A', async () => (await leagueName(b, league!.id)) === 'Renamed on purpose', 1000);
    console.log(`clear-cache on A -> fresh read on B in ${Date.now() - started} ms`);
    await football('leagues').where({ id: league!.id }).update({ display_name: league!.display_name });
    await clearCache(a);
  });

  it('a session signed out on A is refused on B within 1 s', async () => {
    const cookie = await signInThroughDevProvider(rig.front, 'rig.leaver@example.com');
    expect((await get(b, '/api/auth/user', cookie)).status).toBe(200); // B holds the session read now
    expect((await get(a, '/api/auth/user', cookie)).status).toBe(200);
    const started = Date.now();
    const out = await fetch(`${rig.gateways[a]}/auth/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'x-requested-with': 'fetch' },
    });
    expect(out.status).toBe(303);
    await until('B refuses the signed-out session', async () => (await get(b, '/api/auth/user', cookie)).status === 401, 1000);
    console.log(`sign-out on A -> refused on B in ${Date.now() - started} ms`);
  });

  it('a rollback run against host A changes the manifest B serves', async () => {
    const liveOnB = async () => ((await (await get(b, '/mf-manifest.json')).json()) as RemoteManifest).remotes['mf-stats']?.version;
    expect(await liveOnB()).toBe('0.2.0');
    const out: string[] = [];
    const code = await runRemotesCommand(
      'rollback',
      ['mf-stats'],
      { out: (line) => out.push(line), err: (line) => out.push(line) },
      { env: rig.hostA },
    );
    expect({ code, out }).toEqual({ code: 0, out: ['mf-stats rolled back: 0.1.0 is live (was 0.2.0).'] });
    expect(await liveOnB()).toBe('0.1.0');
    // the state is in the database, not in either host's DATA_DIR
    expect(fs.existsSync(path.join(rig.hostA.DATA_DIR!, 'remotes.json'))).toBe(false);
  });

  it('Redis stopped: requests are still served; shared behaviour is back within 5 s of Redis starting again', async () => {
    await rig.redis.stop();
    await sleep(300);
    for (const gateway of [a, b] as const) {
      expect((await get(gateway, '/api/leagues')).status).toBe(200);
      expect((await clearCache(gateway)).status).toBe(200);
    }
    // the rate limits fall back to each gateway's own counters: never an error
    expect((await signInAttempts('203.0.113.22', 20)).every((status) => status === 302)).toBe(true);

    await rig.redis.start();
    const started = Date.now();
    const [league] = (await football('leagues').select('id', 'display_name').orderBy('id').limit(1)) as Array<{
      id: number;
      display_name: string;
    }>;
    let round = 0;
    // shared again once a clear-cache on A empties B's cache
    await until(
      'clear-cache shared again',
      async () => {
        round += 1;
        await leagueName(b, league!.id); // B caches the current name
        await football('leagues')
          .where({ id: league!.id })
          .update({ display_name: `Probe ${round}` });
        await clearCache(a);
        await sleep(200);
        return (await leagueName(b, league!.id)) === `Probe ${round}`;
      },
      5000,
      0,
    );
    const back = Date.now() - started;
    console.log(`Redis restarted -> clear-cache shared again after ${back} ms`);
    expect(back).toBeLessThan(5000);
    await football('leagues').where({ id: league!.id }).update({ display_name: league!.display_name });
    await clearCache(a);
    const statuses = await signInAttempts('203.0.113.23', 121);
    expect(statuses.slice(0, 120).filter((status) => status === 429)).toEqual([]);
    expect(statuses[120]).toBe(429);
  }, 60_000);

  it('a live client on B gets an event released through A within 1 s; A killed, its clients reconnect through the front to B and lose nothing', async () => {
    const onA = new StreamClient(rig.gateways[a], fan);
    const onB = new StreamClient(rig.gateways[b], fan);
    const throughFront = [1, 2, 3, 4].map(() => new StreamClient(rig.front, fan));
    clients.push(onA, onB, ...throughFront);
    await Promise.all(clients.map((client) => client.opened));
    const isGoal = (received: Received, minute: number) => received.change.event.kind === 'goal' && received.change.event.minute === minute;

    const seen = () => JSON.stringify(onB.changes.map((x) => [x.change.feedSeq, x.change.event.kind, x.change.event.minute]));
    const goal80 = await until("the 80' goal on B", async () => onB.changes.find((x) => isGoal(x, 80)), 90_000, 100).catch(
      (error: Error) => {
        throw new Error(`${error.message}; B had ${seen()}`);
      },
    );
    const onAGoal80 = await until("the 80' goal on A", async () => onA.changes.find((x) => isGoal(x, 80)), 5000);
    const latency = goal80.at - Date.parse(goal80.change.storedAt);
    console.log(`80' goal: stored -> client on B ${latency} ms (client on A ${onAGoal80.at - Date.parse(onAGoal80.change.storedAt)} ms)`);
    expect(latency).toBeLessThan(1000);

    // A goes away hard; the clients it served reconnect through the front, which passes them to B
    const gatewayA = rig.stack.gateways[a]!;
    const gone = gatewayA.stop();
    gatewayA.child.kill('SIGKILL');
    await gone;
    const goal81 = await until("the 81' goal on B", async () => onB.changes.find((x) => isGoal(x, 81)), 90_000, 100);
    await until("every front client has the 81' goal", async () => throughFront.every((c) => c.changes.some((x) => isGoal(x, 81))), 10_000);
    expect(throughFront.reduce((n, client) => n + client.reconnects, 0)).toBeGreaterThan(0);
    const seqs = (client: StreamClient) => client.changes.map((x) => x.change.feedSeq);
    const expected = seqs(onB).filter((seq) => seq <= goal81.change.feedSeq);
    for (const client of throughFront) expect(seqs(client).filter((seq) => seq <= goal81.change.feedSeq)).toEqual(expected);
  }, 200_000);
});
