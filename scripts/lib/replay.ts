import path from 'node:path';
import { DEFAULT_REPLAY_DESCRIPTION, defaultReplayArgs, holdsImportedData, prepareReplay } from '@matchday/football/importers';
import { repoRoot } from './processes';

/**
 * The replay a stack serves, built by scripts/replay.ts in a process of its own (scripts/lib/replay-process.ts runs
 * it): this module loads the importers, which the launcher never does.
 */
export interface ReplayJob {
  /** Import arguments, or 'default': the default real season (StackOptions.replay). */
  replay: string[] | 'default';
  /** A real day of the season (YYYY-MM-DD) that is today. */
  asOf?: string;
  /** Where the default replay's real data is (default REAL_DATA_DIR, else ../shared/data beside the repository). */
  realDataDir?: string;
}

/** The football service's environment for the replay built, or none (imported data served as it is, or the demo season). */
export interface ReplayOutcome {
  serviceEnv?: NodeJS.ProcessEnv;
}

/**
 * What the default world comes to: the default replay's import arguments, or undefined when the football database
 * holds imported data (served as it is) or the real data is missing (the services seed the demo season).
 */
async function defaultReplay(
  env: NodeJS.ProcessEnv,
  job: ReplayJob,
  log: (line: string) => void,
): Promise<{ args: string[]; sameCalendarDay: boolean } | undefined> {
  if (await holdsImportedData(env)) {
    if (job.asOf !== undefined) throw new Error('--as-of belongs to a replay: this DATA_DIR holds imported data, served as it is');
    log('  Football: the imported data of this DATA_DIR, served as it is.');
    return undefined;
  }
  const root = path.resolve(repoRoot, job.realDataDir ?? env.REAL_DATA_DIR ?? '../shared/data');
  const found = defaultReplayArgs(root);
  if ('missing' in found) {
    if (job.asOf !== undefined) throw new Error(`--as-of needs the real data, and ${found.missing[0]} is missing`);
    log(`  Football: the real data is not at ${root} (${found.missing[0]} is missing): serving the demo season instead.`);
    log('  Set REAL_DATA_DIR to the folder that holds football-data-co-uk/, fpl/, openfootball/, isl/ and adjustments/.');
    return undefined;
  }
  log(`  Football: a replay of ${DEFAULT_REPLAY_DESCRIPTION} (npm start -- --demo for the demo season).`);
  return { args: found.args, sameCalendarDay: true };
}

/** Decides the replay (for 'default') and writes its database; `env` is the football service's. */
export async function buildReplay(job: ReplayJob, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<ReplayOutcome> {
  const replay = job.replay === 'default' ? await defaultReplay(env, job, log) : { args: job.replay, sameCalendarDay: false };
  if (!replay) return {};
  const serviceEnv = await prepareReplay(replay.args, env, log, { asOf: job.asOf, sameCalendarDay: replay.sameCalendarDay });
  return { serviceEnv };
}
