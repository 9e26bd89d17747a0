import { createLogger, type Knex, type ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { accountsConfig, type AccountsConfig } from './config';
import { startRetention } from './lib/retention';
import { adminRouter } from './modules/admin/router';
import { calendarRouter } from './modules/calendar/router';
import { followsRouter } from './modules/follows/router';
import { pushRouter } from './modules/push/router';
import { hashReferredEmails } from './modules/referrals/repository';
import { referralsRouter } from './modules/referrals/router';
import { usersRouter } from './modules/users/router';

/** The accounts service with its settings (config.ts: read from the environment at start-up by server.ts). */
export function createAccounts(config: AccountsConfig): ServiceDefinition<undefined> {
  return {
    name: 'accounts',
    migrations,
    // nothing its start-up and its routers share
    parts: () => undefined,
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
export const accounts: ServiceDefinition<undefined> = createAccounts(accountsConfig({}));

/**
 * At every start: the e-mails of referred accounts are hashed (referrals from before the hash table), login events
 * older than 12 months are purged, then once a day. Alerts are sent by processes of their own (alert-sender.ts), so
 * that a burst of them never slows sign-in or settings. Returns the stop function.
 */
export async function startAccounts(db: Knex, config: Pick<AccountsConfig, 'referralHashSecret' | 'vapid'>): Promise<() => Promise<void>> {
  const logger = createLogger('accounts');
  // the development key pair is made here, before any alert sender starts beside this service
  config.vapid();
  const added = await hashReferredEmails(db, config.referralHashSecret);
  if (added > 0) logger.info({ added }, 'referred e-mails hashed');
  const stopRetention = await startRetention(db);
  return stopRetention;
}
