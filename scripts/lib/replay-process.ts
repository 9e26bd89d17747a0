import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { compiledPathOf } from './build-servers';
import { repoRoot } from './processes';
import type { ReplayJob, ReplayOutcome } from './replay';

export type { ReplayJob, ReplayOutcome } from './replay';

/**
 * Builds a replay's database in a child process (scripts/replay.ts: its compiled output, or its source through tsx)
 * that ends when it is done (V8's default heap: it is short-lived and busy), passing its lines to `log`; rejects with the child's own message when it fails (a bad
 * --as-of, missing files). The import's memory goes with the child: the launcher stays ~55 MB smaller for the
 * stack's whole life (bench/stack-memory.ts).
 */
export async function runReplay(
  job: ReplayJob,
  env: NodeJS.ProcessEnv,
  runtime: 'compiled' | 'tsx',
  log: (line: string) => void,
): Promise<ReplayOutcome> {
  const compiled = compiledPathOf('scripts/replay.ts');
  const args =
    runtime === 'compiled' && compiled
      ? ['--enable-source-maps', compiled, JSON.stringify(job)]
      : ['--import', 'tsx', 'scripts/replay.ts', JSON.stringify(job)];
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let outcome: ReplayOutcome | undefined;
  child.on('message', (message) => (outcome = message as ReplayOutcome));
  readline.createInterface({ input: child.stdout! }).on('line', log);
  const errors: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (line) => errors.push(line));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode, signal) => resolve(signal ? null : exitCode));
  });
  if (code !== 0 || !outcome) throw new Error(errors.join('\n').trim() || `building the replay failed (exit code ${String(code)})`);
  return outcome;
}
