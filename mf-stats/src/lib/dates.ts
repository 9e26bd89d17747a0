import { clockTime, realTime, shortDate, weekdayShortDate } from '@matchday/ui';

/**
 * A kick-off with weekday, date and time ("Sat, 5 Mar 2026, 15:00"), its real one while a replay is served; the date
 * alone is matchDate.
 */
export function kickoffDateTime(iso: string): string {
  const date = realTime(iso);
  return `${weekdayShortDate(date)}, ${clockTime(date)}`;
}

/** The real date of a match ("5 Mar 2026"), also while a replay is served. */
export function matchDate(iso: string): string {
  return shortDate(realTime(iso));
}
