import { useEffect } from 'react';
import { unstable_serialize, type Cache, type Middleware, type State } from 'swr';

/** Spec §7: cached data is kept 5 minutes unused. */
export const UNUSED_ENTRY_MS = 5 * 60_000;

/**
 * The SWR cache of the whole app: an entry no mounted screen uses is dropped once it has gone unused
 * for `unusedMs`; an entry in use is never dropped. "In use" is counted by `retain`/`release`, which
 * the `trackCacheUse` middleware calls when a `useSWR` hook mounts and unmounts.
 */
export class ExpiringSwrCache implements Cache {
  private readonly entries = new Map<string, State>();
  private readonly users = new Map<string, number>();
  private readonly dropTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly unusedMs = UNUSED_ENTRY_MS) {}

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  get(key: string): State | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: State): void {
    this.entries.set(key, value);
    if (!this.users.has(key)) this.scheduleDrop(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.cancelDrop(key);
  }

  retain(key: string): void {
    this.users.set(key, (this.users.get(key) ?? 0) + 1);
    this.cancelDrop(key);
  }

  release(key: string): void {
    const left = (this.users.get(key) ?? 1) - 1;
    if (left > 0) {
      this.users.set(key, left);
      return;
    }
    this.users.delete(key);
    if (this.entries.has(key)) this.scheduleDrop(key);
  }

  private scheduleDrop(key: string): void {
    if (this.dropTimers.has(key)) return;
    const timer = setTimeout(() => {
      this.dropTimers.delete(key);
      if (!this.users.has(key)) this.entries.delete(key);
    }, this.unusedMs);
    // Never keeps a process (tests, server rendering) alive
    (timer as { unref?: () => void }).unref?.();
    this.dropTimers.set(key, timer);
  }

  private cancelDrop(key: string): void {
    const timer = this.dropTimers.get(key);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.dropTimers.delete(key);
  }
}

/** SWR middleware: a mounted `useSWR` hook keeps its key's entry in `cache`. */
export function trackCacheUse(cache: ExpiringSwrCache): Middleware {
  return (useSWRNext) =>
    function useTrackedSWR(key, fetcher, config) {
      const serialized = unstable_serialize(key);
      useEffect(() => {
        if (!serialized) return undefined;
        cache.retain(serialized);
        return () => cache.release(serialized);
      }, [serialized]);
      return useSWRNext(key, fetcher, config);
    };
}
