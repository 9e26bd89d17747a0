import { startTimerLoop } from '../src/timer-loop';

/** A promise with its resolve, to hold a run open until the test lets it end. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Lets pending promise callbacks run (the fake clock stands still). */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('startTimerLoop: do a task, wait, stop cleanly', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at once, then again after each wait, or after the wait the task answers', async () => {
    let runs = 0;
    const loop = startTimerLoop(
      async () => {
        runs += 1;
        return runs === 1 ? 5 : undefined;
      },
      { waitMs: 40 },
    );
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(4);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2); // the answered 5 ms, not 40
    await jest.advanceTimersByTimeAsync(39);
    expect(runs).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(3);
    await loop.stop();
  });

  it('waits from the end of a run, not its start', async () => {
    let runs = 0;
    const loop = startTimerLoop(
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 30)); // the run takes 30 ms
      },
      { waitMs: 10 },
    );
    await jest.advanceTimersByTimeAsync(39);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    const stopping = loop.stop();
    await jest.advanceTimersByTimeAsync(30);
    await stopping;
  });

  it('ends when the task answers null', async () => {
    let runs = 0;
    const loop = startTimerLoop(
      async () => {
        runs += 1;
        return null;
      },
      { waitMs: 1 },
    );
    await jest.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
    expect(jest.getTimerCount()).toBe(0);
    await loop.stop();
  });

  it('a run that throws is reported and the next comes after the usual wait', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const loop = startTimerLoop(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('upstream down');
        return 1000;
      },
      { waitMs: 20, onError: (error) => errors.push(error) },
    );
    await settle();
    expect(errors).toEqual([new Error('upstream down')]);
    await jest.advanceTimersByTimeAsync(20);
    expect(runs).toBe(2);
    await loop.stop();
  });

  it('stop() waits for the run in progress, tells it through its signal, and no run starts after it', async () => {
    const held = gate();
    let runs = 0;
    let sawStop = false;
    const loop = startTimerLoop(
      async (signal) => {
        runs += 1;
        await held.promise;
        sawStop = signal.aborted;
      },
      { waitMs: 0 },
    );
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    expect(loop.stopped).toBe(true);
    await jest.advanceTimersByTimeAsync(50);
    expect(stopped).toBe(false); // the run is still going
    held.open();
    await stopping;
    expect(sawStop).toBe(true);
    await jest.advanceTimersByTimeAsync(50);
    expect(runs).toBe(1); // the 0 ms wait would have started another
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stop() between runs ends the timer at once: the next run never starts', async () => {
    let runs = 0;
    const loop = startTimerLoop(
      async () => {
        runs += 1;
      },
      { waitMs: 20 },
    );
    await settle();
    expect(jest.getTimerCount()).toBe(1);
    await loop.stop();
    expect(jest.getTimerCount()).toBe(0);
    await loop.stop(); // again: nothing more to do
    await jest.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
  });
});
