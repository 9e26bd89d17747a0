import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '@matchday/server';

/**
 * What one gateway tells the others (REDIS_URL): each message only makes a gateway drop or re-read something it
 * holds in memory. Nothing is carried only here: live events stay in the football service with their sequence
 * numbers, sessions and remote versions in the database, so a message that is lost costs time, never data.
 */
export type SharedMessage =
  /** An administrator emptied the response cache. */
  | { kind: 'clear-cache' }
  /** A session ended (sign-out, or every session of a user: `key` absent). */
  | { kind: 'session-ended'; key?: string }
  /** A gateway saw the live feed reach `position`: the others look now instead of at their next poll. */
  | { kind: 'live'; position: number };

export type SharedListener = (message: SharedMessage) => void;

export const SHARED_CHANNEL = 'matchday:gateway';
/** Reconnection delays after Redis is lost: shared behaviour is back within ~1 s of Redis answering again. */
const RECONNECT_MAX_MS = 1000;

/**
 * The gateways' common channel (Redis pub/sub). Without REDIS_URL there are no other gateways to tell: `publish`
 * does nothing and no message arrives. A gateway never receives its own messages.
 */
export class SharedBus {
  /** Commands (publish, the rate limits' counters); null without REDIS_URL. */
  readonly redis: Redis | null;
  private readonly subscriber: Redis | null;
  private readonly listeners = new Set<SharedListener>();
  /** Who sent a message: a gateway skips its own when Redis echoes it back. */
  private readonly instance = randomBytes(8).toString('hex');

  /**
   * The bus for REDIS_URL, or one that tells nobody without it. ioredis is loaded only when there is a Redis to
   * talk to: a single gateway does not carry its ~2 MB of heap.
   */
  static async open(redisUrl: string | undefined, logger: Logger): Promise<SharedBus> {
    if (!redisUrl) return new SharedBus(undefined, logger);
    const { Redis: RedisClient } = await import('ioredis');
    return new SharedBus({ url: redisUrl, RedisClient }, logger);
  }

  constructor(
    connect: { url: string; RedisClient: typeof Redis } | undefined,
    private readonly logger: Logger,
  ) {
    if (!connect) {
      this.redis = null;
      this.subscriber = null;
      return;
    }
    const { url: redisUrl, RedisClient } = connect;
    let down = false;
    const options = {
      // A command while Redis is away fails at once (the rate limits fall back to memory) instead of waiting in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times: number) => Math.min(times * 100, RECONNECT_MAX_MS),
    };
    this.redis = new RedisClient(redisUrl, options);
    // A subscriber connection queues its SUBSCRIBE until connected and subscribes again after every reconnect.
    this.subscriber = new RedisClient(redisUrl, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
    for (const client of [this.redis, this.subscriber]) {
      client.on('error', (error: Error) => {
        if (!down) logger.warn({ err: error }, 'redis: not answering; per-instance fallback until it is back');
        down = true;
      });
      client.on('ready', () => {
        if (down) logger.info('redis: answering again; shared state is back');
        down = false;
      });
    }
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    void this.subscriber.subscribe(SHARED_CHANNEL).catch(() => undefined);
  }

  get shared(): boolean {
    return this.redis !== null;
  }

  subscribe(listener: SharedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the other gateways (this one has done its own part already); a Redis outage is logged, never thrown. */
  publish(message: SharedMessage): void {
    if (!this.redis || this.redis.status !== 'ready') return;
    this.redis.publish(SHARED_CHANNEL, JSON.stringify({ from: this.instance, message })).catch((error: unknown) => {
      this.logger.debug({ err: error }, 'redis: publish failed');
    });
  }

  private receive(text: string): void {
    let parsed: { from?: unknown; message?: SharedMessage };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.from === this.instance || !parsed.message || typeof parsed.message.kind !== 'string') return;
    this.deliver(parsed.message);
  }

  private deliver(message: SharedMessage): void {
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch (error) {
        this.logger.error({ err: error, kind: message.kind }, 'shared message: a listener failed');
      }
    }
  }

  /** At shutdown: closes both connections at once (a QUIT would wait for a Redis that may be away). */
  close(): void {
    this.redis?.disconnect();
    this.subscriber?.disconnect();
  }
}
