import type { Socket } from 'node:net';
import { createSecureContext } from 'node:tls';
import { buildConnector, Pool } from 'undici';

/** A push's request, and the opening of a connection for it, is given up after this long. */
export const SEND_TIMEOUT_MS = 10_000;
/**
 * A connection opened ahead is kept unused at most this long, then closed (and opened again at a later pass): a
 * connection a load balancer or a NAT on the way has forgotten in silence would only be found out by a push's time-out.
 */
export const OPENED_AHEAD_MAX_AGE_MS = 4 * 60_000;
/** Connections opened ahead at once to one push service (a pass opens at most this many; the next pass the rest). */
export const OPEN_AHEAD_AT_ONCE = 32;
/**
 * After a push service closes (or breaks) a connection opened ahead before it carried a request, none more is opened
 * ahead to it for this long: a service that closes idle connections soon costs a handshake per connection per this
 * long at most, not one per pass.
 */
export const REOPEN_AFTER_CLOSE_MS = 60_000;

/**
 * How many connections to open ahead to each push service for these devices' endpoints: the sender's `connections`
 * shared out in proportion to each service's devices (a burst keeps about that many out to each at once), at least
 * one each and never more than the service's devices. Endpoints the server may not call (`problem`) are left out:
 * nothing, not even a connection, goes to them.
 */
export function connectionsAhead(
  endpoints: Iterable<string>,
  connections: number,
  problem: (endpoint: string) => string | null = () => null,
): Map<string, number> {
  const devices = new Map<string, number>();
  let total = 0;
  for (const endpoint of endpoints) {
    let origin: string;
    try {
      origin = new URL(endpoint).origin;
    } catch {
      continue;
    }
    if (!devices.has(origin) && problem(endpoint) !== null) devices.set(origin, -1);
    const count = devices.get(origin) ?? 0;
    if (count < 0) continue;
    devices.set(origin, count + 1);
    total += 1;
  }
  const wanted = new Map<string, number>();
  for (const [origin, count] of devices) {
    if (count > 0) wanted.set(origin, Math.min(count, Math.max(1, Math.round((connections * count) / total))));
  }
  return wanted;
}

/** A connection opened ahead, not yet handed to a pool. */
type Opened = { socket: Socket; openedMs: number; forget: () => void };

/**
 * Kept-alive connections to the push services: one pool per origin (FCM, Mozilla, Apple, Windows each have one),
 * at most `connections` to each, one request at a time on each. undici's client: measured on this machine it costs
 * less CPU per request than Node's https module (bench/push-transport.ts).
 *
 * While a followed match is live the sender opens connections ahead (`openAhead`: TCP and the TLS handshake, no
 * request, nothing a push service could take for one), so that a goal's burst does not start with a handshake per
 * connection: a pool that needs a connection is handed one of those if one is still open, else it opens one then.
 */
export class PushConnections {
  private readonly pools = new Map<string, Pool>();
  /** Origins that asked for no requests until then (epoch ms): rate limited, or down with a Retry-After. */
  private readonly pausedUntil = new Map<string, number>();
  /** Connections opened ahead, per origin, newest last; and how many are being opened. */
  private readonly opened = new Map<string, Opened[]>();
  private readonly opening = new Map<string, number>();
  /** When a push service last closed a connection opened ahead to it (epoch ms). */
  private readonly closedByService = new Map<string, number>();
  /**
   * undici's connector (TCP, TLS with one context for all the connections, and its cache of TLS sessions), used both
   * for the connections opened ahead and for those a pool opens itself.
   */
  private readonly connector: buildConnector.connector;
  /** Connections handed to a pool that were opened ahead, and opened by a pool when it needed one (benches, tests). */
  readonly counts = { ahead: 0, atSend: 0 };
  /** How many connections to keep open ahead to each origin (want), and the opening under way. */
  private wanted: ReadonlyMap<string, number> = new Map();
  private openingNow: Promise<number> | undefined;

