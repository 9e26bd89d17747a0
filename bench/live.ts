/**
 * Live push on one gateway: N open streams of GET /api/live/stream while a replay releases real
 * goals, at N = 500, 2,000 and 5,000 (BENCH_LEVELS). For each level, on a fresh stack:
 * - the World Cup 2022 final is replayed from BENCH_AS_OF (default 2022-12-18T16:35:00Z, a minute before
 *   Mbappé's 80′ penalty at 16:36 and his 81′ goal at 16:37 UTC);
 * - N streams open (one signed-in session, the per-session, per-account and per-address stream limits raised), then the gateway's CPU with N
 *   idle streams (10 s) and, after that window, its RSS growth per stream are read from /proc;
 * - the 80′ goal: the time from its release (the event's instant on the match clock) to its arrival at each
 *   client, p50/p95/p99 over the N clients;
 * - the reconnect storm: every stream is cut, the 81′ goal is released while they are away, and all N
 *   reconnect at once with Last-Event-ID; each must get the missed goal exactly once (lost and duplicated
 *   counted), then the gateway must still answer /healthz.
 *
 *   npx tsx bench/live.ts            (BENCH_LEVELS=500,2000,5000; the World Cup data from ../shared/data)
 *
 * The load generator runs in this process on the same 2 cores as the stack: latencies include its own share.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { LiveChange } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort, repoRoot } from '../scripts/lib/processes';
import { startStack } from '../scripts/lib/stack';

const LEVELS = (process.env.BENCH_LEVELS ?? '500,2000,5000').split(',').map(Number);
const AS_OF = process.env.BENCH_AS_OF ?? '2022-12-18T16:35:00Z';
const DATA = process.env.BENCH_WORLD_CUP ?? path.resolve(repoRoot, '../shared/data/openfootball/worldcup-2022');

interface Client {
  request: http.ClientRequest;
  changes: Array<{ change: LiveChange; receivedMs: number }>;
  lastId: string | null;
  snapshots: number;
  closed: boolean;
}

/** One stream as a browser opens it (no pooling: a socket of its own). */
function openStream(url: string, cookie: string, lastId: string | null): Promise<Client> {
  return new Promise((resolve, reject) => {
    const target = new URL('/api/live/stream', url);
    const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
    if (lastId) headers['last-event-id'] = lastId;
    const client: Client = { request: undefined as never, changes: [], lastId, snapshots: 0, closed: false };
    const request = http.get(target, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream: ${response.statusCode}`));
        return;
      }
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let id: string | null = null;
          let data: string | null = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6);
            else if (line.startsWith('id:')) id = line.slice(3);
            else if (line.startsWith('data:')) data = line.slice(5);
          }
          if (data === null) continue;
          if (id !== null) client.lastId = id;
          if (event === 'snapshot') client.snapshots += 1;
          if (event === 'change') client.changes.push({ change: JSON.parse(data) as LiveChange, receivedMs: Date.now() });
        }
      });
      response.on('close', () => (client.closed = true));
      resolve(client);
    });
    client.request = request;
    request.on('error', (error) => {
      client.closed = true;
      reject(error);
    });
  });
}

/** Opens `n` streams, `parallel` at a time. */
async function openMany(url: string, cookie: string, n: number, lastIds: Array<string | null> = [], parallel = 200): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < n; i += parallel) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(parallel, n - i) }, (_, k) => openStream(url, cookie, lastIds[i + k] ?? null)),
    );
    clients.push(...batch);
  }
  return clients;
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** CPU seconds (user + system) a process has used. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks (100 a second on Linux)
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: () => boolean, timeoutMs: number, label: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(50);
  }
}

interface LevelResult {
  streams: number;
  rssPerStreamKb: number;
  idleCpuPercent: number;
  p50: number;
  p95: number;
  p99: number;
  received: number;
  lost: number;
  duplicated: number;
  aliveAfter: boolean;
}

async function level(n: number): Promise<LevelResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-live-'));
  const stack = await startStack({
    port: await freePort(),
    dataDir,
    env: {
      LOG_LEVEL: 'error',
      GATEWAY_STREAMS_PER_SESSION: '100000',
      GATEWAY_STREAMS_PER_USER: '100000',
      GATEWAY_STREAMS_PER_ADDRESS: '1000000',
      GATEWAY_MAX_STREAMS: '1000000',
      GATEWAY_RATE_API_PER_10S: '10000000',
      GATEWAY_SESSION_IN_FLIGHT: '100000',
    },
    replay: ['openfootball', DATA],
    asOf: AS_OF,
  });
  const clients: Client[] = [];
  try {
    const gateway = stack.processes.find((p) => p.name === 'gateway')!.child.pid!;
    const cookie = await signInThroughDevProvider(stack.url, 'bench.live@example.com');
    // one stream first: the gateway's feed is running before the baseline is read
    clients.push(...(await openMany(stack.url, cookie, 1)));
    await sleep(500);
    const rssBefore = rssKb(gateway);
    clients.push(...(await openMany(stack.url, cookie, n - 1)));
    await until(() => clients.every((c) => c.snapshots === 1), 60_000, 'every snapshot');
    await sleep(2000);
    const cpu0 = cpuSeconds(gateway);
    await sleep(10_000);
    const idleCpuPercent = ((cpuSeconds(gateway) - cpu0) / 10) * 100;
    // read after the idle window, so that the garbage of opening N streams has had its collection
    const rssPerStreamKb = (rssKb(gateway) - rssBefore) / (n - 1);

    // the 80' goal
    const isGoal = (c: { change: LiveChange }, minute: number) => c.change.event.kind === 'goal' && c.change.event.minute === minute;
    await until(() => clients.every((c) => c.changes.some((x) => isGoal(x, 80))), 240_000, "the 80' goal at every client");
    const latencies = clients
      .map((c) => c.changes.find((x) => isGoal(x, 80))!)
      .map((x) => x.receivedMs - Date.parse(x.change.event.at))
      .sort((a, b) => a - b);

    // the storm: everyone away while the 81' goal is released, then back at once with Last-Event-ID
    const lastIds = clients.map((c) => c.lastId);
    for (const client of clients) client.request.destroy();
    const goal81At = Date.parse(clients[0]!.changes.find((x) => isGoal(x, 80))!.change.event.at) + 60_000;
    await sleep(Math.max(0, goal81At - Date.now()) + 1500);
    const back = await openMany(stack.url, cookie, n, lastIds, n);
    await sleep(5000);
    let lost = 0;
    let duplicated = 0;
    let received = 0;
    for (const client of back) {
      const goals = client.changes.filter((x) => isGoal(x, 81)).length;
      received += goals;
      if (goals === 0) lost += 1;
      if (goals > 1) duplicated += goals - 1;
      const ids = client.changes.map((x) => x.change.feedSeq);
      duplicated += ids.length - new Set(ids).size;
    }
    clients.push(...back);
    const alive = await fetch(`${stack.url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    return {
      streams: n,
      rssPerStreamKb,
      idleCpuPercent,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      received,
      lost,
      duplicated,
      aliveAfter: alive,
    };
  } finally {
    for (const client of clients) client.request.destroy();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(DATA))
    throw new Error(`No World Cup data at ${DATA}: set BENCH_WORLD_CUP to the openfootball worldcup-2022 directory`);
  console.log(
    `Live stream bench: replay of the World Cup 2022 final from ${AS_OF}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  const results: LevelResult[] = [];
  for (const n of LEVELS) {
    console.log(`  ${n} streams...`);
    results.push(await level(n));
  }
  console.log(
    '\n| streams | release→client p50 | p95 | p99 | RSS per stream | CPU, idle streams | storm: goal received | lost | duplicated | alive after |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|');
  for (const r of results) {
    console.log(
      `| ${r.streams} | ${r.p50} ms | ${r.p95} ms | ${r.p99} ms | ${r.rssPerStreamKb.toFixed(1)} KB | ${r.idleCpuPercent.toFixed(1)} % | ${r.received} | ${r.lost} | ${r.duplicated} | ${r.aliveAfter ? 'yes' : 'NO'} |`,
    );
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
