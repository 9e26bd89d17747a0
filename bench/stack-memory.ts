/**
 * What the whole `npm start` stack costs at rest, and how fast it comes up.
 *
 *   npx tsx bench/stack-memory.ts
 *
 * Spawns `npm start -- --no-build` (BENCH_START_ARGS replaces `--no-build`) on a free PORT with a temporary
 * DATA_DIR, the way a user starts it, once to seed the demo data (not measured) and then BENCH_RUNS times
 * (default 1) measured:
 * - start to ready: from the spawn to the first 200 from the gateway's GET /readyz (polled every 50 ms);
 * - first against 100th request: GET /healthz (gateway only) and GET /api/calendar/team/<id>.ics (anonymous,
 *   gateway and football service) 100 times each in turn, one at a time, each on a connection of its own (as
 *   separate visitors come), so that the 1st and the 100th differ only in what the stack did before them; printed:
 *   the 1st, the median of 2nd-100th and the 100th. The series starts after QUIET_MS of quiet, and the same two
 *   series are run again after the same quiet in the now warm stack: on a VM a process's first request after a
 *   quiet second costs more than its next ones (~0.5 ms for a bare Node server, more for a bigger process) however
 *   warm its code is, so "1st after start / 1st when warm" is what start-up still leaves unwarmed. The bench's own
 *   client is warmed on a local server first (warmClient), and the same figures for a server in another process
 *   that writes /healthz's 15 bytes and has sent itself 100 requests, as the gateway's warm-up does, after the same
 *   quiet, are printed as the floor of the method: what a first request costs the client, the kernel and a warm
 *   server;
 * - idle RSS: after BENCH_IDLE_S seconds (default 30) at rest, VmRSS from /proc/<pid>/status of every process
 *   (and PSS from /proc/<pid>/smaps_rollup, which divides shared pages such as the node binary among the processes)
 *   in the tree under the spawned npm (npm, sh, the launcher, the provider, the services and the gateway), and
 *   their sum.
 * With BENCH_RUNS > 1 a last block gives each figure's median and range over the runs.
 * BENCH_PREPARE is a command run before each start (`npm run -s build:servers` keeps the compiled output current
 * while others edit the tree). Then the stack is stopped as Ctrl-C does (SIGINT to its process group). Linux only (/proc).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../scripts/lib/processes';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 30);
const START_ARGS = (process.env.BENCH_START_ARGS ?? '--no-build').split(' ').filter(Boolean);
const TEAM = process.env.BENCH_TEAM ?? '1';
/** A command run before each start, e.g. `npm run -s build:servers` so that a tree others edit meanwhile is current. */
const PREPARE = process.env.BENCH_PREPARE;

interface Proc {
  pid: number;
  ppid: number;
  rssKb: number;
  /** Proportional set size (/proc/<pid>/smaps_rollup): shared pages (the node binary, ~34 MB) divided among the processes that map them. */
  pssKb: number;
  command: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    const pssKb = Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    return { pid, ppid, rssKb, pssKb, command };
  } catch {
    return undefined;
  }
}

/** The process `root` and every descendant of it. */
function processTree(root: number): Proc[] {
  const all = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is Proc => p !== undefined);
  const tree: Proc[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    const proc = all.find((p) => p.pid === pid);
    if (proc) tree.push(proc);
    for (const child of all.filter((p) => p.ppid === pid)) queue.push(child.pid);
  }
  return tree;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The quiet before each timed series. Measured here (2-core VM, bare Node server warmed with 100 requests): its first
 * request 0.51 ms right away, 0.99-1.05 ms after 1 or 3 s of quiet, the median ~0.40 ms either way; a 50 ms timer
 * in the server did not change that.
 */
const QUIET_MS = 1500;

interface Series {
  first: number;
  median: number;
  hundredth: number;
  statuses: Set<number>;
}

/** 100 timed GETs of one URL in turn. */
async function series(url: string): Promise<Series> {
  const times: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < 100; i += 1) {
    const { ms, status } = await timed(url);
    times.push(ms);
    statuses.add(status);
  }
  const rest = times.slice(1).sort((a, b) => a - b);
  return { first: times[0]!, median: rest[Math.floor(rest.length / 2)]!, hundredth: times[99]!, statuses };
}

