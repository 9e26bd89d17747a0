import { z } from 'zod';
import { countVar, optional, readEnv, serviceEnvSchema, urlVar } from '@matchday/server';
import { DEFAULT_LIVE_DAILY_REQUESTS, DEFAULT_LIVE_POLL_MS, type LivePollerOptions } from './importers/live-poller';
import { DEFAULT_API_FOOTBALL_URL } from './importers/sources/api-football-client';

/**
 * The football service's variables, checked at start-up (server.ts): the ones every service reads
 * (libs/server serviceEnvSchema) and those of the live feed (importers/live-poller.ts). The importer CLI
 * reads its source's key itself (importers/sources/api-football.ts).
 */
const liveFeedVariables = {
  /** API-Football v3 key: with it the service polls API-Football for its fixtures being played. */
  API_FOOTBALL_KEY: optional(z.string().trim().min(1)),
  API_FOOTBALL_URL: optional(urlVar),
  /** Time between two polls of a live match (ms). */
  LIVE_POLL_MS: optional(countVar(1000, 3_600_000)),
  /** Requests to API-Football per UTC day at most. */
  LIVE_DAILY_REQUESTS: optional(countVar(1, 10_000_000)),
};

export const footballEnvSchema = serviceEnvSchema('football', liveFeedVariables);

const liveFeedEnvSchema = z.object(liveFeedVariables).loose();

/** The live feed's settings from the environment; null without API_FOOTBALL_KEY (no live feed). */
export function liveFeedConfig(env: NodeJS.ProcessEnv = process.env): LivePollerOptions | null {
  const parsed = readEnv(liveFeedEnvSchema, env);
  if (!parsed.API_FOOTBALL_KEY) return null;
  return {
    key: parsed.API_FOOTBALL_KEY,
    baseUrl: parsed.API_FOOTBALL_URL ?? DEFAULT_API_FOOTBALL_URL,
    pollMs: parsed.LIVE_POLL_MS ?? DEFAULT_LIVE_POLL_MS,
    dailyRequests: parsed.LIVE_DAILY_REQUESTS ?? DEFAULT_LIVE_DAILY_REQUESTS,
  };
}
