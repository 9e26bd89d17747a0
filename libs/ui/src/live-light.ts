import { useEffect, useState } from 'react';
import type { FixtureStatus } from '@matchday/contracts';
import type { LiveState } from './live-state';

/**
 * What a screen needs of the live match centre before the live client is loaded (`@matchday/ui/live`, which
 * re-exports these): whether a fixture may be live, a final score's note, the words for the stream's state, the
 * state before the stream and the clock hook. Here, in `@matchday/ui/unshared`, Home draws its first cards without the live client and loads it after.
 */

/** The stream: not wanted by any screen, opening, open, trying again, or the browser is offline. */
export type LiveConnection = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

export const CONNECTION_TEXT: Record<LiveConnection, string> = {
  idle: '',
  connecting: 'Connecting…',
  open: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

export const INITIAL_LIVE_STATE: LiveState = {
  connection: 'idle',
  feedSeq: null,
  matches: new Map(),
  timelines: new Map(),
  lastMessageAt: null,
  currentAt: null,
  skewMs: 0,
};

/** A scheduled match this close to kick-off, or this long after it without a result, may go live. */
const BEFORE_KICK_OFF_MS = 10 * 60_000;
const AFTER_KICK_OFF_MS = 3 * 3600_000;

/**
 * Whether a screen showing this fixture needs the live stream (it is opened only while one does): the match is
 * being played, or it is scheduled and kick-off is near or passed without a result.
 */
export function mayBeLive(fixture: { status: FixtureStatus; eventDate: string }, now: number): boolean {
  if (fixture.status === 'live') return true;
  if (fixture.status !== 'scheduled') return false;
  const kickOff = Date.parse(fixture.eventDate);
  return kickOff - BEFORE_KICK_OFF_MS <= now && now <= kickOff + AFTER_KICK_OFF_MS;
}

/** What follows a final score: "(4–2 pens)" after a shoot-out, "a.e.t." after extra time, else null. */
export function resultNote(
  penalties: { penaltiesHome: number | null; penaltiesAway: number | null } | null | undefined,
  extraTime: boolean,
): string | null {
  if (penalties && penalties.penaltiesHome !== null && penalties.penaltiesAway !== null) {
    return `(${penalties.penaltiesHome}–${penalties.penaltiesAway} pens)`;
  }
  return extraTime ? 'a.e.t.' : null;
}

/** The time now, taken again every `periodMs` while `enabled` (a running clock, "updated N s ago"). */
export function useNow(periodMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), periodMs);
    return () => window.clearInterval(timer);
  }, [periodMs, enabled]);
  return now;
}
