/**
 * The one "do a task, wait, do it again, stop cleanly" loop of the back end (the replay's release timer, the live
 * poller, the football.json sync).
 *
 * - The first run starts at once; each next one starts `waitMs` after the last one ended, or after the wait the
 *   task answers (milliseconds; `null`: no next run, the loop ends).
 * - A run that throws is handed to `onError` and the next one comes after `waitMs`, as usual.
 * - `stop()` ends the timer at once and resolves once a run in progress has ended; from the moment it is called no
 *   run starts, and the task's `signal` says so to a run in progress (a run may end early on it).
 * The timer never keeps the process alive.
 */
export interface TimerLoop {
  /** Ends the timer and waits for a run in progress; no run starts after it is called. Safe to call again. */
  stop(): Promise<void>;
  /** Whether stop() was called. */
  readonly stopped: boolean;
}

export interface TimerLoopOptions {
  /** The wait between the end of one run and the start of the next (unless the task answers another). */
  waitMs: number;
  /** A run that threw (the loop carries on after `waitMs`). */
  onError?: (error: unknown) => void;
}

/** Starts `task` now and again after each wait, until stop() (see TimerLoop). */
export function startTimerLoop(task: (signal: AbortSignal) => Promise<number | null | void>, options: TimerLoopOptions): TimerLoop {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const runOnce = async (): Promise<void> => {
    timer = undefined;
    let wait: number | null = options.waitMs;
    try {
      const answer = await task(stopping.signal);
      if (answer !== undefined) wait = answer;
    } catch (error) {
      options.onError?.(error);
    }
    if (stopping.signal.aborted || wait === null) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (!stopping.signal.aborted) current = runOnce();
      },
      Math.max(0, wait),
    );
    timer.unref?.();
  };
  current = runOnce();

  return {
    stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      timer = undefined;
      return current;
    },
    get stopped() {
      return stopping.signal.aborted;
    },
  };
}
