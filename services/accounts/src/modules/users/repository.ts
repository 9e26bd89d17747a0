import { isUniqueViolation, toDate, toSqlDateTime, type Knex } from '@matchday/server';
import type { AuthUser, FollowKind, SignInProfile, Theme } from '@matchday/contracts';
import { PREFERENCE_COLUMNS, type PreferenceColumns } from './preferences';
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

/** The preference columns of one user (locked for the transaction's update with `forUpdate`); undefined when gone. */
export async function findPreferenceColumns(
  db: Knex,
  userId: number,
  options: { forUpdate?: boolean } = {},
): Promise<PreferenceColumns | undefined> {
  const query = db('users').where({ id: userId });
  return (await (options.forUpdate ? query.forUpdate() : query).first(PREFERENCE_COLUMNS)) as PreferenceColumns | undefined;
}

/** Writes these columns of one user. */
export async function updateUserColumns(
  db: Knex,
  userId: number,
  changes: Partial<Record<keyof PreferenceColumns, unknown>>,
): Promise<void> {
  await db('users').where({ id: userId }).update(changes);
}

/** Everything an account export holds, newest follows first; null when the user is gone. */
export async function exportRows(
  db: Knex,
  userId: number,
): Promise<{
  user: UserRow & PreferenceColumns;
  follows: Array<{ kind: FollowKind; target_id: number; created_ms: number | string }>;
  devices: Array<{ endpoint: string; created_ms: number | string }>;
  referred: number;
} | null> {
  const user = (await db('users')
    .where({ id: userId })
    .first(['id', 'email', 'first_name', 'last_name', 'created_at', 'referral_code', 'free_access_until', ...PREFERENCE_COLUMNS])) as
    (UserRow & PreferenceColumns) | undefined;
  if (!user) return null;
  const follows = (await db('follows')
    .where({ user_id: userId })
    .orderBy('created_ms', 'desc')
    .select('kind', 'target_id', 'created_ms')) as Array<{
    kind: FollowKind;
    target_id: number;
    created_ms: number | string;
  }>;
  const devices = (await db('push_subscriptions').where({ user_id: userId }).orderBy('id').select('endpoint', 'created_ms')) as Array<{
    endpoint: string;
    created_ms: number | string;
  }>;
  const [referred] = await db('referrals').where({ referrer_id: userId }).count({ n: '*' });
  return { user, follows, devices, referred: Number(referred?.n ?? 0) };
}
