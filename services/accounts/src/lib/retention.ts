import { createLogger, toSqlDateTime, type Knex } from '@matchday/server';
import { addMonthsUtc } from './premium';

/** The privacy policy's promise: login history is kept for 12 months. */
export const LOGIN_HISTORY_MONTHS = 12;
const DAY_MS = 86_400_000;

/** Deletes the login events older than 12 months before `now`; returns how many went. */
export async function purgeOldLoginEvents(db: Knex, now: Date = new Date()): Promise<number> {
  const cutoff = addMonthsUtc(now, -LOGIN_HISTORY_MONTHS);
  return db('login_events').where('at', '<', toSqlDateTime(cutoff)).delete();
}

/**
 * Purges old login events now and then once a day while the service runs. Returns the stop function.
 * A failed purge is logged and tried again the next day; it never stops the service.
 */
export async function startRetention(db: Knex, options: { intervalMs?: number; now?: () => Date } = {}): Promise<() => Promise<void>> {
  const logger = createLogger('accounts');
  const now = options.now ?? (() => new Date());
  const purge = async () => {
    try {
      const deleted = await purgeOldLoginEvents(db, now());
      if (deleted > 0) logger.info({ deleted }, 'login events older than 12 months purged');
    } catch (error) {
      logger.error({ err: error }, 'purging old login events failed');
    }
  };
  let running: Promise<void> = purge();
  await running;
  const timer = setInterval(() => {
    running = running.then(purge);
  }, options.intervalMs ?? DAY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
