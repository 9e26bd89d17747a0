import type { Knex } from '@matchday/server';
import { AlertSender, type AlertsOptions } from './notifier';

/** A round of sending stops claiming after this long, so that the leader reads the feed between batches. */
const ROUND_MS = 1_000;

/**
 * Runs a sender until stopped: a round at once while deliveries are left, every pollMs while a followed match is
 * within its live window, else once per schedule check. A failed round (football or the database unreachable) is
 * logged and retried after pollMs. Stopping finishes the round, then gives the leader's role up.
 */
export function startAlerts(db: Knex, options: AlertsOptions): () => Promise<void> {
  const sender = new AlertSender(db, options);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let failures = 0;
  const loop = () => {
    let wait = options.pollMs;
    running = sender
      .tick(ROUND_MS)
      .then(() => {
        failures = 0;
        wait = sender.nextRoundInMs();
      })
      .catch((error: unknown) => {
        // once per streak, after 10 s of failures: a football service still starting beside this one says
        // nothing, and one that is down for minutes is one line, not one per poll
        if (++failures === Math.max(3, Math.ceil(10_000 / Math.max(1, options.pollMs)))) {
          options.logger.warn({ err: error }, 'alerts: a round failed (the live feed or the database); retrying');
        }
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, wait);
      });
  };
  // message keys made ahead in slices, between the rounds' I/O (none while a round sends)
  let keysTimer: NodeJS.Timeout | undefined;
  let making: Promise<void> = Promise.resolve();
  const makeKeys = () => {
    making = sender.makeKeysAhead().then(
      (more) => {
        if (!stopped) keysTimer = setTimeout(makeKeys, more ? 0 : options.pollMs);
      },
      (error: unknown) => {
        options.logger.warn({ err: error }, 'alerts: making message keys ahead failed');
        if (!stopped) keysTimer = setTimeout(makeKeys, options.kickOffEveryMs ?? 30_000);
      },
    );
  };
  loop();
  keysTimer = setTimeout(makeKeys, options.pollMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(keysTimer);
    await Promise.all([running, making]);
    await sender.close();
  };
}
