import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

export const repoRoot = path.resolve(__dirname, '..', '..');

/** A free loopback port chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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
  name: string;
  child: ChildProcess;
}

/** Runs a TypeScript entry point with Node + tsx, piping its output with a coloured prefix. */
export function startTs(name: string, entry: string, env: NodeJS.ProcessEnv, index: number): ManagedProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const colour = COLOURS[index % COLOURS.length]!;
  pipeLines(name, colour, child.stdout!, process.stdout);
  pipeLines(name, colour, child.stderr!, process.stderr);
  return { name, child };
}

/** Polls a URL until it answers 2xx (or the process exits, or the time runs out). */
export async function waitForHttp(url: string, process: ManagedProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (process.child.exitCode !== null) throw new Error(`${process.name} exited with code ${process.child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${process.name} did not answer ${url} within ${timeoutMs} ms`);
}

export async function stopAll(processes: ManagedProcess[]): Promise<void> {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
