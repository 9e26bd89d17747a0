import type { MatchEvent } from '@matchday/contracts';

/** The timeline's list keeps the events on the clock; goals and cards without a minute are in the summary (a substitution without one is shown nowhere). */
export function onTheClock(event: MatchEvent): boolean {
  return event.minute !== null || !['goal', 'yellow-card', 'red-card', 'substitution'].includes(event.kind);
}
