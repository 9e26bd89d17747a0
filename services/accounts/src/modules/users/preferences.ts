import { ALERT_KINDS, DEFAULT_ALERTS, type AlertToggles, type SpoilerScope, type UserPreferences } from '@matchday/contracts';

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

export function alertsOf(stored: string | null): AlertToggles {
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
