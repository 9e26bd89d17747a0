/**
 * Every date and time a screen writes, in one place: nothing else formats a date (ESLint refuses
 * toLocaleDateString, toLocaleTimeString and Intl.DateTimeFormat elsewhere in the frontends).
 *
 * The styles, all in the browser's time zone and in en-GB's words (spec §9), whatever the browser's language:
 * - kickoffLabel: cards and lists. "Today, 15:00", "Tomorrow, 15:00", the weekday within the coming week
 *   ("Friday, 15:00"), else "Sat 5 Mar, 15:00", with the year only when the match is not in this season
 *   ("Sat 5 Mar 2025, 15:00"). While a replay is served: always the real day ("Sun 1 Dec, 16:30"), never "Today".
 * - kickoffDateTime: the match page, tips and their freeze times: "Sun 1 Dec 2024, 16:30".
 * - kickoffDay, kickoffTime: a day heading in a list of matches and the times under it: "Sunday 1 December 2024",
 *   "16:30".
 * - kickoffDate: the date of a past match in a list (head-to-head, a player's matches): "1 Dec 2024".
 * - calendarDate: a date that is not a kick-off (premium until, joined on): "1 December 2024".
 * - dateTime, timeOfDay: an instant that is not a kick-off (the admin panel's runs, an alert): "6 Dec 2026, 14:05",
 *   "14:05".
 * The kick-off styles write a replayed match's real date: the API gives kick-offs on the replay's clock.
 *
 * Written from Date's getters with en-GB's names (as its Intl formatter writes them, CLDR's "Sept"; a test compares
 * them), not with Intl: the first Intl.DateTimeFormat of a page costs ~11-12 ms in this machine's Chromium (ICU's
 * locale data and pattern generator; Temporal and Date's getters ~0 ms, measured in a fresh page), a long task on a
 * phone's first load of Home, a fixture's stats or a player.
 */

let zone: string | undefined;

/** Temporal where the browser has it (Chromium 144+, Firefox 139+); TypeScript's lib does not declare it yet. */
const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;

/**
 * The browser's IANA time zone ('UTC' where it names none), read once: the API's day lists are cut in it. Temporal
 * names it without building a date formatter; Intl where it is missing.
 */
