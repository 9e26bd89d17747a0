import { DateTime } from 'luxon';

/**
 * A local date and time in an IANA zone ("Europe/London", "Asia/Kolkata", "Europe/Paris") as a UTC
 * instant, daylight saving included. `date` is YYYY-MM-DD, `time` HH:MM (or HH.MM); null when invalid.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date.trim());
  const t = /^(\d{1,2})[:.](\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!d || !t) return null;
  const local = DateTime.fromObject(
    { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]), second: Number(t[3] ?? 0) },
    { zone: timeZone },
  );
  return local.isValid ? local.toJSDate() : null;
}

/** The UTC calendar day of an instant (a Date or epoch ms): YYYY-MM-DD. */
export function utcDay(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * The year of a yearless date ("Sat Nov 22"): the one of `season` and the next on which that day is that ISO weekday
 * (Monday 1); null when neither or both are.
 */
export function inferYear(season: number, month: number, day: number, weekday: number): number | null {
  const candidates = [season, season + 1].filter((year) => {
    const date = DateTime.utc(year, month, day);
    return date.isValid && date.weekday === weekday;
  });
  return candidates.length === 1 ? candidates[0]! : null;
}

/** dd/mm/yyyy (or dd/mm/yy) -> YYYY-MM-DD; null when not a real date. */
export function dayMonthYear(value: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value.trim());
  if (!m) return null;
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const parsed = DateTime.fromObject({ year, month: Number(m[2]), day: Number(m[1]) }, { zone: 'UTC' });
  return parsed.isValid ? parsed.toISODate() : null;
}

/** Month numbers of the three-letter English names the text formats use ("Nov" -> 11). */
export const MONTHS: Readonly<Record<string, number>> = {
  Jan: 1,
  Feb: 2,
  Mar: 3,
  Apr: 4,
  May: 5,
  Jun: 6,
  Jul: 7,
  Aug: 8,
  Sep: 9,
  Oct: 10,
  Nov: 11,
  Dec: 12,
};

/** ISO weekday numbers (Monday 1) of the three-letter English names. */
export const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
