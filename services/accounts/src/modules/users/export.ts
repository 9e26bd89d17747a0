import type { AccountExport, FollowKind } from '@matchday/contracts';
import { toDate, type Knex } from '@matchday/server';
import { PREFERENCE_COLUMNS, preferencesOf, type PreferenceColumns } from './preferences';
import type { UserRow } from './repository';

const iso = (value: unknown) => toDate(value)?.toISOString() ?? null;

/** GET /api/user/export: the user, their preferences, follows, devices (by push service only) and referrals; null if gone. */
export async function exportAccount(db: Knex, userId: number, now = new Date()): Promise<AccountExport | null> {
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
  return {
    exportedAt: now.toISOString(),
    user: {
      id: Number(user.id),
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      createdAt: iso(user.created_at) ?? new Date(0).toISOString(),
    },
    preferences: preferencesOf(user),
    follows: follows.map((f) => ({ kind: f.kind, id: Number(f.target_id), createdAt: new Date(Number(f.created_ms)).toISOString() })),
    // the endpoint itself is a capability to push to the device: only its push service is shown
    pushSubscriptions: devices.map((d) => ({
      endpointOrigin: new URL(d.endpoint).origin,
      createdAt: new Date(Number(d.created_ms)).toISOString(),
    })),
    referrals: { referralCode: user.referral_code, freeAccessUntil: iso(user.free_access_until), referred: Number(referred?.n ?? 0) },
  };
}
