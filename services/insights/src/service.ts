import { createLogger, type ServiceDefinition, footballWithoutAddress, type FootballClient } from '@matchday/server';
import { migrations } from './db/migrations';
import { startSolver, stopSolver } from './fantasy/optimiser';
import { runSeasonSoFar } from './backfill-process';
import { Dream11RecordBackfill, type Dream11RecordReport } from './modules/dream11/record';
import { Dream11RecordRepository } from './modules/dream11/repository';
import { Dream11Engine } from './modules/dream11/service';
import { dream11Router } from './modules/dream11/router';
import { LeagueFeed } from './modules/league-feed';
import { TipsEngine } from './modules/tips/service';
import { TipsBackfill, type BackfillReport } from './modules/tips/backfill';
import { TipsJob } from './modules/tips/job';
import { TipsRepository } from './modules/tips/repository';
import { tipsRouter } from './modules/tips/router';

export interface InsightsOptions {
  /** The football service's internal reads (config.ts: at FOOTBALL_URL; default none: football reads answer 502). */
  football?: FootballClient;
  /**
   * Run the background job (default true): once at start before the service listens, then every JOB_EVERY_MS.
   * Tests turn it off and call `job(db).run()` themselves.
   */
  background?: boolean;
  /**
   * With the background job, tip the season's played matches after start and make the Dream11 record of them
   * (modules/tips/backfill.ts, modules/dream11/record.ts): true (the default) in this process, on its database and
   * clock (tests); 'process' in a child process that reads the same environment and ends when done
   * (backfill-process.ts: server.ts's way, so that what the fits used is given back); false not at all.
   */
  backfill?: boolean | 'process';
}

/** What insights' start-up and its routers share: one league feed and one set of fitted models (tests run the job by hand). */
export interface InsightsParts {
  feed: LeagueFeed;
  tips: TipsEngine;
  dream11: Dream11Engine;
  job: TipsJob;
  backfill: TipsBackfill;
  dream11Record: Dream11RecordBackfill;
}

export function createInsights(options: InsightsOptions = {}): ServiceDefinition<InsightsParts> {
  return {
    name: 'insights',
    migrations,
    parts: (db, clock) => {
      const football = options.football ?? footballWithoutAddress;
      // one league feed and one set of fitted models for the tips and Dream11
      const feed = new LeagueFeed(football, () => new Date(clock()));
      const repository = new TipsRepository(db);
      const job = new TipsJob(feed, repository);
      const dream11 = new Dream11Engine(football, feed);
      return {
        feed,
        tips: new TipsEngine(feed, repository),
        dream11,
        job,
        backfill: new TipsBackfill(feed, repository, job),
        dream11Record: new Dream11RecordBackfill(feed, football, dream11, new Dream11RecordRepository(db)),
      };
    },
    routers: (_db, _clock, { tips, dream11, dream11Record }) => [tipsRouter(tips), dream11Router(dream11, dream11Record)],
    // The stop ends the Dream11 solver's process too (cards on demand start it without the background job).
    onStart: async (_db, _clock, parts) =>
      options.background === false ? stopSolver : startBackground(parts, { backfill: options.backfill ?? true }),
  };
}

/**
 * The background work. The job (freeze the published window's tips, grade the played ones) and the Dream11 cards
 * run once before the service listens, so that the first tips and Dream11 pages after start have them: retried every START_RETRY_MS while the
 * football service is not up yet, for at most START_WAIT_MS (then the service starts anyway and the job keeps
 * retrying in the background). Then every JOB_EVERY_MS: the job, and the Dream11 cards of today and tomorrow made
 * ahead (kept in memory), so that a page never waits for a fit or an optimisation (the gateway gives a service 2 s).
 */
const JOB_EVERY_MS = 2 * 60_000;
const JOB_RETRY_MS = 1_000;
/** Before the service listens, football is asked again sooner: `npm start` starts insights while football starts. */
const START_RETRY_MS = 250;
const START_WAIT_MS = 40_000;

