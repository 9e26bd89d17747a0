import type { LiveChange, LiveFeedPage, LiveSnapshot } from '@matchday/contracts';
import { IDENTITY_HEADER, type Logger } from '@matchday/server';
import type { IdentitySigner } from '../proxy/identity';
import type { SharedBus } from '../shared/bus';

/** How often the gateway asks the football service for new changes (one reader per gateway process). */
export const FEED_POLL_MS = 100;
/** Changes kept in memory for streams that resume (older ones are read from the service, which keeps them all). */
export const RECENT_CHANGES = 10_000;
/** A stream resuming from further back than this many changes gets a fresh snapshot instead. */
export const MAX_REPLAY_CHANGES = 5000;
/** How long one snapshot of the live matches serves the streams that open meanwhile. */
const SNAPSHOT_REUSE_MS = 1000;

export type ChangeListener = (change: LiveChange) => void;

/**
 * The gateway's one subscription to the live feed: it polls GET /internal/live/feed for changes after the
 * last position it has (events are durable in the football service, with one sequence over every fixture),
 * keeps the recent ones for streams that resume, and hands each new change to every open stream. Several
 * gateway processes each poll on their own and agree, because the position is the service's. With REDIS_URL
 * the first gateway to see a new position says so (SharedBus) and the others look at once instead of at their
 * next poll; the message carries no event, so one that is lost costs at most one poll interval.
 */
export class LiveFeed {
  private position = -1;
  private readonly recent: LiveChange[] = [];
  private readonly listeners = new Set<ChangeListener>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private failing = false;
  private started = false;
  private polling = false;
  private lastSnapshot: { at: number; pending: Promise<LiveSnapshot> } | undefined;

  constructor(
    private readonly footballUrl: string,
    private readonly signer: IdentitySigner,
    private readonly logger: Logger,
    private readonly pollMs = FEED_POLL_MS,
    private readonly bus?: SharedBus,
  ) {
    bus?.subscribe((message) => {
      if (message.kind === 'live' && message.position > this.position) this.wake();
    });
  }

  /** Where the feed stands as far as this gateway knows (-1 before the first answer). */
  get current(): number {
    return this.position;
  }

  /** Starts polling on the first stream (a gateway nobody streams from asks nothing). */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.loop();
  }

  private async loop(): Promise<void> {
    if (this.stopped) return;
    this.polling = true;
    let more = false;
    try {
      const before = this.position;
      more = await this.poll();
      if (this.failing) this.logger.info('live feed: the football service answers again');
      this.failing = false;
      if (before >= 0 && this.position > before) this.bus?.publish({ kind: 'live', position: this.position });
    } catch (error) {
      if (!this.failing) this.logger.warn({ err: error }, 'live feed: the football service is not answering; retrying');
      this.failing = true;
    }
    this.polling = false;
    if (!this.stopped) this.timer = setTimeout(() => void this.loop(), more ? 0 : this.pollMs);
  }

  /** Another gateway saw a newer position: look now (a look in progress is followed by the next one as usual). */
  private wake(): void {
    if (!this.started || this.stopped || this.polling) return;
    clearTimeout(this.timer);
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  private async get<T>(pathname: string): Promise<T> {
    const token = await this.signer.sign('football', { scope: 'internal', isAdmin: false });
    const response = await fetch(`${this.footballUrl}${pathname}`, {
      headers: { [IDENTITY_HEADER]: token },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${pathname}: ${response.status}`);
    }
    return (await response.json()) as T;
  }

  /** One look for new changes; true when there may be more right away. */
  private async poll(): Promise<boolean> {
    if (this.position < 0) {
      // start from where the feed stands: a stream that connects now gets a snapshot, not the whole history
      this.position = (await this.get<LiveFeedPage>(`/internal/live/feed?after=${Number.MAX_SAFE_INTEGER}&limit=1`)).position;
      return false;
    }
    const page = await this.get<LiveFeedPage>(`/internal/live/feed?after=${this.position}&limit=1000`);
    if (page.position < this.position) {
      // the football data was replaced (a new replay or seed): start again from its position
      this.logger.warn({ was: this.position, now: page.position }, 'live feed: the feed went back; streams re-sync from a snapshot');
      this.position = page.position;
      this.recent.length = 0;
      return false;
    }
    for (const change of page.changes) {
      if (change.feedSeq <= this.position) continue;
      this.position = change.feedSeq;
      this.recent.push(change);
      for (const listener of this.listeners) listener(change);
    }
    if (this.recent.length > RECENT_CHANGES) this.recent.splice(0, this.recent.length - RECENT_CHANGES);
    return page.changes.length === 1000;
  }

  /**
   * The changes after `lastSeq` up to the current position, in order: from memory when it still has them,
   * else from the service. Null when `lastSeq` is not a position this feed has seen, or lies too far back.
   */
  async since(lastSeq: number): Promise<LiveChange[] | null> {
    if (this.position < 0 || lastSeq > this.position || lastSeq < 0) return null;
    if (lastSeq === this.position) return [];
    if (this.position - lastSeq > MAX_REPLAY_CHANGES) return null;
    const oldest = this.recent[0]?.feedSeq;
    if (oldest !== undefined && oldest <= lastSeq + 1) return this.recent.filter((c) => c.feedSeq > lastSeq);
    const page = await this.get<LiveFeedPage>(`/internal/live/feed?after=${lastSeq}&limit=${MAX_REPLAY_CHANGES}`);
    return page.changes.filter((c) => c.feedSeq <= this.position);
  }

  /**
   * Every live match (GET /api/live of the football service), shared by the streams that open together: one
   * request at a time, its answer reused for SNAPSHOT_REUSE_MS. A stream sends the changes after the snapshot's
   * own position (`since`), so a reused snapshot misses nothing.
   */
  snapshot(): Promise<LiveSnapshot> {
    const now = Date.now();
    if (!this.lastSnapshot || now - this.lastSnapshot.at > SNAPSHOT_REUSE_MS) {
      const pending = this.get<LiveSnapshot>('/api/live');
      this.lastSnapshot = { at: now, pending };
      pending.catch(() => {
        if (this.lastSnapshot?.pending === pending) this.lastSnapshot = undefined;
      });
    }
    return this.lastSnapshot.pending;
  }
}