  constructor(
    private readonly options: {
      connections: number;
      ca?: string | undefined;
      /**
       * HTTP/2 where the push service offers it (undici's allowH2). Off: measured on this machine it costs more CPU per
       * push than HTTP/1.1 on kept-alive connections (bench/push-transport.ts).
       */
      http2?: boolean;
      now?: () => number;
      /** How long a connection opened ahead is kept unused (default OPENED_AHEAD_MAX_AGE_MS; tests). */
      maxIdleMs?: number;
    },
  ) {
    this.connector = buildConnector({
      timeout: SEND_TIMEOUT_MS,
      allowH2: options.http2 ?? false,
      secureContext: createSecureContext(options.ca ? { ca: options.ca } : {}),
    });
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.options.connections,
        pipelining: 1,
        allowH2: this.options.http2 ?? false,
        headersTimeout: SEND_TIMEOUT_MS,
        bodyTimeout: SEND_TIMEOUT_MS,
        connect: (options, callback) => {
          const ready = this.takeOpened(origin);
          if (ready) {
            this.counts.ahead += 1;
            process.nextTick(callback, null, ready);
            return;
          }
          this.counts.atSend += 1;
          this.connector(options, callback);
        },
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** A connection opened ahead to `origin` that is still open and young enough, if there is one (it leaves the list). */
  private takeOpened(origin: string): Socket | undefined {
    const list = this.opened.get(origin);
    while (list && list.length > 0) {
      const { socket, openedMs, forget } = list.pop()!;
      forget();
      if (usable(socket) && this.now - openedMs < OPENED_AHEAD_MAX_AGE_MS) return socket;
      socket.destroy();
    }
    return undefined;
  }

  /** How many connections to `origin` are open or opening: the pool's, those opened ahead, those being opened. */
  ready(origin: string): number {
    return (this.pools.get(origin)?.stats.connected ?? 0) + (this.opened.get(origin)?.length ?? 0) + (this.opening.get(origin) ?? 0);
  }

  /** The devices' endpoints to keep connections open ahead for, from the next openAhead (connectionsAhead). */
  want(endpoints: Iterable<string>, problem?: (endpoint: string) => string | null): void {
    this.wanted = connectionsAhead(endpoints, this.options.connections, problem);
  }

  /**
   * Opens connections ahead until each origin has its `wanted` count open (its pool's included; default: as `want`
   * said), at most OPEN_AHEAD_AT_ONCE at a time to each; closes those opened ahead to origins no longer wanted, and
   * those older than OPENED_AHEAD_MAX_AGE_MS. A push service that asked for a pause, or that closed one opened ahead
   * within REOPEN_AFTER_CLOSE_MS, gets none. Resolves once these have opened (or failed: a pool opens its own then)
   * with how many opened; a call while they open waits for them.
   */
  openAhead(wanted: ReadonlyMap<string, number> = this.wanted): Promise<number> {
    this.openingNow ??= this.openMissing(wanted).finally(() => (this.openingNow = undefined));
    return this.openingNow;
  }

  private async openMissing(wanted: ReadonlyMap<string, number>): Promise<number> {
    const now = this.now;
    for (const [origin, list] of this.opened) {
      const keep = wanted.has(origin) ? list.filter((o) => usable(o.socket) && now - o.openedMs < OPENED_AHEAD_MAX_AGE_MS) : [];
      for (const o of list) {
        if (keep.includes(o)) continue;
        o.forget();
        o.socket.destroy();
      }
      this.opened.set(origin, keep);
    }
    const openings: Array<Promise<boolean>> = [];
    for (const [origin, count] of wanted) {
      if (this.resumesAt(origin, now) !== undefined) continue;
      if (now - (this.closedByService.get(origin) ?? Number.NEGATIVE_INFINITY) < REOPEN_AFTER_CLOSE_MS) continue;
      const missing = Math.min(OPEN_AHEAD_AT_ONCE, Math.min(count, this.options.connections) - this.ready(origin));
      for (let i = 0; i < missing; i += 1) openings.push(this.openOne(origin));
    }
    return (await Promise.all(openings)).filter(Boolean).length;
  }

  private openOne(origin: string): Promise<boolean> {
    const url = new URL(origin);
    this.opening.set(origin, (this.opening.get(origin) ?? 0) + 1);
    return new Promise((resolve) => {
      // the same connection parameters as a pool's own (undici's client: the host name without an IPv6 address' brackets)
      const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      this.connector({ hostname, host: url.host, protocol: url.protocol, port: url.port }, (error, socket) => {
        this.opening.set(origin, (this.opening.get(origin) ?? 1) - 1);
        if (error || !socket) return resolve(false);
        if (this.closed) {
          // the sender stopped meanwhile: the connection is not kept
          socket.destroy();
          return resolve(false);
        }
        this.keep(origin, socket);
        resolve(true);
      });
    });
  }

  /**
   * Keeps a connection opened ahead until a pool takes it. One that the push service closes, that fails, or on which
   * anything arrives before a request (nothing should) is closed and forgotten.
   */
  private keep(origin: string, socket: Socket): void {
    const list = this.opened.get(origin) ?? [];
    this.opened.set(origin, list);
    const close = (byService: boolean) => {
      const at = list.findIndex((o) => o.socket === socket);
      if (at >= 0) list.splice(at, 1);
      if (byService) this.closedByService.set(origin, this.now);
      forget();
      socket.destroy();
    };
    const drop = () => close(true);
    // unused this long (by the real clock): closed here, even when no pass comes to look (the match is over)
    const expire = () => close(false);
    const forget = () => {
      socket.off('readable', drop).off('end', drop).off('close', drop).off('error', drop).off('timeout', expire);
      socket.setTimeout(0);
    };
    socket.on('readable', drop).on('end', drop).on('close', drop).on('error', drop);
    socket.setTimeout(this.options.maxIdleMs ?? OPENED_AHEAD_MAX_AGE_MS, expire);
    list.push({ socket, openedMs: this.now, forget });
  }

  /** Connections opened ahead and not yet handed to a pool, to all the push services. */
  get openedAhead(): number {
    let n = 0;
    for (const list of this.opened.values()) n += list.length;
    return n;
  }

  /** The push service at `origin` takes nothing from this sender until `untilMs`. */
  pause(origin: string, untilMs: number): void {
    this.pausedUntil.set(origin, Math.max(untilMs, this.pausedUntil.get(origin) ?? 0));
  }

  /** When the push service at `origin` takes requests again, if it is paused at `nowMs`. */
  resumesAt(origin: string, nowMs: number): number | undefined {
    const until = this.pausedUntil.get(origin);
    if (until === undefined) return undefined;
    if (until > nowMs) return until;
    this.pausedUntil.delete(origin);
    return undefined;
  }

  private closed = false;

  async close(): Promise<void> {
    this.closed = true;
    for (const list of this.opened.values()) {
      for (const o of list) {
        o.forget();
        o.socket.destroy();
      }
    }
    this.opened.clear();
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.destroy()));
    await this.openingNow;
  }
}

/** Whether a connection can still carry a request: open both ways, nothing failed. */
function usable(socket: Socket): boolean {
  return !socket.destroyed && socket.readyState === 'open' && socket.writable && !socket.readableEnded && !socket.errored;
}
