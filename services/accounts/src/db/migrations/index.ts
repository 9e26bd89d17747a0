import type { MigrationList } from '@matchday/server';
import * as users from './20261122a-users';
import * as referrals from './20261122b-referrals';
import * as referredEmails from './20261123a-referred-emails';
import * as personal from './20261125a-personal';
import * as secretsCompareBytes from './20261128a-secrets-compare-bytes';
import * as alertQueue from './20261128b-alert-queue';
import * as feedEpoch from './20261206a-feed-epoch';

export const migrations: MigrationList = {
  '20261122a-users': users,
  '20261122b-referrals': referrals,
  '20261123a-referred-emails': referredEmails,
  '20261125a-personal': personal,
  '20261128a-secrets-compare-bytes': secretsCompareBytes,
  '20261128b-alert-queue': alertQueue,
  '20261206a-feed-epoch': feedEpoch,
};
