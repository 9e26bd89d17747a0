import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';

/** The repository root: the nearest package.json with "workspaces" above this file (scripts/lib or a compiled scripts/dist). */
export const repoRoot = ((): string => {
  for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
  }
  throw new Error(`No package.json with "workspaces" above ${__dirname}`);
})();

export { freePort } from './ports';

const COLOURS = [36, 35, 33, 32, 34, 31];
const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Prints a child's pino JSON lines as "[name] level msg key=value", other lines as they are. */
function pipeLines(name: string, colour: number, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream): void {
  const label = `\u001b[${colour}m[${name}]\u001b[0m`;
  readline.createInterface({ input: stream }).on('line', (line) => {
    let text = line;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      const { level, msg, req, res, responseTime, err } = entry;
      const request = req as { method?: string; url?: string } | undefined;
      const response = res as { statusCode?: number } | undefined;
      text = `${LEVELS[Number(level)] ?? ''} ${String(msg ?? '')}`;
      if (request?.method) text += ` ${request.method} ${request.url} ${response?.statusCode ?? ''} ${String(responseTime ?? '')}ms`;
      if (err) text += ` ${JSON.stringify(err)}`;
    } catch {
      // not JSON: print as is
    }
    out.write(`${label} ${text}\n`);
  });
}

export interface ManagedProcess {
  readonly name: string;
  /** The running child; a new one after each restart. */
  readonly child: ChildProcess;
  /** Restart the process whenever it exits unless stop() asked for it (see RestartPolicy). */
  supervise(policy: RestartPolicy): void;
  /** Ends the process (SIGTERM, SIGKILL after 15 s: it may drain requests for 10 s) without restarting it. */
  stop(): Promise<void>;
}

export interface RestartPolicy {
  /** This many unexpected exits within `windowMs` mean the process keeps crashing: give up. */
  maxCrashes: number;
  windowMs: number;
  /** Delay before the n-th restart within the window (n from 1). */
  backoffMs(n: number): number;
  /** Called once when giving up, with a message naming the process; the caller stops everything. */
  onGiveUp(message: string): void;
  /** Where the one line per restart goes (default: stderr). */
  log?(line: string): void;
}

/** npm start: 250 ms, 500 ms, 1 s, 2 s between restarts; five exits within a minute stop everything. */
export const DEFAULT_RESTART_POLICY: Omit<RestartPolicy, 'onGiveUp'> = {
  maxCrashes: 5,
  windowMs: 60_000,
  backoffMs: (n) => Math.min(250 * 2 ** (n - 1), 8000),
};

class NodeProcess implements ManagedProcess {
  child: ChildProcess;
  private stopping = false;
  private policy?: RestartPolicy;
  private crashes: number[] = [];
  private restartTimer?: NodeJS.Timeout;

  constructor(
    readonly name: string,
    private readonly args: readonly string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly colour: number,
  ) {
    this.child = this.spawn();
  }

