import { EventEmitter, once } from 'node:events';

/**
 * Tells readers of the live feed in this process that it has grown (match events stored, its epoch renewed), so a
 * read that waits for news (GET /internal/live/feed?wait=) answers at once instead of at its next poll. Writers in
 * other processes are not heard: a waiting read then answers when its wait ends, as a poll would.
 */
const feed = new EventEmitter();
// one listener per waiting read (the alert senders' leader, the gateways' readers)
feed.setMaxListeners(0);

export function feedGrew(): void {
  feed.emit('grew');
}

/** Resolves when the feed grows in this process, or after `ms`, or when `signal` aborts, whichever comes first. */
export async function feedGrowsWithin(ms: number, signal?: AbortSignal): Promise<void> {
  const timeout = AbortSignal.timeout(ms);
  try {
    await once(feed, 'grew', { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
}
