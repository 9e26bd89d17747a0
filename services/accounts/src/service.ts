import { createLogger, type Knex, type ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { referralHashSecret } from './lib/referral-hash';
import { startRetention } from './lib/retention';
import { adminRouter } from './modules/admin/router';
import { hashReferredEmails } from './modules/referrals/repository';
import { referralsRouter } from './modules/referrals/router';
import { usersRouter } from './modules/users/router';

export const accounts: ServiceDefinition = {
  name: 'accounts',
  migrations,
  // The referral e-mail key is read here, at start-up: a missing (production) or short key stops the start.
  routers: (db) => [usersRouter(db), referralsRouter(db, referralHashSecret()), adminRouter(db)],
  onStart: (db) => startAccounts(db),
};

/**
 * At every start: the e-mails of referred accounts are hashed (referrals from before the hash table),
 * and login events older than 12 months are purged, then once a day. Returns the stop function.
 */
export async function startAccounts(db: Knex): Promise<() => Promise<void>> {
  const added = await hashReferredEmails(db, referralHashSecret());
  if (added > 0) createLogger('accounts').info({ added }, 'referred e-mails hashed');
  return startRetention(db);
}
