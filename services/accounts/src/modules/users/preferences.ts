import {
  ALERT_KINDS,
  DEFAULT_ALERTS,
  type AlertToggles,
  type SpoilerScope,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@matchday/contracts';
import type { Knex } from '@matchday/server';
import { inTransaction } from '../../lib/transaction';

/** The preference columns of `users`. */
export interface PreferenceColumns {
  theme: string | null;
  spoiler_free: number | boolean;
  spoiler_scope: string;
  alert_prefs: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string;
  follow_prompt_dismissed: number | boolean;
}

export const PREFERENCE_COLUMNS: ReadonlyArray<keyof PreferenceColumns> = [
  'theme',
  'spoiler_free',
  'spoiler_scope',
  'alert_prefs',
  'quiet_start',
  'quiet_end',
  'time_zone',
  'follow_prompt_dismissed',
];

function alertsOf(stored: string | null): AlertToggles {
  const alerts = { ...DEFAULT_ALERTS };
  if (!stored) return alerts;
  try {
    const saved = JSON.parse(stored) as Record<string, unknown>;
    for (const kind of ALERT_KINDS) if (typeof saved[kind] === 'boolean') alerts[kind] = saved[kind];
  } catch {
    // a damaged value reads as the defaults
  }
  return alerts;
}

/** The reply of GET/POST /api/user/preferences from a users row. */
export function preferencesOf(row: PreferenceColumns): UserPreferences {
  return {
    theme: row.theme === 'light' ? 'light' : 'dark',
    spoilerFree: Boolean(Number(row.spoiler_free)),
    spoilerScope: (row.spoiler_scope === 'followed' ? 'followed' : 'all') satisfies SpoilerScope,
    alerts: alertsOf(row.alert_prefs),
    quietHours: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
    timeZone: row.time_zone,
    followPromptDismissed: Boolean(Number(row.follow_prompt_dismissed)),
  };
}

/**
 * Applies a partial update (fields left out keep their value; alerts merge toggle by toggle) and returns the
 * preferences after it; null when the user no longer exists. One transaction, so two tabs toggling two
 * different alerts at once both keep their change.
 */
export async function updatePreferences(db: Knex, userId: number, update: UserPreferencesUpdate): Promise<UserPreferences | null> {
  return inTransaction(db, async (trx) => {
    const row = (await trx('users').where({ id: userId }).forUpdate().first(PREFERENCE_COLUMNS)) as PreferenceColumns | undefined;
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
    if (Object.keys(changes).length > 0) await trx('users').where({ id: userId }).update(changes);
    return preferencesOf({ ...row, ...(changes as Partial<PreferenceColumns>) });
  });
}
