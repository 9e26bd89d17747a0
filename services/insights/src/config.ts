import type { z } from 'zod';
import { optional, serviceEnvSchema, urlVar, footballWithoutAddress, httpFootballClient } from '@matchday/server';
import type { InsightsOptions } from './service';

/** The insights service's variables, checked at start-up (server.ts): the common service ones and its own. */
export const insightsEnvSchema = serviceEnvSchema('insights', {
  /** The football service's address (`npm start` and production set it). */
  FOOTBALL_URL: optional(urlVar),
});

export type InsightsEnv = z.infer<typeof insightsEnvSchema>;

/** The options of a checked environment: football read at FOOTBALL_URL with identity tokens signed by INTERNAL_JWT_SECRET. */
export function insightsOptions(env: Pick<InsightsEnv, 'FOOTBALL_URL' | 'INTERNAL_JWT_SECRET'>): InsightsOptions {
  return {
    football: env.FOOTBALL_URL ? httpFootballClient(env.FOOTBALL_URL.replace(/\/$/, ''), env.INTERNAL_JWT_SECRET) : footballWithoutAddress,
  };
}
