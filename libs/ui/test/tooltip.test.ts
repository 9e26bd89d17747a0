import { createSkipDelay, TOOLTIP_SKIP_DELAY_MS } from '../src/tooltip';

/** A scheduler the test runs by hand: what is due, and how long it waits. */
function manualSchedule() {
  const due: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const schedule = (run: () => void, ms: number) => {
    const entry = { run, ms, cancelled: false };
    due.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  const runAll = () => {
    for (const entry of due.splice(0)) if (!entry.cancelled) entry.run();
  };
  return { schedule, due, runAll };
}

describe("the tooltips' shared skip delay (spec §9)", () => {
  it('skips the delay while a tooltip is open and until the skip delay after the last one closed', () => {
    const clock = manualSchedule();
    const skip = createSkipDelay(clock.schedule);
    const seen: boolean[] = [];
    skip.subscribe(() => seen.push(skip.skipping()));
    expect(skip.skipping()).toBe(false);
    skip.opened();
    expect(skip.skipping()).toBe(true);
    skip.closed();
    // still skipping: the next one reached within the skip delay opens at once
    expect(skip.skipping()).toBe(true);
    expect(clock.due.map((entry) => entry.ms)).toEqual([TOOLTIP_SKIP_DELAY_MS]);
    clock.runAll();
    expect(skip.skipping()).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('a tooltip opened within the skip delay keeps it running, and a second one open keeps it until both closed', () => {
    const clock = manualSchedule();
    const skip = createSkipDelay(clock.schedule);
    skip.opened();
    skip.closed();
    skip.opened();
    // the timer of the first close was cancelled: it does not end the skip while the second is open
    clock.runAll();
    expect(skip.skipping()).toBe(true);
    skip.opened();
    skip.closed();
    expect(clock.due).toHaveLength(0);
    skip.closed();
    clock.runAll();
    expect(skip.skipping()).toBe(false);
  });

  it('stops telling a listener once it unsubscribed', () => {
    const clock = manualSchedule();
    const skip = createSkipDelay(clock.schedule);
    const listener = jest.fn();
    const unsubscribe = skip.subscribe(listener);
    skip.opened();
    unsubscribe();
    skip.closed();
    clock.runAll();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
