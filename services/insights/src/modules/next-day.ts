import type { FeedMatch, NextDay } from '@matchday/contracts';
import type { LeagueFeed } from './league-feed';
import { dayOf, dayWindow, weekendWindow } from './tips/job';

const DAY = 86_400_000;
/** How far ahead the next day with something on it is looked for. */
export const NEXT_DAY_HORIZON_DAYS = 60;

/** The tab that shows a (real UTC) day: tomorrow's, the weekend's, or none. */
function tabOf(dayStart: number, now: Date, shiftMs: number): NextDay['tab'] {
  if (dayStart === dayWindow(now, 'tomorrow', shiftMs).from.getTime()) return 'tomorrow';
  const weekend = weekendWindow(now, shiftMs);
  return dayStart >= weekend.from.getTime() && dayStart < weekend.to.getTime() ? 'weekend' : null;
}

/**
 * "No dead ends": the first (real) UTC day from `from` on with matches still to kick off that `accept` takes (every league's
 * fixtures, oldest first), with how many it has and the tab showing it; undefined when none within the horizon.
 */
export async function nextDay(
  feed: LeagueFeed,
  from: Date,
  accept: (match: FeedMatch) => boolean | Promise<boolean> = () => true,
): Promise<NextDay | undefined> {
  const now = feed.now();
  const shiftMs = await feed.replayShiftMs();
  const { matches } = await feed.matchesBetween(from, new Date(from.getTime() + NEXT_DAY_HORIZON_DAYS * DAY));
  const ahead = matches.map(({ match }) => match).filter((m) => m.homeGoals === null && Date.parse(m.kickoffAt) > now.getTime());
  let k = 0;
  while (k < ahead.length) {
    const day = dayOf(ahead[k]!.kickoffAt, shiftMs).getTime();
    const taken: FeedMatch[] = [];
    for (; k < ahead.length && dayOf(ahead[k]!.kickoffAt, shiftMs).getTime() === day; k++)
      if (await accept(ahead[k]!)) taken.push(ahead[k]!);
    if (taken.length) {
      const date = new Date(day).toISOString().slice(0, 10);
      return { date, kickoffAt: taken[0]!.kickoffAt, matches: taken.length, tab: tabOf(day, now, shiftMs) };
    }
  }
  return undefined;
}
