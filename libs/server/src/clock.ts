/**
 * The one source of "now" for a server: epoch milliseconds. A service is handed its clock when it starts
 * (ServiceDefinition's parts, routers, seedIfEmpty and onStart), and everything it runs reads the time from it: the
 * replay's release timer, the live poller and the live clock, the day lists, the calendars, the sync's run times,
 * the alert sender, the tips' freeze. Production runs on `systemClock`; a test sets "now" once for everything it
 * starts with `clockFrom` (time runs on from a given instant) or `manualClock` (time moves only when told).
 * Durations (how long a request or an import took) are measured with Date.now() and performance.now(), not with it.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** A clock that reads `at` when made and then runs on with real time (a test's "it is 28 Nov 2026, 09:12"). */
export function clockFrom(at: Date | string | number, real: Clock = systemClock): Clock {
  const offset = new Date(at).getTime() - real();
  if (!Number.isFinite(offset)) throw new Error(`clockFrom: not a time: ${String(at)}`);
  return () => real() + offset;
}

export interface ManualClock extends Clock {
  /** Moves the clock to `at`. */
  set(at: Date | string | number): void;
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
}

/** A clock that stands still at `at` until a test moves it. */
export function manualClock(at: Date | string | number): ManualClock {
  let nowMs = new Date(at).getTime();
  if (!Number.isFinite(nowMs)) throw new Error(`manualClock: not a time: ${String(at)}`);
  const clock = (() => nowMs) as ManualClock;
  clock.set = (to) => {
    nowMs = new Date(to).getTime();
  };
  clock.advance = (ms) => {
    nowMs += ms;
  };
  return clock;
}