/** One GET on a connection of its own (no keep-alive agent), body read; its time from the call to the body's end. */
function timed(url: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.once('end', () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
      })
      .once('error', reject);
  });
}

/** A local server answering every request with a 15-byte JSON body (the size of /healthz's). */
async function localServer(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => res.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * A server in a process of its own that answers like /healthz and, as the gateway does, has sent itself 100 requests
 * before it says where it listens: what the method measures against a warm server in another process.
 */
const FLOOR_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => res.end('{"status":"ok"}'));
server.listen(0, '127.0.0.1', async () => {
  const { port } = server.address();
  for (let i = 0; i < 100; i += 1)
    await new Promise((done) => http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (r) => r.resume().on('end', done)));
  console.log(port);
});`;

async function floorServer(): Promise<{ url: string; close: () => void }> {
  const child = spawn(process.execPath, ['-e', FLOOR_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill() };
}

/**
 * Runs this bench's own client (timed()) 200 times on a local server first, so that the "1st" request to the stack
 * does not also pay for compiling the bench's side (with 20 rounds of fetch, that alone made a first /healthz
 * 3-6x its 100th while the gateway answered a first curl as fast as later ones). Then the floor of the method: the
 * client's 1st and next requests to a warm server in another process that it never called before (floorServer).
 */
async function warmClient(paths: readonly string[]): Promise<Series> {
  const warm = await localServer();
  try {
    for (let i = 0; i < 200; i += 1) for (const url of paths) await timed(`${warm.url}${url}`);
  } finally {
    warm.close();
  }
  const fresh = await floorServer();
  try {
    await sleep(QUIET_MS);
    return await series(`${fresh.url}/healthz`);
  } finally {
    fresh.close();
  }
}

interface Started {
  child: ChildProcess;
  readyMs: number;
  output: string[];
}

async function startStack(port: number, dataDir: string): Promise<Started> {
  if (PREPARE) execSync(PREPARE, { cwd: repoRoot, stdio: 'ignore' });
  const output: string[] = [];
  const started = performance.now();
  const child = spawn('npm', ['start', '--', ...START_ARGS], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => output.push(String(chunk)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.join('')}`);
    if (performance.now() - started > 180_000) throw new Error(`not ready within 180 s:\n${output.join('')}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return { child, readyMs: performance.now() - started, output };
    } catch {
      // not up yet
    }
    await sleep(50);
  }
}

async function stopStack(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGINT');
  const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

function label(command: string): string {
  const entry = /(\S+\.(?:ts|js|mjs|cjs))(?:\s|$)/.exec(command)?.[1];
  if (command.startsWith('npm')) return 'npm';
  if (entry) return path.relative(repoRoot, path.resolve(repoRoot, entry)) + (command.includes('tsx') ? ' (tsx)' : '');
  return command.slice(0, 60);
}

/** The figures of each run, summed up over the runs at the end. */
interface RunFigures {
  readyS: number;
  rssMb: number;
  floor: Series;
  afterStart: Series[];
  warm: Series[];
}

const medianOf = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Median and range over the runs, e.g. "3.1x (2.8-5.0)". */
function overRuns(values: readonly number[], digits: number, unit: string): string {
  const range = `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
  return `${medianOf(values).toFixed(digits)}${unit} (${range})`;
}

