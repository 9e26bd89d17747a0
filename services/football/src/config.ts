import { z } from 'zod';
import { countVar, optional, readEnv, serviceEnvSchema, urlVar } from '@matchday/server';
import { DEFAULT_LIVE_DAILY_REQUESTS, DEFAULT_LIVE_POLL_MS, type LivePollerOptions } from './importers/live-poller';
import { DEFAULT_API_FOOTBALL_URL } from './importers/sources/api-football-client';
import { FOOTBALL_JSON_CODES, parseSeasonName } from './importers/sources/football-json';
import { DEFAULT_SYNC_INTERVAL_S, DEFAULT_SYNC_TIMEOUT_MS, DEFAULT_SYNC_URL, type SyncOptions } from './importers/sync';

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

/** The keyless sync of a real install (importers/sync): openfootball's football.json, no key. */
const syncVariables = {
  /** Upstream league codes to follow, comma-separated ("en.1,es.1,de.1,it.1,fr.1"); none: no sync. */
  SYNC_FOOTBALL_JSON: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((code) => code.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((codes) => codes.every((code) => FOOTBALL_JSON_CODES.includes(code)), {
        error: `must list league codes among ${FOOTBALL_JSON_CODES.join(', ')}`,
      }),
  ),
  /** Base URL of the files (<base>/<season>/<code>.json). */
  SYNC_FOOTBALL_JSON_URL: optional(urlVar),
  /** Time between two runs (s); at most 24 days (a timer's limit). */
  SYNC_INTERVAL_S: optional(countVar(60, 2_000_000)),
  /** The season to follow ("2025-26"); default the current one, from August. */
  SYNC_SEASON: optional(
    z
      .string()
      .trim()
      .refine((value) => parseSeasonName(value) !== undefined, { error: 'must be a season like 2025-26' }),
  ),
  /** One request's longest wait (s). */
  SYNC_TIMEOUT_S: optional(countVar(1, 600)),
  /** Tests only: exact origins a redirect may lead to whatever their host (a loopback stand-in); refused in production. */
  SYNC_TEST_ORIGINS: optional(z.string().regex(/^https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*$/i, 'must be comma-separated origins')),
};

export const footballEnvSchema = serviceEnvSchema('football', { ...liveFeedVariables, ...syncVariables });

const liveFeedEnvSchema = z.object(liveFeedVariables).loose();
const syncEnvSchema = z.object(syncVariables).loose();

/** The sync's settings from the environment; null without SYNC_FOOTBALL_JSON (no sync, no timer). */
export function syncConfig(env: NodeJS.ProcessEnv = process.env): SyncOptions | null {
  const parsed = readEnv(syncEnvSchema, env);
  if (parsed.SYNC_TEST_ORIGINS && (env.NODE_ENV ?? process.env.NODE_ENV) === 'production') {
    throw new Error('SYNC_TEST_ORIGINS is for tests only and is refused in production');
  }
  if (!parsed.SYNC_FOOTBALL_JSON || parsed.SYNC_FOOTBALL_JSON.length === 0) return null;
  return {
    codes: [...new Set(parsed.SYNC_FOOTBALL_JSON)],
    baseUrl: (parsed.SYNC_FOOTBALL_JSON_URL ?? DEFAULT_SYNC_URL).replace(/\/+$/, ''),
    intervalMs: (parsed.SYNC_INTERVAL_S ?? DEFAULT_SYNC_INTERVAL_S) * 1000,
    season: parsed.SYNC_SEASON ? parseSeasonName(parsed.SYNC_SEASON) : undefined,
    timeoutMs: parsed.SYNC_TIMEOUT_S ? parsed.SYNC_TIMEOUT_S * 1000 : DEFAULT_SYNC_TIMEOUT_MS,
    testOrigins: parsed.SYNC_TEST_ORIGINS ? parsed.SYNC_TEST_ORIGINS.split(',').map((origin) => new URL(origin).origin) : [],
  };
}

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
