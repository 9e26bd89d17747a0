import type { AlertToggles, QuietHours, UserPreferences, UserPreferencesUpdate } from '@matchday/contracts';

/** The accounts service's time zone for a user who never sent one (users.time_zone defaults to it). */
export const SERVER_DEFAULT_TIME_ZONE = 'UTC';

/** What "Quiet hours" starts with when switched on. */
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '22:00', end: '07:00' };

/** The preferences as they will be once `update` is saved: the optimistic value the cards show at once. */
export function applyUpdate(preferences: UserPreferences, update: UserPreferencesUpdate): UserPreferences {
  const { alerts, ...fields } = update;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<
    Omit<UserPreferences, 'alerts'>
  >;
  const switched = Object.fromEntries(Object.entries(alerts ?? {}).filter(([, on]) => on !== undefined)) as Partial<AlertToggles>;
  return { ...preferences, ...defined, alerts: { ...preferences.alerts, ...switched } };
}

/**
 * The device's time zone goes with the first save: as long as the stored zone is still the server's default,
 * a save also sends this device's zone, so quiet hours mean the hours where the user is. Afterwards the stored
 * zone changes only when the user asks ("Use this device's time zone").
 */
export function withDeviceTimeZone(
  update: UserPreferencesUpdate,
  stored: UserPreferences | null | undefined,
  deviceTimeZone: string | null,
): UserPreferencesUpdate {
  if (update.timeZone !== undefined || !stored || !deviceTimeZone) return update;
  if (stored.timeZone !== SERVER_DEFAULT_TIME_ZONE || deviceTimeZone === stored.timeZone) return update;
  return { ...update, timeZone: deviceTimeZone };
}

/** "HH:MM", 24-hour, as `<input type="time">` gives it (without seconds). */
export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** Why the quiet hours typed cannot be saved, or null when they can. */
export function quietHoursProblem(hours: QuietHours): string | null {
  if (!isClockTime(hours.start) || !isClockTime(hours.end)) return 'Enter a start and an end time.';
  if (hours.start === hours.end) return 'The start and end times must differ.';
  return null;
}

/** "No alerts from 22:00 to 07:00 the next morning": a start after the end spans midnight. */
export function describeQuietHours(hours: QuietHours): string {
  return `No alerts from ${hours.start} to ${hours.end}${hours.start > hours.end ? ' the next morning' : ''}.`;
}
