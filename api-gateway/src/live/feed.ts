import type { LiveChange, LiveFeedPage, LiveSnapshot } from '@matchday/contracts';
import { IDENTITY_HEADER, type Logger } from '@matchday/server';
import type { IdentitySigner } from '../proxy/identity';
import type { SharedBus } from '../shared/bus';

/** How often the gateway asks the football service for new changes while a stream is open (one reader per gateway process). */
export const FEED_POLL_MS = 100;
/** Changes kept in memory for streams that resume (older ones are read from the service, which keeps them all). */
export const RECENT_CHANGES = 10_000;
/** A stream resuming from further back than this many changes gets a fresh snapshot instead. */
export const MAX_REPLAY_CHANGES = 5000;
/** How long one snapshot of the live matches serves the streams that open meanwhile. */
const SNAPSHOT_REUSE_MS = 1000;

/** What an open stream hears from the feed: each new change, and that the feed started again (its data replaced). */
export interface FeedListener {
  change(change: LiveChange): void;
  /**
   * The feed started again (a new replay or seed: its epoch changed, or its position went back): positions before
   * now mean nothing; a fresh snapshot is due.
   */
  restart(): void;
}

/**
 * The gateway's one subscription to the live feed: it polls GET /internal/live/feed for changes after the
 * last position it has (events are durable in the football service, with one sequence over every fixture),
 * keeps the recent ones for streams that resume, and hands each new change to every open stream. It polls only
 * while a stream listens: the first subscriber wakes it, the last one to leave puts it to sleep, and a gateway
 * nobody streams from asks nothing. Several gateway processes each poll on their own and agree, because the
 * position is the service's. With REDIS_URL the first gateway to see a new position says so (SharedBus) and the
 * others that are polling look at once instead of at their next poll; the message carries no event, so one that
 * is lost costs at most one poll interval.
 */
export class LiveFeed {
  private position = -1;
  /** The feed's epoch (LiveFeedPage.epoch) as of the last look: positions are comparable only within one. */
  private epoch: string | undefined;
  private readonly recent: LiveChange[] = [];
  private readonly listeners = new Set<FeedListener>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private failing = false;
  /** Polling (a stream listens); false while asleep. */
  private awake = false;
  private polling = false;
  private lastSnapshot: { at: number; pending: Promise<LiveSnapshot> } | undefined;
  /** Resolved once the feed's first position is known (it is never unknown again). */
  private markPositioned: () => void = () => undefined;
  private readonly firstPosition = new Promise<void>((resolve) => (this.markPositioned = resolve));

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

  /** Whether the feed is being polled now (a stream listens). */
  get active(): boolean {
    return this.awake;
  }

  /**
   * Resolves once the feed's position is known (at once after the first look). A stream waits for it before its
   * snapshot: the feed then hands on every change after that position, so nothing between the snapshot and the
   * feed's first look is lost.
   */
  positioned(): Promise<void> {
    return this.firstPosition;
  }

  private async loop(): Promise<void> {
    if (this.stopped || !this.awake) return;
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
    if (!this.stopped && this.awake) this.timer = setTimeout(() => void this.loop(), more ? 0 : this.pollMs);
  }

  /** Another gateway saw a newer position: look now if polling (a look in progress is followed by the next one as usual). */
  private wake(): void {
    if (!this.awake || this.stopped || this.polling) return;
    clearTimeout(this.timer);
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Hands every new change to `listener` until the returned function is called; the first subscriber starts the polling. */
  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    if (!this.awake && !this.stopped) {
      this.awake = true;
      // a look still in progress from before the last sleep schedules the next one itself
      if (!this.polling) void this.loop();
    }
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.awake = false;
      clearTimeout(this.timer);
    };
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
      const head = await this.get<LiveFeedPage>(`/internal/live/feed?after=${Number.MAX_SAFE_INTEGER}&limit=1`);
      this.position = head.position;
      this.epoch = head.epoch;
      this.markPositioned();
      return false;
    }
    const page = await this.get<LiveFeedPage>(`/internal/live/feed?after=${this.position}&limit=1000`);
    if (page.epoch !== this.epoch || page.position < this.position) {
      // the football data was replaced (a new replay or seed: another epoch, whether its position is below or past
      // ours): start again from its position, and every open stream starts again from a fresh snapshot (one taken
      // before now may be of the old data, and the page's changes after our old position are of the new)
      this.logger.warn(
        { was: this.position, now: page.position, epoch: page.epoch },
        'live feed: the feed started again; streams re-sync from a snapshot',
      );
      this.position = page.position;
      this.epoch = page.epoch;
      this.recent.length = 0;
      this.lastSnapshot = undefined;
      for (const listener of this.listeners) listener.restart();
      return false;
    }
    for (const change of page.changes) {
      if (change.feedSeq <= this.position) continue;
      this.position = change.feedSeq;
      this.recent.push(change);
      for (const listener of this.listeners) listener.change(change);
    }
    if (this.recent.length > RECENT_CHANGES) this.recent.splice(0, this.recent.length - RECENT_CHANGES);
    return page.changes.length === 1000;
  }

  /**
   * The changes after `lastSeq` up to the current position, in order: from memory when it still has them,
   * else from the service. Null when `lastSeq` is not a position a stream was given (0 never is: the feed starts
   * at 1), or lies too far back.
   */
  async since(lastSeq: number): Promise<LiveChange[] | null> {
    if (this.position < 0 || lastSeq > this.position || lastSeq < 1) return null;
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
