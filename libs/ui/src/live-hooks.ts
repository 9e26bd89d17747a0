import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveChange } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';
import { createLiveClient, LIVE_STREAM_URL, type LiveClient } from './live-client';
import type { LiveEntry, LiveState, Timeline } from './live-state';

let client: LiveClient | undefined;

/**
 * The tab's one live client. `@matchday/ui/live` is a Module Federation shared singleton (libs/config's SINGLETONS),
 * so the shell and every remote on a page reach this same instance, and the same stream.
 */
export function liveClient(): LiveClient {
  return (client ??= createLiveClient({
    url: LIVE_STREAM_URL,
    openStream: (url) => new EventSource(url),
    readTimeline: (fixtureId) => apiGet(`/api/fixture-events/${fixtureId}`),
    window,
    document,
    isOnline: () => navigator.onLine !== false,
    now: () => Date.now(),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (timer) => window.clearTimeout(timer as number),
  }));
}

const subscribe = (listener: () => void) => liveClient().subscribe(listener);
const snapshot = () => liveClient().getState();

/** The live state, without asking for the stream. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Every live match (and those seen finishing) with the stream's state; holds the stream open while `enabled`. */
export function useLiveMatches(enabled = true): LiveState {
  useEffect(() => (enabled ? liveClient().retain() : undefined), [enabled]);
  return useLiveState();
}

/** One fixture's live entry (undefined when it is not being played) and the stream's state. */
export function useLiveMatch(fixtureId: number | null, enabled = true): { entry: LiveEntry | undefined; state: LiveState } {
  const state = useLiveMatches(enabled && fixtureId !== null);
  return { entry: fixtureId === null ? undefined : state.matches.get(fixtureId), state };
}

/** A match page's timeline, kept current by the stream while `live`. */
export function useLiveTimeline(fixtureId: number | null, live: boolean): Timeline | undefined {
  useEffect(() => (fixtureId === null ? undefined : liveClient().watchTimeline(fixtureId, live)), [fixtureId, live]);
  return useLiveState().timelines.get(fixtureId ?? -1);
}

/** Calls `listener` once per change the stream brings while the component is mounted. */
export function useLiveChanges(listener: (change: LiveChange) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => liveClient().onChange((change) => latest.current(change)), []);
}

export { useNow } from './live-light';
