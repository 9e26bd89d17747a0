import { realTime } from '@matchday/ui';

/**
 * A kick-off written as the tips screens write it, UTC date and time ("2024-11-28", "14:00"): the real one while a
 * replay is served. `at` is an instant, or a UTC day and time of day as a tip card carries them.
 */
export function utcKickoff(at: string, timeOfDay?: string): { date: string; time: string } {
  const real = realTime(timeOfDay === undefined ? at : `${at}T${timeOfDay}:00Z`);
  if (Number.isNaN(real.getTime())) return { date: at, time: timeOfDay ?? '' };
  const iso = real.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
