import { isUniqueViolation, toDate, toSqlDateTime, type Knex } from '@matchday/server';
import type { ReferralRecord } from '@matchday/contracts';
import { extendPremium } from '../../lib/premium';
import { referredEmailHash } from '../../lib/referral-hash';
import { inTransaction } from '../../lib/transaction';

export type ApplyOutcome =
  | { kind: 'applied'; freeAccessUntil: Date; referrerFreeAccessUntil: Date }
  | { kind: 'unknown-code' }
  | { kind: 'own-code' }
  | { kind: 'already-referred' }
  | { kind: 'no-user' };

interface LockedUser {
  id: number;
  email: string;
  referral_code: string;
  free_access_until: unknown;
}

/**
 * Applies a referral code for `userId` in one transaction: both accounts get one month of premium added
 * to max(now, their current end) and the referral is recorded. Concurrency: both users' rows are locked
 * in id order (MySQL; SQLite runs one transaction at a time), and the unique referred_id is the last word,
 * so concurrent applies never grant twice. The keyed hash of the referred e-mail (`referred_emails`, primary
 * key) outlives the account, so the same e-mail is never referred twice, even after delete + sign-in again.
 */
export async function applyReferral(db: Knex, userId: number, code: string, emailHashSecret: string): Promise<ApplyOutcome> {
  return inTransaction(db, async (trx) => {
    const referrer = await trx('users').where({ referral_code: code }).first<{ id: number } | undefined>('id');
    if (!referrer) return { kind: 'unknown-code' };
    if (referrer.id === userId) return { kind: 'own-code' };

    const locked = await trx<LockedUser>('users')
      .select('id', 'email', 'referral_code', 'free_access_until')
      .whereIn('id', [userId, referrer.id])
      .orderBy('id')
      .forUpdate();
    const me = locked.find((row) => row.id === userId);
    const them = locked.find((row) => row.id === referrer.id);
    if (!me) return { kind: 'no-user' };
    if (!them || them.referral_code !== code) return { kind: 'unknown-code' };
    if (await trx('referrals').where({ referred_id: userId }).first('id')) return { kind: 'already-referred' };
    const emailHmac = referredEmailHash(me.email, emailHashSecret);
    if (await trx('referred_emails').where({ email_hmac: emailHmac }).first('email_hmac')) return { kind: 'already-referred' };

    const now = new Date();
    try {
      // First, so that nothing has been written when another account of the same e-mail got there first.
      await trx('referred_emails').insert({ email_hmac: emailHmac });
      await trx('referrals').insert({ referrer_id: them.id, referred_id: userId, status: 'completed', created_at: toSqlDateTime(now) });
    } catch (error) {
      // Another transaction referred this user or this e-mail after our snapshot: no premium is granted here
      // (at most the hash of this referred user's e-mail was written, which is what it is for).
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

/**
 * Hashes the e-mail of every referred account that has no hash yet (referrals made before the
 * referred_emails table, or under another key); at every start. Returns how many were added.
 */
export async function hashReferredEmails(db: Knex, emailHashSecret: string): Promise<number> {
  const rows = await db('referrals as r').join('users as u', 'u.id', 'r.referred_id').select<Array<{ email: string }>>('u.email');
  const hashes = [...new Set(rows.map((row) => referredEmailHash(row.email, emailHashSecret)))];
  if (hashes.length === 0) return 0;
  const known = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const chunk = hashes.slice(i, i + 500);
    for (const row of await db('referred_emails').whereIn('email_hmac', chunk).select<Array<{ email_hmac: string }>>('email_hmac')) {
      known.add(row.email_hmac);
    }
  }
  const missing = hashes.filter((hash) => !known.has(hash));
  for (let i = 0; i < missing.length; i += 500) {
    await db('referred_emails')
      .insert(missing.slice(i, i + 500).map((email_hmac) => ({ email_hmac })))
      .onConflict('email_hmac')
      .ignore();
  }
  return missing.length;
}
