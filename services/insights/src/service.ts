import { createLogger, type Knex, type ServiceDefinition, footballWithoutAddress, type FootballClient } from '@matchday/server';
import { migrations } from './db/migrations';
import { Dream11Engine } from './modules/dream11/engine';
import { dream11Router } from './modules/dream11/router';
import { statusRouter } from './modules/status/router';
import { TipsEngine } from './modules/tips/engine';
import { tipsRouter } from './modules/tips/router';

export interface InsightsOptions {
  /** The football service's internal reads (config.ts: at FOOTBALL_URL; default none: football reads answer 502). */
  football?: FootballClient;
  /** Clock (tests). */
  now?: () => Date;
  /** Compute the day's tips and cards in the background (default true; tests turn it off). */
  warm?: boolean;
}

export function createInsights(options: InsightsOptions = {}): ServiceDefinition {
  const engines = new WeakMap<Knex, { tips: TipsEngine; dream11: Dream11Engine }>();
  const enginesFor = (db: Knex) => {
    let held = engines.get(db);
    if (!held) {
      const football = options.football ?? footballWithoutAddress;
      const tips = new TipsEngine(db, football, options.now);
      held = { tips, dream11: new Dream11Engine(football, tips, options.now) };
      engines.set(db, held);
    }
    return held;
  };
  return {
    name: 'insights',
    migrations,
    routers: (db) => {
      const { tips, dream11 } = enginesFor(db);
      return [statusRouter(db), tipsRouter(tips), dream11Router(dream11)];
    },
    onStart: async (db) => (options.warm === false ? undefined : startWarmer(enginesFor(db))),
  };
}

/**
 * Keeps the day's work ready: shortly after start and then every WARM_EVERY_MS, today's and tomorrow's
 * tips (made and frozen as they would be when shown), the Weekend Special and the Dream11 cards are
 * computed, so that a page never waits for a model fit or an optimisation (the gateway gives a service
 * 2 s). A failure (the football service not up yet) is retried after WARM_RETRY_MS.
 */
const WARM_EVERY_MS = 2 * 60_000;
const WARM_RETRY_MS = 5_000;

function startWarmer({ tips, dream11 }: { tips: TipsEngine; dream11: Dream11Engine }): () => Promise<void> {
  const logger = createLogger('insights');
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = warm().then(
        () => schedule(WARM_EVERY_MS),
        (error: unknown) => {
          logger.debug({ err: error }, 'warming tips failed, retrying');
          schedule(WARM_RETRY_MS);
        },
      );
    }, ms);
    timer.unref();
  };
  const warm = async () => {
    for (const day of ['today', 'tomorrow'] as const) await tips.day(day);
    await tips.weekend();
    for (const day of ['today', 'tomorrow'] as const) await dream11.day(day);
  };
  schedule(1_000);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running.catch(() => undefined);
  };
}

/** Without a football address: the tests and the migrate/seed CLI (server.ts makes the running one from config.ts). */
export const insights: ServiceDefinition = createInsights();
