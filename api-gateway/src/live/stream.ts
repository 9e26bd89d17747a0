import { Session } from 'better-sse';
import type Koa from 'koa';
import type { LiveChange } from '@matchday/contracts';
import { HttpError, unauthorized } from '@matchday/server';
import type { SessionData } from '../sessions/session-store';
import { NodeStreamConnection } from './connection';
import type { LiveFeed } from './feed';

export const LIVE_STREAM_PATH = '/api/live/stream';

export interface StreamLimits {
  /** Open streams one session may hold (a tab holds one); 429 past it. */
  perSession: number;
  /** Open streams this gateway process holds; 503 past it. */
  total: number;
  /** Bytes a client may leave unread before it is dropped (a stalled reader never slows the others). */
  maxBufferedBytes: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perSession: 4, total: 20_000, maxBufferedBytes: 256 * 1024 };

/** A `ping` event at most this far apart (proxies and phones drop a silent connection; clients see it's alive). */
export const HEARTBEAT_MS = 15_000;
/** The reconnection delay a client is told; at shutdown, a shorter one. */
export const RETRY_MS = 3000;
const SHUTDOWN_RETRY_MS = 1000;

/**
 * GET /api/live/stream: Server-Sent Events of every live change, ended here at the gateway
 * (better-sse), fed by the gateway's one LiveFeed. Each `change` event carries `id:` = the feed position, so
 * a client that reconnects with Last-Event-ID gets every change it missed exactly once, in order; an unknown
 * or too old id gets a `snapshot` event (LiveSnapshot) instead, whose id is the position it is current to.
 * Never queued, cached or compressed (`Cache-Control: no-transform`, and the compression filter skips
 * text/event-stream); `X-Accel-Buffering: no` for nginx.
 */
export function liveStreams(feed: LiveFeed, limits: StreamLimits = DEFAULT_STREAM_LIMITS) {
  // every open stream, with its response and the last feed position it was sent
  const open = new Map<Session, { res: import('node:http').ServerResponse; sent: () => number }>();
  // One heartbeat timer for every stream: a named `ping` event (an EventSource never sees comments, so a client
  // could not tell a quiet stream from a dead one), carrying the stream's own last id so Last-Event-ID stays exact.
  let heartbeat: NodeJS.Timeout | undefined;
  const beat = () => {
    for (const [session, stream] of open) {
      if (session.isConnected && stream.sent() >= 0) session.push({ feedSeq: stream.sent() }, 'ping', String(stream.sent()));
    }
  };
  const perSession = new Map<string, number>();

  const middleware: Koa.Middleware = async (ctx, next) => {
    if (ctx.path !== LIVE_STREAM_PATH) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new HttpError(405, `${ctx.method} is not allowed on ${LIVE_STREAM_PATH}`, undefined, { allow: 'GET, HEAD' });
    }
    const user = (ctx.session as unknown as SessionData | null)?.user;
    if (!user) throw unauthorized();
    const sessionKey = (ctx.session as unknown as { externalKey?: string }).externalKey ?? `user:${user.id}`;
    const mine = perSession.get(sessionKey) ?? 0;
    if (mine >= limits.perSession) {
      throw new HttpError(429, `At most ${limits.perSession} live streams per session: close another tab's first`, undefined, {
        'retry-after': '10',
      });
    }
    if (open.size >= limits.total) {
      throw new HttpError(503, 'Too many live streams on this server; try again shortly', undefined, { 'retry-after': '5' });
    }
    const header = ctx.get('last-event-id') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
    const lastId = /^\d{1,15}$/.test(header) ? Number(header) : null;

    feed.start();
    perSession.set(sessionKey, mine + 1);
    ctx.respond = false;
    ctx.req.socket.setNoDelay(true);
    const session = new Session(
      new NodeStreamConnection(ctx.req, ctx.res, { 'cache-control': 'no-store, no-transform', 'x-accel-buffering': 'no' }),
      { retry: RETRY_MS, keepAlive: null, trustClientEventId: false },
    );
    await new Promise<void>((resolve) => session.once('connected', resolve));
    let sent = -1;
    open.set(session, { res: ctx.res, sent: () => sent });
    if (!heartbeat) {
      heartbeat = setInterval(beat, HEARTBEAT_MS);
      heartbeat.unref();
    }

    let ready = false;
    const waiting: LiveChange[] = [];
    const send = (change: LiveChange) => {
      if (change.feedSeq <= sent || !session.isConnected) return;
      sent = change.feedSeq;
      session.push(change, 'change', String(change.feedSeq));
      // A client that stopped reading is dropped once this much is waiting for it.
      if (ctx.res.writableLength > limits.maxBufferedBytes) ctx.res.destroy();
    };
    const unsubscribe = feed.subscribe((change) => (ready ? send(change) : waiting.push(change)));
    session.once('disconnected', () => {
      unsubscribe();
      open.delete(session);
      const left = (perSession.get(sessionKey) ?? 1) - 1;
      if (left > 0) perSession.set(sessionKey, left);
      else perSession.delete(sessionKey);
    });

    try {
      const missed = lastId === null ? null : await feed.since(lastId);
      if (missed === null) {
        const snapshot = await feed.snapshot();
        sent = snapshot.feedSeq;
        if (session.isConnected) session.push(snapshot, 'snapshot', String(snapshot.feedSeq));
        // a snapshot shared with other streams may be a little behind: the changes after it follow at once
        for (const change of (await feed.since(snapshot.feedSeq)) ?? []) send(change);
      } else {
        sent = lastId!;
        for (const change of missed) send(change);
      }
      for (const change of waiting.splice(0)) send(change);
      ready = true;
    } catch (error) {
      ctx.state.log?.warn({ err: error }, 'live stream: could not catch up; the client reconnects');
      ctx.res.end();
    }
  };

  return {
    middleware,
    /** Open streams now (metrics, the bench). */
    get open(): number {
      return open.size;
    },
    /** At shutdown: every stream is told to come back soon (to another instance) and closed. */
    closeAll(): void {
      if (heartbeat) clearInterval(heartbeat);
      for (const [session, { res, sent }] of open) {
        if (session.isConnected) {
          session.push({ retryMs: SHUTDOWN_RETRY_MS }, 'closing', String(sent()));
          void session.batch((buffer) => void buffer.retry(SHUTDOWN_RETRY_MS).dispatch()).finally(() => res.end());
        } else {
          res.end();
        }
      }
    },
  };
}
