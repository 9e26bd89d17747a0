import { catalogueColour } from '@matchday/contracts';

/** Two-letter initials of a team or player name ("Mumbai Mariners" -> "MM", "Goa" -> "GO"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[1]![0]!).toUpperCase();
}

/**
 * One formatter per format, made on first use: toLocaleDateString/toLocaleTimeString build a new
 * Intl.DateTimeFormat on every call, which showed in the profile of a list of fixture cards.
 */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-GB', options));
}
const SHORT_DATE = formatter({ day: 'numeric', month: 'short', year: 'numeric' });
const CLOCK_TIME = formatter({ hour: '2-digit', minute: '2-digit', hour12: false });
const WEEKDAY = formatter({ weekday: 'long' });

/** A date as en-GB day-shortmonth-year ("5 Mar 2026"). */
export function shortDate(date: string | Date): string {
  return SHORT_DATE().format(new Date(date));
}

/** A time of day on the 24-hour clock ("15:00"). */
export function clockTime(date: Date): string {
  return CLOCK_TIME().format(date);
}

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * Fixture date label (spec §9): 'Today, HH:MM', 'Tomorrow, HH:MM', the weekday (with time) within the
 * coming week, otherwise en-GB day-shortmonth-year.
 */
export function fixtureDateLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const time = clockTime(date);
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (sameLocalDay(date, now)) return `Today, ${time}`;
  if (sameLocalDay(date, tomorrow)) return `Tomorrow, ${time}`;
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const days = (date.getTime() - startOfToday) / 86_400_000;
  if (days >= 0 && days < 7) return `${WEEKDAY().format(date)}, ${time}`;
  return shortDate(date);
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
