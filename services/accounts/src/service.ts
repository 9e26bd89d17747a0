import { createLogger, footballWithoutAddress, type Knex, type ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { accountsConfig, type AccountsConfig } from './config';
import { startRetention } from './lib/retention';
import { adminRouter } from './modules/admin/router';
import { startAlerts } from './modules/alerts/notifier';
import { calendarRouter } from './modules/calendar/router';
import { followsRouter } from './modules/follows/router';
import { endpointProblem } from './modules/push/device';
import { pushRouter } from './modules/push/router';
import { hashReferredEmails } from './modules/referrals/repository';
import { referralsRouter } from './modules/referrals/router';
import { usersRouter } from './modules/users/router';

/** The accounts service with its settings (config.ts: read from the environment at start-up by server.ts). */
export function createAccounts(config: AccountsConfig): ServiceDefinition {
  return {
    name: 'accounts',
    migrations,
    routers: (db) => [
      usersRouter(db),
      referralsRouter(db, config),
      adminRouter(db, config.shellDistDir),
      followsRouter(db, config.football),
      pushRouter(db, config),
      calendarRouter(db, config.football, config.publicUrl),
    ],
    onStart: (db) => startAccounts(db, config),
  };
}

/** With development settings: the tests and the migrate/seed CLI. */
export const accounts: ServiceDefinition = createAccounts(accountsConfig({}));

/**
 * At every start: the e-mails of referred accounts are hashed (referrals from before the hash table),
 * login events older than 12 months are purged, then once a day; and, where the football service is known
 * (FOOTBALL_URL) and ALERTS_POLL_MS is not 0, the alert sender runs. Returns the stop function.
 */
export async function startAccounts(
  db: Knex,
  config: Pick<AccountsConfig, 'referralHashSecret' | 'football' | 'vapid' | 'alertsPollMs' | 'pushEndpointHosts' | 'pushTestOrigins'>,
): Promise<() => Promise<void>> {
  const logger = createLogger('accounts');
  const added = await hashReferredEmails(db, config.referralHashSecret);
  if (added > 0) logger.info({ added }, 'referred e-mails hashed');
  const stopRetention = await startRetention(db);
  const stopAlerts =
    config.alertsPollMs > 0 && config.football !== footballWithoutAddress
      ? startAlerts(db, {
          football: config.football,
          vapid: config.vapid,
          logger,
          pollMs: config.alertsPollMs,
          endpointProblem: (endpoint) => endpointProblem(endpoint, config),
        })
      : null;
  return async () => {
    await stopAlerts?.();
    await stopRetention();
  };
}
