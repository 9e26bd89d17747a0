/**
 * An alert sender process: `node services/accounts/dist/alert-sender.js` (production: the matchday-alerts@N systemd
 * unit; `npm start` starts ALERTS_SENDERS of them). It shares the accounts service's environment and database and
 * serves no requests: any number of them, on any hosts that share that database, deliver the alerts together
 * (modules/alerts/notifier.ts). SIGTERM lets the round in hand finish, gives the leader's role up and exits; a
 * sender that is killed instead leaves claims that another takes over when their lease runs out.
 */
import { createLogger, failStart, logFatalExceptions, logLevelOf, openServiceDatabase, readEnv, setLogLevel } from '@matchday/server';
import { accountsConfig, accountsEnvSchema } from './config';
import { migrations } from './db/migrations';
import { startAlerts } from './modules/alerts/run';
import { endpointProblem } from './modules/push/device';

async function main(): Promise<void> {
  const env = readEnv(accountsEnvSchema);
  setLogLevel(logLevelOf(env));
  const logger = createLogger('alerts');
  logFatalExceptions(logger);
  const config = accountsConfig(env);
  if (!env.FOOTBALL_URL) throw new Error("FOOTBALL_URL is required: the alert sender reads the football service's live feed");
  if (config.alertsPollMs === 0) throw new Error('ALERTS_POLL_MS is 0: an alert sender needs a poll interval (default 500 ms)');
  // the same migrations as the accounts service (the first of them to start applies them, under knex's lock)
  const db = await openServiceDatabase({ name: 'accounts', migrations }, env);
  const stop = startAlerts(db, {
    football: config.football,
    vapid: config.vapid,
    logger,
    pollMs: config.alertsPollMs,
    leaseMs: config.alertsLeaseMs,
    sendConcurrency: config.alertsPushConcurrency,
    keysAhead: config.alertsKeysAhead,
    endpointProblem: (endpoint) => endpointProblem(endpoint, config),
  });
  logger.info({ pid: process.pid, pollMs: config.alertsPollMs }, 'alert sender started');
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'alert sender stopping: finishing the round in hand');
    void stop()
      .then(() => db.destroy())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 30_000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  // started by a launcher with an IPC channel: when it dies without stopping this process, this stops too
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => shutdown('launcher gone'));
  }
}

void main().catch((error: unknown) => failStart('alert sender', error));
