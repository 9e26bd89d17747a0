import { z } from 'zod';
import { optional, serviceEnvSchema, urlVar, footballWithoutAddress, httpFootballClient } from '@matchday/server';
import type { InsightsOptions } from './service';

/** The insights service's variables, checked at start-up (server.ts): the common service ones and its own. */
export const insightsEnvSchema = serviceEnvSchema('insights', {
  /** The football service's address (`npm start` and production set it). */
  FOOTBALL_URL: optional(urlVar),
  /** off: no tips for the season's played matches after start, nor their Dream11 record (modules/tips/backfill.ts, modules/dream11/record.ts); default on. Test stacks turn it off. */
  TIPS_BACKFILL: optional(z.enum(['on', 'off'], { error: 'must be on or off' })),
});

export type InsightsEnv = z.infer<typeof insightsEnvSchema>;

/**
 * The options of a checked environment: football read at FOOTBALL_URL with identity tokens signed by
 * INTERNAL_JWT_SECRET; the backfill, in a process of its own that reads this same environment (backfill-process.ts),
 * unless TIPS_BACKFILL=off.
 */
export function insightsOptions(env: Pick<InsightsEnv, 'FOOTBALL_URL' | 'INTERNAL_JWT_SECRET' | 'TIPS_BACKFILL'>): InsightsOptions {
  return {
    backfill: env.TIPS_BACKFILL === 'off' ? false : 'process',
    football: env.FOOTBALL_URL ? httpFootballClient(env.FOOTBALL_URL.replace(/\/$/, ''), env.INTERNAL_JWT_SECRET) : footballWithoutAddress,
  };
}
