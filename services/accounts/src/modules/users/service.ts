import { ALERT_KINDS, DEFAULT_ALERTS, type AccountExport, type UserPreferences, type UserPreferencesUpdate } from '@matchday/contracts';
import { toDate, type Knex } from '@matchday/server';
import { inTransaction } from '../../lib/transaction';
import { alertsOf, preferencesOf, type PreferenceColumns } from './preferences';
import { exportRows, findPreferenceColumns, updateUserColumns } from './repository';

const iso = (value: unknown) => toDate(value)?.toISOString() ?? null;

/** GET /api/user/preferences: the user's preferences; null when the user no longer exists. */
export async function preferencesFor(db: Knex, userId: number): Promise<UserPreferences | null> {
  const row = await findPreferenceColumns(db, userId);
  return row ? preferencesOf(row) : null;
}

/**
 * Applies a partial update (fields left out keep their value; alerts merge toggle by toggle) and returns the
 * preferences after it; null when the user no longer exists. One transaction, so two tabs toggling two
 * different alerts at once both keep their change.
 */
export async function updatePreferences(db: Knex, userId: number, update: UserPreferencesUpdate): Promise<UserPreferences | null> {
  return inTransaction(db, async (trx) => {
    const row = await findPreferenceColumns(trx, userId, { forUpdate: true });
    if (!row) return null;
    const changes: Partial<Record<keyof PreferenceColumns, unknown>> = {};
    if (update.theme !== undefined) changes.theme = update.theme;
    if (update.spoilerFree !== undefined) changes.spoiler_free = update.spoilerFree;
    if (update.spoilerScope !== undefined) changes.spoiler_scope = update.spoilerScope;
    if (update.timeZone !== undefined) changes.time_zone = update.timeZone;
    if (update.followPromptDismissed !== undefined) changes.follow_prompt_dismissed = update.followPromptDismissed;
    if (update.quietHours !== undefined) {
      changes.quiet_start = update.quietHours?.start ?? null;
      changes.quiet_end = update.quietHours?.end ?? null;
    }
    if (update.alerts !== undefined) {
      const merged = { ...alertsOf(row.alert_prefs), ...update.alerts };
      // only what differs from the defaults is stored, so a later change of a default reaches everyone else
      const differing = Object.fromEntries(
        ALERT_KINDS.filter((kind) => merged[kind] !== DEFAULT_ALERTS[kind]).map((kind) => [kind, merged[kind]]),
      );
      changes.alert_prefs = Object.keys(differing).length > 0 ? JSON.stringify(differing) : null;
    }
    if (Object.keys(changes).length > 0) await updateUserColumns(trx, userId, changes);
    return preferencesOf({ ...row, ...(changes as Partial<PreferenceColumns>) });
  });
}

/** GET /api/user/export: the user, their preferences, follows, devices (by push service only) and referrals; null if gone. */
export async function exportAccount(db: Knex, userId: number, now = new Date()): Promise<AccountExport | null> {
  const rows = await exportRows(db, userId);
  if (!rows) return null;
  const { user, follows, devices, referred } = rows;
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
    referrals: { referralCode: user.referral_code, freeAccessUntil: iso(user.free_access_until), referred },
  };
}
