import { badRequest, HttpError, type Knex, noQuery, notFound, parseInput, parseQuery, serviceRouter, toDate } from '@matchday/server';
import { API_PREFIXES, REFERRAL_CODE_PATTERN, type ApplyReferralResult, type ReferralCodeInfo } from '@matchday/contracts';
import type { AccountsConfig } from '../../config';
import { currentUserId } from '../../lib/identity';
import { findUserById } from '../users/repository';
import { applyReferral, listReferralsBy } from './repository';
import { applyReferralInput } from './schema';

/** What users read when applying a code (shown in the Settings toast). */
export const REFERRAL_MESSAGES = {
  empty: 'Please enter a valid referral code.',
  malformed: 'Invalid referral code. Codes are 8 letters and numbers.',
  unknown: 'Invalid referral code. Please check the code and try again.',
  own: 'You cannot use your own referral code.',
  alreadyReferred: 'You have already used a referral code. Each account can use one referral code only.',
  applied: "You've successfully applied the referral code and received 1 month free access!",
} as const;

/** `settings`: the referred e-mail hash key and the public origin share links start with (config.ts). */
export function referralsRouter(db: Knex, settings: Pick<AccountsConfig, 'referralHashSecret' | 'publicUrl'>) {
  const emailHashSecret = settings.referralHashSecret;
  const router = serviceRouter(API_PREFIXES.accounts.referral);

  router.get('/my-code', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const row = await findUserById(db, currentUserId(ctx));
    if (!row) throw notFound('User not found');
    const reply: ReferralCodeInfo = {
      referralCode: row.referral_code,
      shareLink: `${settings.publicUrl}/social-preview/${row.referral_code}`,
      freeAccessUntil: toDate(row.free_access_until)?.toISOString() ?? null,
    };
    ctx.body = reply;
  });

  router.post('/apply', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const input = parseInput(applyReferralInput, ctx.request.body);
    const code = input.referralCode.trim().toUpperCase();
    if (!code) throw badRequest(REFERRAL_MESSAGES.empty);
    if (!REFERRAL_CODE_PATTERN.test(code)) throw badRequest(REFERRAL_MESSAGES.malformed);
    const outcome = await applyReferral(db, userId, code, emailHashSecret);
    switch (outcome.kind) {
      case 'applied': {
        const reply: ApplyReferralResult = { message: REFERRAL_MESSAGES.applied, freeAccessUntil: outcome.freeAccessUntil.toISOString() };
        ctx.body = reply;
        return;
      }
      case 'unknown-code':
        throw notFound(REFERRAL_MESSAGES.unknown);
      case 'own-code':
        throw badRequest(REFERRAL_MESSAGES.own);
      case 'already-referred':
        throw new HttpError(409, REFERRAL_MESSAGES.alreadyReferred);
      case 'no-user':
        throw notFound('User not found');
    }
  });

  router.get('/my-referrals', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = await listReferralsBy(db, currentUserId(ctx));
  });
  return router;
}
