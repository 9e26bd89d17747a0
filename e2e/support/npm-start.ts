import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { freePort, repoRoot } from '../../scripts/lib/processes';

/** A stack started as a user starts one: `npm start -- --no-build <args>` (scripts/start.ts). */
export interface NpmStartStack {
  url: string;
  /** When it was started (client clock): a replay's instant is its `--as-of` + (now − startedAt), within a second. */
  startedAt: number;
  stop(): Promise<void>;
}

/**
 * Starts `scripts/start.ts --no-build <args>` on a free port with a fresh DATA_DIR (named after `name`), and resolves
 * once its gateway answers /readyz; throws if it exits first or is not ready within `timeoutMs`.
 */
export async function startNpmStart(
  args: readonly string[],
  { name, timeoutMs = 90_000 }: { name: string; timeoutMs?: number },
): Promise<NpmStartStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `matchday-e2e-${name}-`));
  const port = await freePort();
  const startedAt = Date.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${name} stack did not start within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url: `http://localhost:${port}`, startedAt, stop };
}

/**
 * The tests of the file or describe this is called in get their own `npm start` stack (beforeAll / afterAll); the
 * sign-in helpers and getJson read its address from E2E_BASE_URL, which points at it meanwhile. `args` may be a
 * function, called in beforeAll (a spec that writes an input file first).
 */
export function npmStartStack(
  args: readonly string[] | (() => readonly string[]),
  options: { name: string; timeoutMs?: number },
): () => NpmStartStack {
  let stack: NpmStartStack | undefined;
  let previousBaseUrl: string | undefined;
  test.beforeAll(async () => {
    test.setTimeout((options.timeoutMs ?? 90_000) + 30_000);
    stack = await startNpmStart(typeof args === 'function' ? args() : args, options);
    previousBaseUrl = process.env.E2E_BASE_URL;
    process.env.E2E_BASE_URL = stack.url;
  });
  test.afterAll(async () => {
    process.env.E2E_BASE_URL = previousBaseUrl;
    await stack?.stop();
  });
  return () => stack!;
}
