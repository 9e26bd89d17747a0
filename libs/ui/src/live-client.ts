import type { LiveChange, LiveSnapshot, MatchEvent } from '@matchday/contracts';
import {
  applyChange,
  applyPing,
  applySnapshot,
  applyTimeline,
  INITIAL_LIVE_STATE,
  timelineBehind,
  withConnection,
  type LiveState,
} from './live-state';

/** GET /api/live/stream (Server-Sent Events, ended at the gateway). */
export const LIVE_STREAM_URL = '/api/live/stream';
/** The stream stays open this long after the last screen needing it goes (a screen change reuses it). */
export const CLOSE_GRACE_MS = 10_000;
/** Waits before opening again after the server refused or ended the stream (429, 503, a restart). */
export const RETRY_DELAYS_MS = [3000, 6000, 12_000, 30_000, 60_000] as const;
/** A tab hidden longer than this opens the stream again when it is shown (a phone may have dropped it unseen). */
export const RESUME_AFTER_HIDDEN_MS = 10_000;

/** The browser's EventSource as the client uses it (a test gives a fake one). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** What the client needs from the page, so that it runs in a test without a browser. */
export interface LiveClientDeps {
  url: string;
  openStream: (url: string) => EventSourceLike;
  readTimeline: (fixtureId: number) => Promise<MatchEvent[] | null>;
  /** window: online, offline, pageshow; document: visibilitychange. */
  window: Pick<EventTarget, 'addEventListener'>;
  document: Pick<EventTarget, 'addEventListener'> & { visibilityState: string };
  isOnline: () => boolean;
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

export interface LiveClient {
  getState(): LiveState;
  /** Called after every state change. */
  subscribe(listener: () => void): () => void;
  /** Called once per change applied (never for one already seen), after the state has it. */
  onChange(listener: (change: LiveChange) => void): () => void;
  /** A screen that needs live data holds the stream open until it calls the function returned. */
  retain(): () => void;
  /** A match page: reads the fixture's timeline and keeps it current; `stream` also holds the stream open. */
  watchTimeline(fixtureId: number, stream: boolean): () => void;
}

const OPEN = 1;
const CLOSED = 2;

function parse<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

/**
 * One stream per tab: opened when the first screen needs live data, closed CLOSE_GRACE_MS after
 * the last one leaves. The browser's EventSource resumes by itself after a drop, sending Last-Event-ID; when the
 * client opens a new one (the tab shown again, the pageshow of a page from the back/forward cache, the network
 * back, a refusal waited out) it passes the last feed position as `?lastEventId=`, so the gateway sends what was
 * missed (or a fresh snapshot when it is too old). Going offline closes the stream at once.
 */
export function createLiveClient(deps: LiveClientDeps): LiveClient {
  let state = INITIAL_LIVE_STATE;
  const listeners = new Set<() => void>();
  const changeListeners = new Set<(change: LiveChange) => void>();
  const watched = new Map<number, number>();
  const reading = new Set<number>();
  /** Snapshots applied so far, and per watched fixture the snapshot its read was last repeated after (once each). */
  let snapshots = 0;
  const reread = new Map<number, number>();
  let holders = 0;
  let source: EventSourceLike | null = null;
  let closeTimer: unknown = null;
  let retryTimer: unknown = null;
  let failures = 0;
  let hiddenAt: number | null = null;
  let listening = false;

  const set = (next: LiveState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const connection = (next: LiveState['connection']) => set(withConnection(state, next, deps.now()));

  const stop = () => {
    if (retryTimer !== null) deps.clearTimeout(retryTimer);
    retryTimer = null;
    if (source) {
      const old = source;
      source = null;
      old.onopen = null;
      old.onerror = null;
      old.close();
    }
  };

  const readTimeline = (fixtureId: number) => {
    if (reading.has(fixtureId)) return;
    reading.add(fixtureId);
    deps
      .readTimeline(fixtureId)
      .catch(() => null)
      .then((events) => {
        reading.delete(fixtureId);
        if (!watched.has(fixtureId)) return;
        set(applyTimeline(state, fixtureId, events));
        checkTimeline(fixtureId);
      });
  };

  /**
   * A watched timeline behind the live match is read again at once, once per snapshot: the stream brings only the
   * events after its snapshot, so those between a timeline's read and the stream's snapshot (a read answered
   * before the stream opened, or before it came back) reach the page only by reading it again.
   */
  const checkTimeline = (fixtureId: number) => {
    if (!watched.has(fixtureId) || reading.has(fixtureId) || !timelineBehind(state, fixtureId)) return;
    if (reread.get(fixtureId) === snapshots) return;
    reread.set(fixtureId, snapshots);
    readTimeline(fixtureId);
  };

  const retryLater = () => {
    stop();
    connection(deps.isOnline() ? 'reconnecting' : 'offline');
    const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
    failures += 1;
    retryTimer = deps.setTimeout(() => {
      retryTimer = null;
      if (holders > 0) open();
    }, delay);
  };

  function open() {
    stop();
    if (!deps.isOnline()) {
      connection('offline');
      return;
    }
    connection(state.feedSeq === null ? 'connecting' : 'reconnecting');
    const stream = deps.openStream(state.feedSeq === null ? deps.url : `${deps.url}?lastEventId=${state.feedSeq}`);
    source = stream;
    stream.onopen = () => {
      failures = 0;
      connection('open');
    };
    stream.onerror = () => {
      if (source !== stream) return;
      // CONNECTING: the browser tries again by itself (with Last-Event-ID); CLOSED: refused (429, 401, 503), so we do.
      if (stream.readyState === CLOSED) retryLater();
      else connection(deps.isOnline() ? 'reconnecting' : 'offline');
    };
    stream.addEventListener('snapshot', (event) => {
      const snapshot = parse<LiveSnapshot>(event.data);
      if (source !== stream || !snapshot) return;
      set(applySnapshot(state, snapshot, deps.now()));
      snapshots += 1;
      // after a gap the watched timelines may miss events the snapshot's matches have
      for (const fixtureId of watched.keys()) {
        const timeline = state.timelines.get(fixtureId);
        if (timeline?.failed) readTimeline(fixtureId);
        else checkTimeline(fixtureId);
      }
    });
    stream.addEventListener('change', (event) => {
      const change = parse<LiveChange>(event.data);
      if (source !== stream || !change) return;
      const next = applyChange(state, change, deps.now());
      if (next === state) return;
      set(next);
      for (const listener of [...changeListeners]) listener(change);
      checkTimeline(change.fixtureId);
    });
    // the gateway's heartbeat (every 15 s): the stream is alive even when no match moves
    stream.addEventListener('ping', () => {
      if (source === stream) set(applyPing(state, deps.now()));
    });
    // the server is going away: the browser comes back after the retry it was given
    stream.addEventListener('closing', () => {
      if (source === stream) connection('reconnecting');
    });
  }

  const resume = () => {
    if (holders === 0) return;
    failures = 0;
    open();
    for (const [fixtureId] of watched) if (state.timelines.get(fixtureId)?.failed) readTimeline(fixtureId);
  };

  const listen = () => {
    if (listening) return;
    listening = true;
    deps.window.addEventListener('online', resume);
    deps.window.addEventListener('offline', () => {
      if (holders === 0) return;
      stop();
      connection('offline');
    });
    deps.window.addEventListener('pageshow', (event) => {
      if ((event as PageTransitionEvent).persisted) resume();
    });
    deps.document.addEventListener('visibilitychange', () => {
      if (deps.document.visibilityState !== 'visible') {
        hiddenAt = deps.now();
        return;
      }
      const away = hiddenAt === null ? 0 : deps.now() - hiddenAt;
      hiddenAt = null;
      if (!source || source.readyState !== OPEN || away > RESUME_AFTER_HIDDEN_MS) resume();
    });
  };

  const retain = () => {
    holders += 1;
    if (closeTimer !== null) {
      deps.clearTimeout(closeTimer);
      closeTimer = null;
    }
    if (holders === 1 && !source && retryTimer === null) {
      listen();
      open();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders > 0) return;
      closeTimer = deps.setTimeout(() => {
        closeTimer = null;
        if (holders > 0) return;
        stop();
        connection('idle');
      }, CLOSE_GRACE_MS);
    };
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    retain,
    watchTimeline(fixtureId, stream) {
      watched.set(fixtureId, (watched.get(fixtureId) ?? 0) + 1);
      const release = stream ? retain() : () => undefined;
      readTimeline(fixtureId);
      return () => {
        release();
        const left = (watched.get(fixtureId) ?? 1) - 1;
        if (left > 0) return void watched.set(fixtureId, left);
        watched.delete(fixtureId);
        reread.delete(fixtureId);
      };
    },
  };
}
