import type Koa from 'koa';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from '@matchday/server';
import { matchApiRoute } from '../proxy/route-table';

export interface RateLimits {
  /** Sign-in requests (/auth/*, /connect/*) per IP address per minute. */
  authPerIpPerMinute: number;
  /** Referral applies per IP address per minute. */
  referralApplyPerIpPerMinute: number;
  /** API requests per session per 10 seconds (a screen makes a handful at once). */
  apiPerSessionPer10s: number;
  /** Requests to public (signed-out) API routes, the calendar feeds, per IP address per 10 seconds. */
  publicPerIpPer10s: number;
}

/**
 * A sign-in is four requests; 120 a minute lets a household share an address. Calendar apps fetch a subscribed feed
 * every few hours, but one address can fetch for many subscribers (Google's and Outlook's fetchers, an office behind
 * one NAT): 200 per 10 s (72,000 an hour) leaves them room, while a flood from one address gets at most 200 answers
 * at full speed before its refusals slow it down.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  authPerIpPerMinute: 120,
  referralApplyPerIpPerMinute: 10,
  apiPerSessionPer10s: 200,
  publicPerIpPer10s: 200,
};

/**
 * A request to a public route over its address's limit gets its 429 after about this long (0.5x to 1.5x, at random,
 * so that the refusals of a flood do not come back in waves). A client waits for an answer before it sends the next
 * request on a connection, so a flood from N connections is slowed to about N refusals a second: they cost the
 * gateway next to nothing, and the signed-in users it serves meanwhile do not wait behind thousands of them.
 */
export const PUBLIC_REFUSAL_DELAY_MS = 1_000;

function tooMany(error: unknown): never {
  if (error instanceof RateLimiterRes) {
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new HttpError(429, `Too many requests; try again in ${seconds} s`, undefined, { 'retry-after': String(seconds) });
  }
  throw error as Error;
}

/**
 * One limiter: in-process counters, or with Redis (REDIS_URL) counters every gateway shares, whose insurance is the
 * in-process one: while Redis is not answering each gateway counts its own share again, and no request fails for it.
 */
function limiter(redis: Redis | null, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: false,
    rejectIfRedisNotReady: true,
    keyPrefix: `matchday:rl:${keyPrefix}`,
    points,
    duration,
    insuranceLimiter: memory,
  });
}

/** The gateway's rate limits: per instance without Redis, global over every gateway with it. */
export function rateLimiting(limits: RateLimits, redis: Redis | null = null, refusalDelayMs = PUBLIC_REFUSAL_DELAY_MS) {
  const auth = limiter(redis, 'auth', limits.authPerIpPerMinute, 60);
  const apply = limiter(redis, 'apply', limits.referralApplyPerIpPerMinute, 60);
  const api = limiter(redis, 'api', limits.apiPerSessionPer10s, 10);
  const publicRoutes = limiter(redis, 'public', limits.publicPerIpPer10s, 10);

  /**
   * Per IP (ctx.ip: the socket's peer, or behind TRUSTED_PROXY_HOPS proxies the address the outermost one saw):
   * sign-in paths, referral applies, and the public API routes, which need no session to be limited by.
   */
  const byIp: Koa.Middleware = async (ctx, next) => {
    const limiter =
      ctx.path.startsWith('/auth/') || ctx.path.startsWith('/connect/')
        ? auth
        : ctx.method === 'POST' && ctx.path === '/api/referral/apply'
          ? apply
          : ctx.path.startsWith('/api/') && matchApiRoute(ctx.path)?.access === 'public'
            ? publicRoutes
            : undefined;
    if (limiter === publicRoutes) {
      await limiter.consume(ctx.ip).catch(async (error: unknown) => {
        if (error instanceof RateLimiterRes) {
          await new Promise((resolve) => setTimeout(resolve, refusalDelayMs * (0.5 + Math.random())));
        }
        tooMany(error);
      });
    } else if (limiter) await limiter.consume(ctx.ip).catch(tooMany);
    await next();
  };

  /** Per session, on every API call of a signed-in user. */
  const perSession = async (sessionKey: string): Promise<void> => {
    await api.consume(sessionKey).catch(tooMany);
  };
  return { byIp, perSession };
}