export function browserTimeZone(): string {
  return (zone ??= temporal?.Now.timeZoneId() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
const twoDigits = (n: number) => String(n).padStart(2, '0');
const shortWeekday = (at: Date) => WEEKDAYS[at.getDay()]!.slice(0, 3);
const dayShortMonth = (at: Date) => `${at.getDate()} ${SHORT_MONTHS[at.getMonth()]}`;

/** A date as en-GB day-shortmonth-year ("5 Mar 2026"). */
export function shortDate(date: string | Date): string {
  const at = new Date(date);
  return `${dayShortMonth(at)} ${at.getFullYear()}`;
}

/** A time of day on the 24-hour clock ("15:00", "00:05"). */
export function clockTime(date: Date): string {
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** A day as a replay names it: short weekday, day, short month and year ("Sun 1 Dec 2024"). */
export function replayDay(date: Date): string {
  return `${shortWeekday(date)} ${shortDate(date)}`;
}

/*
 * While a replay of a real season is served, every kick-off the API gives is its real one moved by the replay's
 * shift, so that "Today", the Live tab, countdowns and the live clock work on the replay's clock. What a screen
 * writes as a match's date is the real one: the shell sets the shift from GET /app-config.json before the first
 * screen is drawn.
 */
let replayShiftMs = 0;

/** The replay's shift (ReplayInfo.shiftMs; 0 when no replay is served). Set once by the shell at boot. */
export function setReplayShift(shiftMs: number): void {
  replayShiftMs = Number.isFinite(shiftMs) ? shiftMs : 0;
}

/** The real instant of a time the API gives on the replay's clock (a kick-off): itself when no replay is served. */
export function realTime(date: string | Date): Date {
  return new Date(new Date(date).getTime() - replayShiftMs);
}

/**
 * Calendar days from `from`'s day to `to`'s in the user's time zone (0: the same day, 1: the next): days, not
 * multiples of 24 h, so a week across a clock change (a 23 or 25 h day) still counts seven.
 */
export function calendarDaysBetween(from: Date, to: Date): number {
  const day = (at: Date) => Date.UTC(at.getFullYear(), at.getMonth(), at.getDate());
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/** The year a football season starts in (July to June: March 2025 is in 2024-25's). */
const seasonOf = (at: Date) => (at.getMonth() >= 6 ? at.getFullYear() : at.getFullYear() - 1);
/** A summer tournament spans two seasons by that rule: within this many days of today a date is this season's. */
const NEAR_DAYS = 60;

/** "Sat 5 Mar, 15:00", and its year where it is not in `now`'s season. */
function dayAndTime(at: Date, now: Date): string {
  const thisSeason = seasonOf(at) === seasonOf(now) || Math.abs(calendarDaysBetween(now, at)) <= NEAR_DAYS;
  return `${shortWeekday(at)} ${dayShortMonth(at)}${thisSeason ? '' : ` ${at.getFullYear()}`}, ${clockTime(at)}`;
}

/**
 * Cards and lists (spec §9's date label): "Today, 15:00", "Tomorrow, 15:00", the weekday within the coming week, else
 * the day and time ("Sat 5 Mar, 15:00"; the year where it is not this season's). While a replay is served: the real
 * day and time of the match ("Sun 1 Dec, 16:30"), which "Today" would hide.
 */
export function kickoffLabel(iso: string, now: Date = new Date()): string {
  if (replayShiftMs !== 0) return dayAndTime(realTime(iso), realTime(now));
  const date = new Date(iso);
  const days = calendarDaysBetween(now, date);
  if (days === 0) return `Today, ${clockTime(date)}`;
  if (days === 1) return `Tomorrow, ${clockTime(date)}`;
  if (days > 1 && days < 7) return `${WEEKDAYS[date.getDay()]}, ${clockTime(date)}`;
  return dayAndTime(date, now);
}

/** The match page, tips and their freeze times: "Sun 1 Dec 2024, 16:30" (the real date while a replay is served). */
export function kickoffDateTime(iso: string): string {
  const at = realTime(iso);
  return `${replayDay(at)}, ${clockTime(at)}`;
}

/** The time of a kick-off under a day heading: "16:30" (the real time while a replay is served). */
export function kickoffTime(iso: string): string {
  return clockTime(realTime(iso));
}

/** A day heading over a list of matches: "Sunday 1 December 2024" (the real day while a replay is served). */
export function kickoffDay(iso: string): string {
  const at = realTime(iso);
  return `${WEEKDAYS[at.getDay()]} ${at.getDate()} ${MONTHS[at.getMonth()]} ${at.getFullYear()}`;
}

/** The date of a past match in a list: "1 Dec 2024" (the real date while a replay is served). */
export function kickoffDate(iso: string): string {
  return shortDate(realTime(iso));
}

/** A date that is not a kick-off, in words: "1 December 2024" (premium until, joined on). */
export function calendarDate(iso: string): string {
  const at = new Date(iso);
  return `${at.getDate()} ${MONTHS[at.getMonth()]} ${at.getFullYear()}`;
}

/** An instant that is not a kick-off (a sync run, a sign-up): "6 Dec 2026, 14:05". */
export function dateTime(iso: string): string {
  const at = new Date(iso);
  return `${shortDate(at)}, ${clockTime(at)}`;
}

/** The time of day of an instant that is not a kick-off (an alert's arrival): "14:05". */
export function timeOfDay(iso: string): string {
  return clockTime(new Date(iso));
}

/** A day of a chart's axis, given as YYYY-MM-DD (a calendar day, not an instant): "6 Dec". */
export function axisDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return dayShortMonth(new Date(year!, (month ?? 1) - 1, date ?? 1));
}
