import { isUniqueViolation, toDate, toSqlDateTime, type Knex } from '@matchday/server';
import type { AuthUser, SignInProfile, Theme } from '@matchday/contracts';
import { newReferralCode } from '../../lib/referral-code';
import { inTransaction } from '../../lib/transaction';

export interface UserRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  login_method: string;
  referral_code: string;
  free_access_until: unknown;
  theme: string | null;
  last_login_at: unknown;
  created_at: unknown;
}

const iso = (value: unknown) => toDate(value)?.toISOString() ?? null;

export function toAuthUser(row: UserRow, isAdmin: boolean): AuthUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    profileImageUrl: row.profile_image_url,
    referralCode: row.referral_code,
    lastLoginAt: iso(row.last_login_at),
    createdAt: iso(row.created_at) ?? new Date(0).toISOString(),
    loginMethod: row.login_method === 'google' ? 'google' : 'other',
    freeAccessUntil: iso(row.free_access_until),
    theme: row.theme === 'light' || row.theme === 'dark' ? (row.theme as Theme) : null,
    isAdmin,
  };
}

export async function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

/**
 * Creates the user at first sign-in (with a fresh referral code) or refreshes their profile,
 * and records the login event. Idempotent under concurrent first sign-ins of the same e-mail.
 */
export async function upsertFromSignIn(db: Knex, profile: SignInProfile, now = new Date()): Promise<UserRow> {
  const email = profile.email.trim().toLowerCase();
  const fields = {
    first_name: profile.firstName,
    last_name: profile.lastName,
    profile_image_url: profile.profileImageUrl,
    login_method: profile.loginMethod,
    last_login_at: toSqlDateTime(now),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await db.transaction(async (trx) => {
        const existing = await trx<UserRow>('users').where({ email }).first();
        let id: number;
        if (existing) {
          await trx('users').where({ id: existing.id }).update(fields);
          id = existing.id;
        } else {
          // Without returning(): SQLite and MySQL both answer [insertId]
          const [inserted] = await trx('users').insert({
            ...fields,
            email,
            referral_code: newReferralCode(),
            created_at: toSqlDateTime(now),
          });
          id = Number(inserted);
        }
        await trx('login_events').insert({ user_id: id, at: toSqlDateTime(now) });
        const row = await trx<UserRow>('users').where({ id }).first();
        if (!row) throw new Error('user vanished during sign-in');
        return row;
      });
    } catch (error) {
      // Another sign-in created the same e-mail, or the referral code collided: try again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not create the user after 5 attempts');
}

/**
 * Deletes the user's personal data in one transaction: the users row goes; referral records and login
 * events stay (they are counted) but no longer point at the person. False when there was no such user,
 * so a repeated or concurrent delete is harmless.
 */
export async function deleteUser(db: Knex, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx('users').where({ id }).forUpdate().first('id');
    if (!row) return false;
    await trx('referrals').where({ referrer_id: id }).update({ referrer_id: null });
    await trx('referrals').where({ referred_id: id }).update({ referred_id: null });
    await trx('login_events').where({ user_id: id }).update({ user_id: null });
    // follows, devices and their alerts go with the user (the foreign keys cascade; said here for SQLite without them)
    const devices = trx('push_subscriptions').where({ user_id: id }).select('id');
    await trx('push_deliveries').whereIn('subscription_id', devices).delete();
    await trx('push_subscriptions').where({ user_id: id }).delete();
    await trx('follows').where({ user_id: id }).delete();
    await trx('users').where({ id }).delete();
    return true;
  });
}
