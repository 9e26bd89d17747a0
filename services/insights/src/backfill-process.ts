import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import workerpool from 'workerpool';
import type { BackfillEvent } from './backfill-worker';
import type { Dream11RecordReport } from './modules/dream11/record';
import type { BackfillReport } from './modules/tips/backfill';

export interface SeasonSoFarRun {
  /** Settles when the process has ended: with the Dream11 record's report, or rejected (a failure, a crash, a stop). */
  done: Promise<Dream11RecordReport>;
  /** Ends the process now (the service's stop): the block under way is lost, the next start does it again. */
  stop(): Promise<void>;
}

/**
 * Runs the tips backfill and the Dream11 record (backfill-worker.ts) in a child process that ends when they are done,
 * through a workerpool pool of one process (as the Dream11 solver, fantasy/optimiser.ts). In the service's own
 * process the fits, the league feeds and the solver of a first start's backfill (383 tips, 60 fits, then the record)
 * stayed resident for good: insights idled at ~141 MB against ~75 without them (bench/stack-memory.ts). A process that
 * ends gives it all back. Both write to the service's database, where the API reads them; `onTips` is handed the tips
 * backfill's report (or its error) as soon as it is done; `env` is the process's environment (default this one's). A crash of the process rejects `done` (the service logs it
 * and keeps serving; the next start does what is left).
 * From the compiled bundle (dist/server.js) it runs the compiled dist/backfill-worker.js beside it under the same Node
 * flags; from the TypeScript source it runs backfill-worker.ts through tsx's loader.
 */
export function runSeasonSoFar(onTips: (report: BackfillReport | Error) => void, env: NodeJS.ProcessEnv = process.env): SeasonSoFarRun {
  const fromSource = path.extname(__filename) === '.ts';
  const filename = path.join(__dirname, fromSource ? 'backfill-worker.ts' : 'backfill-worker.js');
  if (!fs.existsSync(filename)) {
    const missing = Promise.reject(new Error(`The backfill's worker ${filename} is missing (npm run build:servers)`));
    return { done: missing, stop: () => Promise.resolve() };
  }
  const pool = workerpool.pool(filename, {
    workerType: 'process',
    minWorkers: 0,
    maxWorkers: 1,
    forkOpts: { env, ...(fromSource && { execArgv: [...process.execArgv, '--import', pathToFileURL(require.resolve('tsx')).href] }) },
  });
  const on = (event: BackfillEvent) => onTips('tips' in event ? event.tips : new Error(event.tipsFailed));
  // a native promise of the pool's own: its process ends once the work is done (or has failed)
  const work: Promise<Dream11RecordReport> = Promise.resolve(pool.exec('seasonSoFar', [], { on }));
  const done = work.finally(() => pool.terminate(true));
  return { done, stop: () => pool.terminate(true) };
}
