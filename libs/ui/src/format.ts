import { catalogueColour } from '@matchday/contracts';

/**
 * The words of a name that hold a letter or a digit: "Brighton & Hove Albion" is Brighton, Hove, Albion (an "&" or a
 * dash standing alone is not a word to take a letter from: it drew "B&" on a badge).
 */
export function nameWords(name: string): string[] {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/** Two-letter initials of a team or player name ("Mumbai Mariners" -> "MM", "Goa" -> "GO", "Brighton & Hove Albion" -> "BH"). */
export function initials(name: string): string {
  const words = nameWords(name);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[1]![0]!).toUpperCase();
}

let zone: string | undefined;

/** Temporal where the browser has it (Chromium 144+, Firefox 139+); TypeScript's lib does not declare it yet. */
const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;

/**
 * The browser's IANA time zone ('UTC' where it names none), read once: the API's day lists are cut in it. Temporal
 * names it without building a date formatter (what that costs: see spec §9's dates below); Intl where it is missing.
 */
export function browserTimeZone(): string {
  return (zone ??= temporal?.Now.timeZoneId() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/**
 * A date formatter (Intl.DateTimeFormat's arguments; locale undefined = the browser's), made on first use
 * and kept: toLocaleDateString/toLocaleTimeString build a new Intl.DateTimeFormat on every call, which
 * showed in the profile of a list of fixture cards. The one way to format dates in the browser's locale; the fixed
 * en-GB forms of spec §9 are written below without Intl.
 */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): (date: string | Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (date) => (made ??= new Intl.DateTimeFormat(locale, options)).format(new Date(date));
}

/*
 * Spec §9's dates and times are en-GB whatever the browser's language, so they are written from Date's getters (the
 * browser's time zone) with en-GB's names, as its Intl formatter writes them (CLDR: "Sept"; a test compares them).
 * The first Intl.DateTimeFormat of a page costs ~11-12 ms in this machine's Chromium (ICU's locale data and pattern
 * generator; Temporal and Date's getters ~0 ms, measured in a fresh page): a long task on a phone's first load of
 * Home, a fixture's stats or a player.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A date as en-GB day-shortmonth-year ("5 Mar 2026"). */
export function shortDate(date: string | Date): string {
  const at = new Date(date);
  return `${at.getDate()} ${MONTHS[at.getMonth()]} ${at.getFullYear()}`;
}

/** A date with its short weekday, as en-GB writes it ("Thu, 5 Mar 2026"). */
export function weekdayShortDate(date: string | Date): string {
  const at = new Date(date);
  return `${WEEKDAYS[at.getDay()]!.slice(0, 3)}, ${shortDate(at)}`;
}

/** A time of day on the 24-hour clock ("15:00", "00:05"). */
export function clockTime(date: Date): string {
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
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

/** A day as a replay names it: short weekday, day, short month and year, no comma ("Sun 1 Dec 2024"). */
export function replayDay(date: Date): string {
  return `${WEEKDAYS[date.getDay()]!.slice(0, 3)} ${shortDate(date)}`;
}

/**
 * Fixture date label (spec §9): 'Today, HH:MM', 'Tomorrow, HH:MM', the weekday (with time) within the
 * coming week, otherwise en-GB day-shortmonth-year. While a replay is served: the real day and time of the match
 * ("Sun 1 Dec 2024, 16:30"), which "Today" would hide.
 */
export function fixtureDateLabel(iso: string, now: Date = new Date()): string {
  if (replayShiftMs !== 0) {
    const real = realTime(iso);
    return `${replayDay(real)}, ${clockTime(real)}`;
  }
  const date = new Date(iso);
  const time = clockTime(date);
  const days = calendarDaysBetween(now, date);
  if (days === 0) return `Today, ${time}`;
  if (days === 1) return `Tomorrow, ${time}`;
  if (days > 1 && days < 7) return `${WEEKDAYS[date.getDay()]}, ${time}`;
  return shortDate(date);
}

/**
 * Calendar days from `from`'s day to `to`'s in the user's time zone (0: the same day, 1: the next): days, not
 * multiples of 24 h, so a week across a clock change (a 23 or 25 h day) still counts seven.
 */
export function calendarDaysBetween(from: Date, to: Date): number {
  const day = (at: Date) => Date.UTC(at.getFullYear(), at.getMonth(), at.getDate());
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/** League colour: explicit colour, else the league catalogue's (by any of its names), else a stable hash-based hue. */
export function leagueColour(name: string, explicit?: string | null): string {
  if (explicit) return explicit;
  const named = catalogueColour(name);
  if (named) return named;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 65% 40%)`;
}
