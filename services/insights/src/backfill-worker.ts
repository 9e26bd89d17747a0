import {
  createLogger,
  footballWithoutAddress,
  logLevelOf,
  openDatabase,
  readEnv,
  resolveDatabaseTarget,
  setLogLevel,
  systemClock,
} from '@matchday/server';
import workerpool from 'workerpool';
import { insightsEnvSchema, insightsOptions } from './config';
import { stopSolver } from './fantasy/optimiser';
import { Dream11RecordBackfill, type Dream11RecordReport } from './modules/dream11/record';
import { Dream11RecordRepository } from './modules/dream11/repository';
import { Dream11Engine } from './modules/dream11/service';
import { LeagueFeed } from './modules/league-feed';
import { TipsBackfill, type BackfillReport } from './modules/tips/backfill';
import { TipsJob } from './modules/tips/job';
import { TipsRepository } from './modules/tips/repository';

/** What the backfill's process tells the service as it goes (backfill-process.ts logs it). */
export type BackfillEvent = { tips: BackfillReport } | { tipsFailed: string };

/**
 * The season so far, in a process of its own (backfill-process.ts starts it and ends it when the work is done): the
 * tips backfill, then the Dream11 record, on the service's own database and football service, both read from the
 * same environment as server.ts (config.ts). What they make is stored in the database, where the service's API reads
 * it; the process hands back only the two reports. The fits, the league feeds and the solver it loads end with it.
 */
async function seasonSoFar(): Promise<Dream11RecordReport> {
  const env = readEnv(insightsEnvSchema);
  setLogLevel(logLevelOf(env));
  const football = insightsOptions(env).football ?? footballWithoutAddress;
  const db = await openDatabase(resolveDatabaseTarget('insights', env));
  try {
    const feed = new LeagueFeed(football, () => new Date(systemClock()));
    const repository = new TipsRepository(db);
    const job = new TipsJob(feed, repository);
    try {
      workerpool.workerEmit({ tips: await new TipsBackfill(feed, repository, job).run() } satisfies BackfillEvent);
    } catch (error) {
      createLogger('insights').debug({ err: error }, 'tips backfill failed in its process');
      workerpool.workerEmit({ tipsFailed: error instanceof Error ? error.message : String(error) } satisfies BackfillEvent);
    }
    const dream11 = new Dream11Engine(football, feed);
    return await new Dream11RecordBackfill(feed, football, dream11, new Dream11RecordRepository(db)).run();
  } finally {
    await stopSolver();
    await db.destroy();
  }
}

// This file is the backfill's child process: it answers the pool's one 'seasonSoFar' request.
workerpool.worker({ seasonSoFar });
