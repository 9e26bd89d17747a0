import { clockTime, weekdayShortDate } from '@matchday/ui';

/** A kick-off with weekday, date and time ("Sat, 5 Mar 2026, 15:00"); the date alone is @matchday/ui's shortDate. */
export function kickoffDateTime(iso: string): string {
  const date = new Date(iso);
  return `${weekdayShortDate(date)}, ${clockTime(date)}`;
}
