import type Koa from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '@matchday/server';

export interface RateLimits {
  /** Sign-in requests (/auth/*, /connect/*) per IP address per minute. */
  authPerIpPerMinute: number;
  /** Referral applies per IP address per minute. */
  referralApplyPerIpPerMinute: number;
  /** API requests per session per 10 seconds (a screen makes a handful at once). */
  apiPerSessionPer10s: number;
}

/** A sign-in is four requests; 120 a minute lets a household share an address. */
export const DEFAULT_RATE_LIMITS: RateLimits = { authPerIpPerMinute: 120, referralApplyPerIpPerMinute: 10, apiPerSessionPer10s: 200 };

function tooMany(error: unknown): never {
  if (error instanceof RateLimiterRes) {
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new HttpError(429, `Too many requests; try again in ${seconds} s`, undefined, { 'retry-after': String(seconds) });
  }
  throw error as Error;
}

/** In-process counters (rate-limiter-flexible); several gateway instances each count their own share. */
export function rateLimiting(limits: RateLimits) {
  const auth = new RateLimiterMemory({ keyPrefix: 'auth', points: limits.authPerIpPerMinute, duration: 60 });
  const apply = new RateLimiterMemory({ keyPrefix: 'apply', points: limits.referralApplyPerIpPerMinute, duration: 60 });
  const api = new RateLimiterMemory({ keyPrefix: 'api', points: limits.apiPerSessionPer10s, duration: 10 });

  /** Per IP: sign-in paths and referral applies. */
  const byIp: Koa.Middleware = async (ctx, next) => {
    const limiter =
      ctx.path.startsWith('/auth/') || ctx.path.startsWith('/connect/')
        ? auth
        : ctx.method === 'POST' && ctx.path === '/api/referral/apply'
          ? apply
          : undefined;
    if (limiter) await limiter.consume(ctx.ip).catch(tooMany);
    await next();
  };

  /** Per session, on every API call of a signed-in user. */
  const perSession = async (sessionKey: string): Promise<void> => {
    await api.consume(sessionKey).catch(tooMany);
  };
  return { byIp, perSession };
}
