import { isUniqueViolation, toDate, toSqlDateTime, type Knex } from '@matchday/server';
import type { ReferralRecord } from '@matchday/contracts';
import { extendPremium } from '../../lib/premium';
import { inTransaction } from '../../lib/transaction';

export type ApplyOutcome =
  | { kind: 'applied'; freeAccessUntil: Date; referrerFreeAccessUntil: Date }
  | { kind: 'unknown-code' }
  | { kind: 'own-code' }
  | { kind: 'already-referred' }
  | { kind: 'no-user' };

interface LockedUser {
  id: number;
  referral_code: string;
  free_access_until: unknown;
}

/**
 * Applies a referral code for `userId` in one transaction: both accounts get one month of premium added
 * to max(now, their current end) and the referral is recorded. Concurrency: both users' rows are locked
 * in id order (MySQL; SQLite runs one transaction at a time), and the unique referred_id is the last word,
 * so concurrent applies never grant twice.
 */
export async function applyReferral(db: Knex, userId: number, code: string): Promise<ApplyOutcome> {
  return inTransaction(db, async (trx) => {
    const referrer = await trx('users').where({ referral_code: code }).first<{ id: number } | undefined>('id');
    if (!referrer) return { kind: 'unknown-code' };
    if (referrer.id === userId) return { kind: 'own-code' };

    const locked = await trx<LockedUser>('users')
      .select('id', 'referral_code', 'free_access_until')
      .whereIn('id', [userId, referrer.id])
      .orderBy('id')
      .forUpdate();
    const me = locked.find((row) => row.id === userId);
    const them = locked.find((row) => row.id === referrer.id);
    if (!me) return { kind: 'no-user' };
    if (!them || them.referral_code !== code) return { kind: 'unknown-code' };
    if (await trx('referrals').where({ referred_id: userId }).first('id')) return { kind: 'already-referred' };

    const now = new Date();
    try {
      await trx('referrals').insert({ referrer_id: them.id, referred_id: userId, status: 'completed', created_at: toSqlDateTime(now) });
    } catch (error) {
      // Another transaction recorded a referral for this user after our snapshot: nothing was changed here.
      if (isUniqueViolation(error)) return { kind: 'already-referred' };
      throw error;
    }
    const freeAccessUntil = extendPremium(toDate(me.free_access_until), now);
    const referrerFreeAccessUntil = extendPremium(toDate(them.free_access_until), now);
    await trx('users')
      .where({ id: userId })
      .update({ free_access_until: toSqlDateTime(freeAccessUntil) });
    await trx('users')
      .where({ id: them.id })
      .update({ free_access_until: toSqlDateTime(referrerFreeAccessUntil) });
    return { kind: 'applied', freeAccessUntil, referrerFreeAccessUntil };
  });
}

interface ReferralListRow {
  id: number;
  status: string;
  created_at: unknown;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** The referrals a user made, newest first, with the referred user's names and e-mail (null once that account is deleted). */
export async function listReferralsBy(db: Knex, referrerId: number): Promise<ReferralRecord[]> {
  const rows = await db('referrals as r')
    .leftJoin('users as u', 'u.id', 'r.referred_id')
    .where('r.referrer_id', referrerId)
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .select<ReferralListRow[]>('r.id', 'r.status', 'r.created_at', 'u.first_name', 'u.last_name', 'u.email');
  return rows.map((row) => ({
    id: row.id,
    createdAt: (toDate(row.created_at) ?? new Date(0)).toISOString(),
    status: row.status,
    referredUser: { firstName: row.first_name, lastName: row.last_name, email: row.email },
  }));
}