async function startBackground(
  { job, dream11, backfill, dream11Record }: InsightsParts,
  { backfill: backfillOn }: { backfill: boolean | 'process' },
): Promise<() => Promise<void>> {
  const logger = createLogger('insights');
  // its process starts while the tips job below waits for football
  startSolver();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  // The season so far, tipped afterwards (modules/tips/backfill.ts), then its Dream11 record (modules/dream11/record.ts):
  // after the service listens, never before a page.
  let backfilling: Promise<void> | null = null;
  let endBackfill: (() => Promise<void>) | undefined;
  const tipsDone = (report: BackfillReport) => {
    const since = Math.round(process.uptime() * 10) / 10;
    logger.info(
      { ...report, sinceProcessStartS: since },
      `tips backfill done: ${report.made} tips made, ${report.graded} graded, ${report.fits} fits in ${report.milliseconds} ms, ${since} s after insights started`,
    );
  };
  const tipsFailed = (error: unknown) => logger.warn({ err: error }, 'tips backfill failed (it runs again at the next start)');
  const recordDone = (report: Dream11RecordReport | null) => {
    if (report)
      logger.info(
        report,
        `Dream11 record done: ${report.made} matches scored, ${report.fits} fits in ${report.milliseconds} ms (${report.pending} pending)`,
      );
  };
  const inThisProcess = () =>
    backfill
      .run(() => stopped)
      .then(tipsDone, tipsFailed)
      .then(() => (stopped ? null : dream11Record.run(() => stopped)))
      .then(recordDone, (error: unknown) => logger.warn({ err: error }, 'Dream11 record failed (it runs again at the next start)'));
  const inAProcess = () => {
    const run = runSeasonSoFar((report) => (report instanceof Error ? tipsFailed(report) : tipsDone(report)));
    endBackfill = run.stop;
    return run.done.then(recordDone, (error: unknown) => {
      // a stop ends the process on purpose; anything else (a failure, a crash) is said, and the service keeps serving
      if (!stopped)
        logger.warn({ err: error }, "the season's backfill process failed or ended early (what is left is done at the next start)");
    });
  };
  const startBackfill = () => {
    if (!backfillOn || backfilling || stopped) return;
    backfilling = new Promise<void>((resolve) => setImmediate(resolve)).then(backfillOn === 'process' ? inAProcess : inThisProcess);
  };
  const warmCards = async () => {
    await Promise.all([dream11.day('today'), dream11.day('tomorrow')]);
  };
  const schedule = (ms: number, work: () => Promise<unknown>) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = work().then(
        () => {
          startBackfill();
          schedule(JOB_EVERY_MS, () => job.run().then(warmCards));
        },
        (error: unknown) => {
          logger.debug({ err: error }, 'insights background job failed, retrying');
          schedule(JOB_RETRY_MS * 5, () => job.run().then(warmCards));
        },
      );
    }, ms);
    timer.unref();
  };
  const started = Date.now();
  let ready = false;
  while (!ready && Date.now() - started < START_WAIT_MS) {
    try {
      const jobStarted = performance.now();
      const report = await job.run();
      const ms = Math.round(performance.now() - jobStarted);
      logger.info({ ...report, ms }, `tips job ran before start in ${ms} ms`);
      ready = true;
    } catch (error) {
      logger.debug({ err: error }, 'tips job before start failed (football not up yet?), retrying');
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
    }
  }
  if (ready) {
    // Today's and tomorrow's Dream11 cards are made before the service listens too: until then a card page would
    // wait for fits and solves, and the first requests after a start would share the CPU with them.
    const warmStarted = performance.now();
    await warmCards().then(
      () => {
        const ms = Math.round(performance.now() - warmStarted);
        logger.info({ ms }, `today's and tomorrow's Dream11 cards made before start in ${ms} ms`);
      },
      (error: unknown) => logger.warn({ err: error }, 'Dream11 cards could not be made before start'),
    );
    schedule(JOB_EVERY_MS, () => job.run().then(warmCards));
    startBackfill();
  } else schedule(JOB_RETRY_MS, () => job.run().then(warmCards));
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running.catch(() => undefined);
    await endBackfill?.();
    await backfilling;
    // the Dream11 solver's process (it would end by itself a few seconds after its last solve)
    await stopSolver();
  };
}

/** Without a football address and without the background job: the tests and the migrate/seed CLI (server.ts makes the running one from config.ts). */
export const insights: ServiceDefinition<InsightsParts> = createInsights({ background: false });