function summary(runs: readonly RunFigures[], paths: readonly string[]): string[] {
  const ratio = (pick: (r: RunFigures) => number) => overRuns(runs.map(pick), 1, 'x');
  const lines = [
    `\nover ${runs.length} runs, median (range):`,
    `  start to /readyz ${overRuns(
      runs.map((r) => r.readyS),
      2,
      ' s',
    )}; idle RSS ${overRuns(
      runs.map((r) => r.rssMb),
      0,
      ' MB',
    )}`,
    `  floor (bare server, /healthz): 1st/100th ${ratio((r) => r.floor.first / r.floor.hundredth)}, 1st/median ${ratio(
      (r) => r.floor.first / r.floor.median,
    )}`,
  ];
  for (const [i, url] of paths.entries())
    lines.push(
      `  ${url}: 1st/100th ${ratio((r) => r.afterStart[i]!.first / r.afterStart[i]!.hundredth)}, ` +
        `1st/median ${ratio((r) => r.afterStart[i]!.first / r.afterStart[i]!.median)}, ` +
        `1st after start / 1st when warm ${ratio((r) => r.afterStart[i]!.first / r.warm[i]!.first)}`,
    );
  return lines;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-stack-memory-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`npm start -- ${START_ARGS.join(' ')}  PORT=${port} DATA_DIR=${dataDir}  (Node ${process.version})`);
  try {
    // First start: migrates and seeds the demo data; not measured.
    const first = await startStack(port, dataDir);
    console.log(`seeding start: ready in ${(first.readyMs / 1000).toFixed(2)} s`);
    await stopStack(first.child);
    const figures: RunFigures[] = [];
    const paths = ['/healthz', `/api/calendar/team/${TEAM}.ics`];
    for (let run = 1; run <= RUNS; run += 1) {
      const stack = await startStack(port, dataDir);
      const runtime = /Servers: (\w+)/.exec(stack.output.join(''))?.[1] ?? '?';
      console.log(`\nrun ${run}: start to /readyz ${(stack.readyMs / 1000).toFixed(2)} s (launcher said: ${runtime})`);
      try {
        const floor = await warmClient(paths);
        console.log(
          `  the method's floor, GET /healthz of a warm server in another process after ${QUIET_MS / 1000} s of quiet: ` +
            `1st ${floor.first.toFixed(2)} ms, median 2-100 ${floor.median.toFixed(2)} ms, 100th ${floor.hundredth.toFixed(2)} ms, ` +
            `1st/100th ${(floor.first / floor.hundredth).toFixed(1)}x, 1st/median ${(floor.first / floor.median).toFixed(1)}x`,
        );
        const afterStart: Series[] = [];
        const warmSeries: Series[] = [];
        await sleep(QUIET_MS);
        for (const url of paths) afterStart.push(await series(`${base}${url}`));
        await sleep(QUIET_MS);
        for (const [i, url] of paths.entries()) {
          const start = afterStart[i]!;
          const warm = await series(`${base}${url}`);
          warmSeries.push(warm);
          console.log(
            `  GET ${url} [${[...start.statuses, ...warm.statuses].join(',')}]: 1st ${start.first.toFixed(1)} ms, ` +
              `median 2-100 ${start.median.toFixed(1)} ms, 100th ${start.hundredth.toFixed(1)} ms, ` +
              `1st/100th ${(start.first / start.hundredth).toFixed(1)}x, 1st/median ${(start.first / start.median).toFixed(1)}x; ` +
              `warm, after the same quiet: 1st ${warm.first.toFixed(1)} ms, median ${warm.median.toFixed(1)} ms; ` +
              `1st after start / 1st when warm ${(start.first / warm.first).toFixed(1)}x`,
          );
        }
        await sleep(IDLE_S * 1000);
        const tree = processTree(stack.child.pid!);
        let total = 0;
        let proportional = 0;
        const mb = (kb: number) => String(Math.round(kb / 1024)).padStart(5);
        for (const proc of tree) {
          total += proc.rssKb;
          proportional += proc.pssKb;
          console.log(`  ${mb(proc.rssKb)} MB RSS ${mb(proc.pssKb)} MB PSS  ${proc.pid}  ${label(proc.command)}`);
        }
        console.log(
          `  idle RSS after ${IDLE_S} s: ${Math.round(total / 1024)} MB over ${tree.length} processes (the sum counts the shared node binary once per process)`,
        );
        figures.push({ readyS: stack.readyMs / 1000, rssMb: total / 1024, floor, afterStart, warm: warmSeries });
        console.log(
          `  idle PSS after ${IDLE_S} s: ${Math.round(proportional / 1024)} MB (shared pages divided among the processes: what the machine spends)`,
        );
      } finally {
        await stopStack(stack.child);
      }
    }
    if (figures.length > 1) for (const line of summary(figures, paths)) console.log(line);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
