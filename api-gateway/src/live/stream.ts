import type { ServerResponse } from 'node:http';
import { Session } from 'better-sse';
import type Koa from 'koa';
import type { LiveChange } from '@matchday/contracts';
import { HttpError, unauthorized } from '@matchday/server';
import { SESSION_ABSOLUTE_MS } from '../sessions/lifetime';
import type { SessionData } from '../sessions/session-store';
import { NodeStreamConnection } from './connection';
import type { FeedListener, LiveFeed } from './feed';

export const LIVE_STREAM_PATH = '/api/live/stream';

export interface StreamLimits {
  /** Open streams one session may hold (a tab holds one); 429 past it. */
  perSession: number;
  /** Open streams one account may hold over all its sessions (GATEWAY_STREAMS_PER_USER); 429 past it. */
  perUser: number;
  /** Open streams from one client address (GATEWAY_STREAMS_PER_ADDRESS, keyed as the rate limits key it); 429 past it. */
  perAddress: number;
  /** Open streams this gateway process holds; 503 past it. */
  total: number;
  /** Bytes a client may leave unread before it is dropped (a stalled reader never slows the others), checked on every write. */
  maxBufferedBytes: number;
  /** A `ping` event at most this far apart (proxies and phones drop a silent connection; clients see it's alive). */
  heartbeatMs: number;
}

/** A `ping` event at most this far apart by default. */
export const HEARTBEAT_MS = 15_000;

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perSession: 4,
  perUser: 12,
  perAddress: 200,
  total: 20_000,
  maxBufferedBytes: 256 * 1024,
  heartbeatMs: HEARTBEAT_MS,
};

/** The reconnection delay a client is told; at shutdown, a shorter one. */
export const RETRY_MS = 3000;
const SHUTDOWN_RETRY_MS = 1000;
/** How often the open streams' sessions are looked up: a stream ends this soon after its session does. */
export const STREAM_SESSION_CHECK_MS = 2000;
/** How long a stream waits for the feed's first position before it gives up (the client reconnects). */
const POSITION_WAIT_MS = 10_000;

/** The sessions among `keys` that still exist and have not expired (KnexSessionStore.alive). */
export type LiveSessions = (keys: readonly string[]) => Promise<ReadonlySet<string>>;

/** Open streams per key (a session, an account, an address). */
class Counts {
  private readonly counts = new Map<string, number>();
  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string): void {
    this.counts.set(key, this.of(key) + 1);
  }
  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

interface OpenStream {
  res: ServerResponse;
  session: Session;
  /** The session's key in the store (null: a session without one, which is never looked up). */
  sessionKey: string | null;
  /** When the session's absolute lifetime ends (ms). */
  deadline: number;
  /** The last feed position the stream was sent (-1 before its snapshot). */
  sent: () => number;
  /** Writes through `push`, then drops the client if it left too much unread. */
  write: (push: () => void) => void;
}

/**
 * GET /api/live/stream: Server-Sent Events of every live change, ended here at the gateway (better-sse), fed by
 * the gateway's one LiveFeed. Each `change` event carries `id:` = the feed position, so a client that reconnects
 * with Last-Event-ID gets every change it missed exactly once, in order; an unknown or too old id (0 included: no
 * event has it) gets a `snapshot` event (LiveSnapshot) instead, whose id is the position it is current to. When
 * the feed starts again (its data replaced) every open stream gets a fresh snapshot and carries on.
 *
 * A stream holds places (per session, account, address and process) from the moment they are counted until its
 * response closes, whenever that happens: a client gone while its request waited for its turn is never counted,
 * and one that goes at any later moment gives them back. A HEAD answers with the stream's headers and holds
 * none. A stream ends within STREAM_SESSION_CHECK_MS of its session (sign-out, account deletion, expiry).
 * Never queued, cached or compressed (`Cache-Control: no-store, no-transform`, and the compression filter skips
 * text/event-stream); `X-Accel-Buffering: no` for nginx.
 */
