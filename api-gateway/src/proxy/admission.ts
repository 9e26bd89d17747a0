import type { ServerResponse } from 'node:http';
import PQueue from 'p-queue';
import { HttpError, serviceUnavailable } from '@matchday/server';

export interface AdmissionLimits {
  /** Requests a service works on at once (kept below the proxy's sockets per service). */
  maxInFlight: number;
  /** Requests that may wait for one of those places; any more get 503 at once. */
  maxQueued: number;
  /** How long a request may wait for a place before it gets 503 (callers give up after about 10 s). */
  maxWaitMs: number;
}

/** Chosen from bench/load.ts on 2 cores (see README "Load"): GATEWAY_MAX_IN_FLIGHT, GATEWAY_MAX_QUEUED, GATEWAY_MAX_WAIT_MS. */
export const DEFAULT_ADMISSION: AdmissionLimits = { maxInFlight: 32, maxQueued: 1000, maxWaitMs: 6000 };

/** Seconds a shed caller is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Queue, then shed: a bounded FIFO in front of one service. Up to `maxInFlight` requests run; up to
 * `maxQueued` more wait (their sockets simply stay open, so memory is bounded by the count); a request
 * past the bound, or one that waited `maxWaitMs`, gets 503 with Retry-After. A caller that hangs up
 * while waiting leaves the queue.
 */
export class Admission {
  private readonly queue: PQueue;
  private shedCount = 0;

  constructor(
    readonly service: string,
    private readonly limits: AdmissionLimits,
  ) {
    this.queue = new PQueue({ concurrency: limits.maxInFlight });
  }

  async run<T>(res: ServerResponse, task: () => Promise<T>): Promise<T> {
    if (this.queue.size >= this.limits.maxQueued) throw this.shed();
    const gaveUp = new AbortController();
    const timer = setTimeout(() => gaveUp.abort(new Error('waited too long')), this.limits.maxWaitMs);
    // The response closes before it is sent only when the connection went away. The signal only ever
    // fires while the request waits: once it runs it keeps its place until the response is done.
    let started = false;
    const hungUp = () => {
      if (!started) gaveUp.abort(new Error('Client closed request'));
    };
    res.once('close', hungUp);
    try {
      return await this.queue.add(
        () => {
          started = true;
          clearTimeout(timer);
          return task();
        },
        { signal: gaveUp.signal },
      );
    } catch (error) {
      if (started) throw error;
      // Nobody is listening any more; 499 (nginx's "client closed request") keeps it out of the error log.
      if (res.destroyed) throw new HttpError(499, 'Client closed request');
      throw this.shed();
    } finally {
      clearTimeout(timer);
      res.off('close', hungUp);
    }
  }

  /** For /readyz and logs. */
  stats(): { service: string; inFlight: number; queued: number; shed: number } {
    return { service: this.service, inFlight: this.queue.pending, queued: this.queue.size, shed: this.shedCount };
  }

  private shed() {
    this.shedCount += 1;
    return serviceUnavailable(`The ${this.service} service is busy; try again shortly`, RETRY_AFTER_SECONDS);
  }
}

/** Requests one session may have at its services at once: a screen makes a handful; a script holding more waits its turn. */
export const DEFAULT_SESSION_IN_FLIGHT = 8;

/**
 * A cap on the requests one signed-in session has waiting for or at a service, so that one fan (or one stolen
 * cookie) cannot hold many of a service's places: past it, 429 with Retry-After at once. Cached reads never
 * count (they never reach a service).
 */
export class SessionInFlight {
  private readonly counts = new Map<string, number>();
  constructor(private readonly max: number) {}

  async run<T>(sessionKey: string, task: () => Promise<T>): Promise<T> {
    const count = this.counts.get(sessionKey) ?? 0;
    if (count >= this.max) {
      throw new HttpError(429, 'Too many requests at once from this session; try again in 1 s', undefined, { 'retry-after': '1' });
    }
    this.counts.set(sessionKey, count + 1);
    try {
      return await task();
    } finally {
      const left = (this.counts.get(sessionKey) ?? 1) - 1;
      if (left > 0) this.counts.set(sessionKey, left);
      else this.counts.delete(sessionKey);
    }
  }
}
