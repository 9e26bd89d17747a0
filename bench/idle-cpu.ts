/**
 * What the whole `npm start` stack costs in CPU while nobody does anything.
 *
 *   flock /tmp/matchday-heavy.lock npx tsx bench/idle-cpu.ts
 *
 * Spawns `npm start -- <BENCH_START_ARGS> --as-of <instant> --replay openfootball <BENCH_REPLAY>` (default
 * `--no-build`; the replay is the World Cup 2022 of ../shared/data) on a free PORT with a temporary DATA_DIR, right after
 * `npm run -s build:servers` (BENCH_PREPARE replaces it), so that the compiled servers are current although others
 * edit the tree meanwhile (the runtime `npm start` chose is printed; build the frontends first), twice:
 * - at BENCH_QUIET_AT (default 2022-12-16T12:00:00Z: no match within a day), for two states:
 *   1. no browser;
 *   2. one Home open in headless Chromium (playwright-core, /usr/bin/chromium), signed in as a fan who follows the
 *      tournament (so the header's alerts bell is in play), with nothing live;
 * - at BENCH_LIVE_AT (default 2022-12-18T16:40:00Z: the final's second half), for:
 *   3. the same Home open during a live match.
 * Each state settles for BENCH_SETTLE_S (default 10) and is then measured over BENCH_WINDOW_S (default 60): the CPU
 * time (user + system, /proc/<pid>/stat) of every process in the tree under the spawned npm (the launcher, the
 * sign-in provider, the services, the gateway), per process and summed, and separately Chromium's (every process of
 * the browser this bench launched). Printed with the load average at the start of each window. Linux only (/proc).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort, repoRoot } from '../scripts/lib/processes';

const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 10);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 60);
const START_ARGS = (process.env.BENCH_START_ARGS ?? '--no-build').split(' ').filter(Boolean);
const PREPARE = process.env.BENCH_PREPARE ?? 'npm run -s build:servers';
const REPLAY = process.env.BENCH_REPLAY ?? path.resolve(repoRoot, '../shared/data/openfootball/worldcup-2022');
const QUIET_AT = process.env.BENCH_QUIET_AT ?? '2022-12-16T12:00:00Z';
const LIVE_AT = process.env.BENCH_LIVE_AT ?? '2022-12-18T16:40:00Z';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TICKS_PER_SECOND = 100;

interface Proc {
  pid: number;
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
  command: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), command };
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

function label(command: string): string {
  if (command.startsWith('npm')) return 'npm';
  const entry = /(\S+\.(?:ts|js|mjs|cjs))(?:\s|$)/.exec(command)?.[1];
  if (entry) return path.relative(repoRoot, path.resolve(repoRoot, entry));
  return command.slice(0, 60);
}

interface Window {
  stackS: number;
  browserS: number;
  perProcess: Array<{ label: string; seconds: number }>;
  load: string;
}

/** CPU seconds of the stack's processes and of the others under this bench (the browser) over WINDOW_S. */
async function measure(stack: ChildProcess): Promise<Window> {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const stackPids = () => new Set(processTree(stack.pid!).map((p) => p.pid));
  // Chromium's processes (the bench's own helpers, such as tsx's esbuild, are not counted anywhere)
  const browserOf = (tree: Proc[], inStack: Set<number>) => tree.filter((p) => !inStack.has(p.pid) && /chrom/i.test(p.command));
  const before = new Map(processTree(process.pid).map((p) => [p.pid, p]));
  await sleep(WINDOW_S * 1000);
  const after = processTree(process.pid);
  const inStack = stackPids();
  const spent = (p: Proc) => (p.ticks - (before.get(p.pid)?.ticks ?? 0)) / TICKS_PER_SECOND;
  const stackProcs = after.filter((p) => inStack.has(p.pid));
  return {
    stackS: stackProcs.reduce((sum, p) => sum + spent(p), 0),
    browserS: browserOf(after, inStack).reduce((sum, p) => sum + spent(p), 0),
    perProcess: stackProcs.map((p) => ({ label: label(p.command), seconds: spent(p) })).filter((p) => p.seconds > 0),
    load,
  };
}

async function startStack(port: number, dataDir: string, asOf: string): Promise<ChildProcess> {
  if (PREPARE) execSync(PREPARE, { cwd: repoRoot, stdio: 'ignore' });
  const output: string[] = [];
  const started = performance.now();
  const args = ['start', '--', ...START_ARGS, '--as-of', asOf, '--replay', 'openfootball', REPLAY];
  const child = spawn('npm', args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => output.push(String(chunk)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.join('')}`);
    if (performance.now() - started > 900_000) throw new Error(`not ready within 900 s:\n${output.join('')}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) {
        console.log(
          output
            .join('')
            .split('\n')
            .find((line) => line.startsWith('Servers:')) ?? 'Servers: ?',
        );
        return child;
      }
    } catch {
      // not listening yet
    }
    await sleep(200);
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

/** A fan signed in through the development provider who follows the replayed tournament: the Cookie header. */
async function followingFan(origin: string): Promise<string> {
  const cookie = await signInThroughDevProvider(origin, 'idle.fan@example.com');
  const leagues = (await (await fetch(`${origin}/api/leagues`, { headers: { cookie } })).json()) as Array<{ id: number }>;
  const follow = await fetch(`${origin}/api/user/follows`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'league', id: leagues[0]!.id }),
  });
  if (!follow.ok) throw new Error(`follow: ${follow.status} ${await follow.text()}`);
  return cookie;
}

async function openHome(browser: Browser, origin: string, cookie: string): Promise<() => Promise<void>> {
  const context = await browser.newContext();
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  return () => context.close();
}

function print(state: string, window: Window): void {
  console.log(
    `${state}: stack ${window.stackS.toFixed(2)} CPU-s in ${WINDOW_S} s` +
      (window.browserS > 0 ? `, Chromium ${window.browserS.toFixed(2)} CPU-s` : '') +
      ` (load average at start ${window.load})`,
  );
  for (const p of window.perProcess.sort((a, b) => b.seconds - a.seconds)) console.log(`    ${p.seconds.toFixed(2)}  ${p.label}`);
}

async function run(asOf: string, states: Array<'no browser' | 'Home'>, name: string): Promise<void> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-idle-cpu-'));
  let stack: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    stack = await startStack(port, dataDir, asOf);
    const cookie = await followingFan(origin);
    for (const state of states) {
      let close: (() => Promise<void>) | undefined;
      if (state === 'Home') {
        browser ??= await chromium.launch({
          executablePath: CHROMIUM,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        });
        close = await openHome(browser, origin, cookie);
      }
      await sleep(SETTLE_S * 1000);
      print(`${name}, ${state === 'Home' ? 'one Home open' : 'no browser'}`, await measure(stack));
      await close?.();
    }
  } finally {
    await browser?.close();
    if (stack) await stopStack(stack);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`idle CPU of the npm start stack; ${os.cpus().length} cores; settle ${SETTLE_S} s, window ${WINDOW_S} s`);
  await run(QUIET_AT, ['no browser', 'Home'], `nothing live (as of ${QUIET_AT})`);
  await run(LIVE_AT, ['Home'], `a live match (as of ${LIVE_AT})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