export function liveStreams(feed: LiveFeed, limits: StreamLimits = DEFAULT_STREAM_LIMITS, liveSessions?: LiveSessions) {
  const open = new Set<OpenStream>();
  const perSession = new Counts();
  const perUser = new Counts();
  const perAddress = new Counts();

  // One heartbeat timer for every stream, running only while one is open: a named `ping` event (an EventSource
  // never sees comments, so a client could not tell a quiet stream from a dead one), carrying the stream's own last
  // id so Last-Event-ID stays exact.
  let heartbeat: NodeJS.Timeout | undefined;
  const beat = () => {
    for (const stream of open) {
      const sent = stream.sent();
      if (sent >= 0) stream.write(() => stream.session.push({ feedSeq: sent }, 'ping', String(sent)));
    }
  };

  // The open streams' sessions, looked up together while any is open: a stream whose session ended (here or on
  // another gateway), expired or passed its absolute lifetime is closed (its EventSource then meets a 401).
  let sessionCheck: NodeJS.Timeout | undefined;
  let checking = false;
  const checkSessions = async () => {
    if (checking || open.size === 0) return;
    checking = true;
    try {
      const now = Date.now();
      const keys = [...new Set([...open].map((s) => s.sessionKey).filter((k): k is string => k !== null))];
      const alive = liveSessions && keys.length > 0 ? await liveSessions(keys) : null;
      for (const stream of open) {
        const ended = stream.deadline <= now || (alive !== null && stream.sessionKey !== null && !alive.has(stream.sessionKey));
        if (ended) stream.res.end();
      }
    } catch {
      // the sessions database did not answer: looked up again at the next check
    } finally {
      checking = false;
    }
  };

  const opened = (stream: OpenStream) => {
    open.add(stream);
    if (!heartbeat) {
      heartbeat = setInterval(beat, limits.heartbeatMs);
      heartbeat.unref();
    }
    if (!sessionCheck) {
      sessionCheck = setInterval(() => void checkSessions(), STREAM_SESSION_CHECK_MS);
      sessionCheck.unref();
    }
  };
  const closed = (stream: OpenStream) => {
    open.delete(stream);
    if (open.size > 0) return;
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    heartbeat = undefined;
    sessionCheck = undefined;
  };

  const middleware: Koa.Middleware = async (ctx, next) => {
    if (ctx.path !== LIVE_STREAM_PATH) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new HttpError(405, `${ctx.method} is not allowed on ${LIVE_STREAM_PATH}`, undefined, { allow: 'GET, HEAD' });
    }
    const data = ctx.session as unknown as SessionData | null;
    const user = data?.user;
    if (!user) throw unauthorized();
    const headers = { 'cache-control': 'no-store, no-transform', 'x-accel-buffering': 'no' };
    if (ctx.method === 'HEAD') {
      // what a GET would start with, and nothing held
      ctx.status = 200;
      ctx.type = 'text/event-stream';
      ctx.set(headers);
      return;
    }
    // A client that went while its request waited (for its turn, for its session) is not counted: its response's
    // close has passed, and nothing would ever give its places back.
    if (ctx.res.destroyed || ctx.req.socket.destroyed) {
      ctx.respond = false;
      return;
    }
    const sessionKey = (ctx.session as unknown as { externalKey?: string }).externalKey ?? null;
    const sessionCount = sessionKey ?? `user:${user.id}`;
    const userKey = String(user.id);
    const address = ctx.ip;
    if (perSession.of(sessionCount) >= limits.perSession) {
      throw new HttpError(429, `At most ${limits.perSession} live streams per session: close another tab's first`, undefined, {
        'retry-after': '10',
      });
    }
    if (perUser.of(userKey) >= limits.perUser) {
      throw new HttpError(429, `At most ${limits.perUser} live streams per account: close another tab's first`, undefined, {
        'retry-after': '10',
      });
    }
    if (perAddress.of(address) >= limits.perAddress) {
      throw new HttpError(429, `At most ${limits.perAddress} live streams from one address; try again later`, undefined, {
        'retry-after': '10',
      });
    }
    if (open.size >= limits.total) {
      throw new HttpError(503, 'Too many live streams on this server; try again shortly', undefined, { 'retry-after': '5' });
    }
    const header = ctx.get('last-event-id') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
    const lastId = /^\d{1,15}$/.test(header) ? Number(header) : null;

    let ended = false;
    let connected = false;
    /** The feed started again before the stream was connected: the client's Last-Event-ID means nothing now. */
    let restartedEarly = false;
    let sent = -1;
    const res = ctx.res;
    const write = (push: () => void) => {
      if (ended || !session.isConnected) return;
      push();
      // A client that stopped reading is dropped once this much is waiting for it.
      if (res.writableLength > limits.maxBufferedBytes) res.destroy();
    };
    let ready = false;
    let epoch = 0;
    const waiting: LiveChange[] = [];
    const send = (change: LiveChange) => {
      if (change.feedSeq <= sent) return;
      sent = change.feedSeq;
      write(() => session.push(change, 'change', String(change.feedSeq)));
    };
    /** Brings the stream up to the feed: the changes after `from`, or a snapshot and the changes after it. */
    const catchUp = async (from: number | null) => {
      const mine = ++epoch;
      ready = false;
      waiting.length = 0;
      try {
        await waitFor(feed.positioned(), POSITION_WAIT_MS, 'the live feed has no position yet');
        const missed = from === null ? null : await feed.since(from);
        if (ended || mine !== epoch) return;
        if (missed === null) {
          const snapshot = await feed.snapshot();
          if (ended || mine !== epoch) return;
          sent = snapshot.feedSeq;
          write(() => session.push(snapshot, 'snapshot', String(snapshot.feedSeq)));
          // a snapshot shared with other streams may be a little behind: the changes after it follow at once
          const after = (await feed.since(snapshot.feedSeq)) ?? [];
          if (ended || mine !== epoch) return;
          for (const change of after) send(change);
        } else {
          sent = from!;
          for (const change of missed) send(change);
        }
        for (const change of waiting.splice(0)) send(change);
        ready = true;
      } catch (error) {
        if (ended || mine !== epoch) return;
        ctx.state.log?.warn({ err: error }, 'live stream: could not catch up; the client reconnects');
        res.end();
      }
    };
    const listener: FeedListener = {
      change: (change) => (ready ? send(change) : waiting.push(change)),
      // the feed's data was replaced: what this stream was sent means nothing now
      restart: () => {
        if (connected) void catchUp(null);
        else restartedEarly = true;
      },
    };

    perSession.add(sessionCount);
    perUser.add(userKey);
    perAddress.add(address);
    ctx.respond = false;
    const session = new Session(new NodeStreamConnection(ctx.req, res, headers), {
      retry: RETRY_MS,
      keepAlive: null,
      trustClientEventId: false,
    });
    const stream: OpenStream = {
      res,
      session,
      sessionKey,
      deadline: (typeof data.signedInAt === 'number' ? data.signedInAt : 0) + SESSION_ABSOLUTE_MS,
      sent: () => sent,
      write,
    };
    // From here the stream holds its places and a feed listener; the response's close (at any moment from now on:
    // the client going, the server ending it, a slow reader dropped) gives them back and stops the listener, once.
    const unsubscribe = feed.subscribe(listener);
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      perSession.remove(sessionCount);
      perUser.remove(userKey);
      perAddress.remove(address);
      closed(stream);
    };
    res.once('close', end);
    ctx.req.socket.setNoDelay(true);
    await new Promise<void>((resolve) => {
      session.once('connected', resolve);
      res.once('close', resolve);
    });
    if (ended) return;
    connected = true;
    opened(stream);
    await catchUp(restartedEarly ? null : lastId);
  };

  return {
    middleware,
    /** Open streams now (metrics, the bench). */
    get open(): number {
      return open.size;
    },
    /** At shutdown: every stream is told to come back soon (to another instance) and closed. */
    closeAll(): void {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      for (const { res, session, sent } of [...open]) {
        if (session.isConnected && !res.destroyed) {
          session.push({ retryMs: SHUTDOWN_RETRY_MS }, 'closing', String(sent()));
          void session.batch((buffer) => void buffer.retry(SHUTDOWN_RETRY_MS).dispatch()).finally(() => res.end());
        } else {
          res.end();
        }
      }
    },
  };
}

/** `promise`, or an error after `ms`. */
async function waitFor<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