  private spawn(): ChildProcess {
    const child = spawn(process.execPath, [...this.args], {
      cwd: repoRoot,
      env: { ...STACK_ENV, ...this.env },
      // the IPC channel only tells the server when this launcher is gone (listen() in libs/server stops it then)
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.channel?.unref();
    pipeLines(this.name, this.colour, child.stdout!, process.stdout);
    pipeLines(this.name, this.colour, child.stderr!, process.stderr);
    child.once('exit', (code, signal) => this.exited(code ?? signal ?? 'unknown'));
    return child;
  }

  supervise(policy: RestartPolicy): void {
    this.policy = policy;
  }

  private exited(code: number | string): void {
    const policy = this.policy;
    if (this.stopping || !policy) return;
    const now = Date.now();
    this.crashes = [...this.crashes.filter((at) => now - at < policy.windowMs), now];
    const log = policy.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    if (this.crashes.length >= policy.maxCrashes) {
      this.stopping = true;
      policy.onGiveUp(
        `${this.name} keeps crashing: it exited ${this.crashes.length} times within ${policy.windowMs / 1000} s (last exit code ${code}).`,
      );
      return;
    }
    const delay = policy.backoffMs(this.crashes.length);
    log(`  ${this.name} exited unexpectedly (exit code ${code}); restarting in ${delay} ms`);
    this.restartTimer = setTimeout(() => {
      if (!this.stopping) this.child = this.spawn();
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

/** Runs a TypeScript entry point with Node + tsx, piping its output with a coloured prefix. */
export function startTs(name: string, entry: string, env: NodeJS.ProcessEnv, index: number): ManagedProcess {
  return startNode(name, ['--import', 'tsx', entry], env, index);
}

/**
 * V8's young generation grows to 3 x 16 MB on a busy start (migrations, demo seed) and stays that size; capped at
 * 1 MB semi-spaces it idles ~15 MB smaller per process, for more (cheap) scavenges under load. `npm start` runs
 * five servers on one machine, so it takes the smaller heap; production (deploy/systemd) keeps V8's default.
 * Tried beside it, none of which moved a server's idle RSS beyond run-to-run noise (±2 MB): --single-threaded-gc,
 * --v8-pool-size=1, --optimize-for-size, --max-lazy, and running without --enable-source-maps.
 */
export const STACK_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1'];

/**
 * The V8 flags of a production server (deploy/systemd: none, V8's default heap). Throughput is measured with these
 * (the scale-out rig, bench/gateway.ts, bench/load.ts): under load the 1 MB semi-spaces above cost a cached read
 * ~75 us more CPU in scavenges (107 -> 187 us per request, bench/gateway.ts with BENCH_CPU_PROF).
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = [];

/**
 * glibc's malloc gives freed memory back to the system only when more than MALLOC_TRIM_THRESHOLD_ (128 KB by default,
 * but raised on the fly up to 32 MB as large blocks are freed) is free at the top of a heap. Node's servers free large
 * blocks (a worker thread's arena, compression buffers, query results) and then idle, so the default kept ~10 MB per
 * process resident for nothing: a fixed 128 KB threshold gives it back (bench/stack-memory.ts). The environment's own
 * value wins; production (deploy/systemd) keeps glibc's default. MALLOC_ARENA_MAX=2 as well did not help: the few MB
 * in threads' arenas moved to the main heap instead (the launcher's ~9 MB arena was fetch's, see waitForHttp), and a
 * forced malloc_trim(0) of an idle server gave back <= 2 MB: what the servers' malloc holds is in use.
 */
export const STACK_ENV: Readonly<NodeJS.ProcessEnv> = { MALLOC_TRIM_THRESHOLD_: '131072' };

/** Runs a compiled JavaScript entry point (scripts/lib/build-servers.ts) with source maps, output piped the same way. */
export function startCompiled(
  name: string,
  file: string,
  env: NodeJS.ProcessEnv,
  index: number,
  flags: readonly string[] = STACK_NODE_FLAGS,
): ManagedProcess {
  return startNode(name, ['--enable-source-maps', ...flags, file], env, index);
}

/** Runs `node <args>` in the repository, piping its output with a coloured prefix. */
export function startNode(name: string, args: readonly string[], env: NodeJS.ProcessEnv, index: number): ManagedProcess {
  return new NodeProcess(name, args, env, COLOURS[index % COLOURS.length]!);
}

/** The status of one GET of `url` (its body read and dropped); rejects when it fails or takes over `timeoutMs`. */
function getStatus(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, signal: AbortSignal.timeout(timeoutMs) }, (response) => {
        response.once('error', reject);
        response.once('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      })
      .once('error', reject);
  });
}

/**
 * Polls a URL until it answers 2xx (or the process exits, or the time runs out). Through node:http, not fetch:
 * `npm start`'s launcher polls with this and then supervises the stack for its whole life, and a first fetch() loads
 * Node's undici and compiles its llhttp WebAssembly, which stay: the launcher idled at 56-64 MB RSS with fetch, 50-51
 * MB without (bench/stack-memory.ts).
 */
export async function waitForHttp(url: string, process: ManagedProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (process.child.exitCode !== null) throw new Error(`${process.name} exited with code ${process.child.exitCode}`);
    try {
      const status = await getStatus(url, 1000);
      if (status >= 200 && status < 300) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${process.name} did not answer ${url} within ${timeoutMs} ms`);
}

export async function stopAll(processes: ManagedProcess[]): Promise<void> {
  await Promise.all(processes.map((p) => p.stop()));
}
