import { utcDay } from './dates';

/** How far a replay moves the real season: whole days, or to an instant (`--as-of`); replay.ts builds the replay. */

export const DAY = 86_400_000;

/** A bad `--as-of`: one line naming the season's first and last day. */
export class ReplayDateError extends Error {}

const midnight = (ms: number) => Math.floor(ms / DAY) * DAY;

/**
 * Whole days to add to every real kick-off so that `asOf` (a real day, YYYY-MM-DD), or else the middle
 * of the season, falls on the day of `now`. `first` and `last` are the season's first and last kick-off.
 */
export function replayShiftDays(first: Date, last: Date, now: Date, asOf?: string): number {
  if (asOf === undefined) {
    const middle = (first.getTime() + last.getTime()) / 2;
    return Math.round((midnight(now.getTime()) - midnight(middle)) / DAY);
  }
  const season = `from ${utcDay(first)} to ${utcDay(last)}`;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? new Date(`${asOf}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || utcDay(day) !== asOf)
    throw new ReplayDateError(`--as-of "${asOf}" is not a date: give a day of the season (YYYY-MM-DD), ${season}`);
  if (asOf < utcDay(first) || asOf > utcDay(last)) throw new ReplayDateError(`--as-of ${asOf} is outside the season, which runs ${season}`);
  return Math.round((midnight(now.getTime()) - day.getTime()) / DAY);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;

/**
 * The shift in milliseconds: whole days as replayShiftDays says, or, when `asOf` is a UTC instant
 * (`2022-12-18T16:40:00Z`), exactly the offset that makes that instant now (a test or a demo can start a
 * minute before a goal).
 */
export function replayShiftMs(first: Date, last: Date, now: Date, asOf?: string): number {
  if (asOf === undefined || !asOf.includes('T')) return replayShiftDays(first, last, now, asOf) * DAY;
  const instant = INSTANT.test(asOf) ? new Date(asOf) : null;
  const season = `from ${utcDay(first)} to ${utcDay(last)}`;
  if (!instant || Number.isNaN(instant.getTime()))
    throw new ReplayDateError(`--as-of "${asOf}" is not a UTC instant such as 2022-12-18T16:40:00Z: the season runs ${season}`);
  if (utcDay(instant) < utcDay(first) || utcDay(instant) > utcDay(last))
    throw new ReplayDateError(`--as-of ${asOf} is outside the season, which runs ${season}`);
  return now.getTime() - instant.getTime();
}
