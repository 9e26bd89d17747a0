import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AnalyticsConfig, ServiceName } from '@matchday/contracts';
import {
  countVar,
  dataDir,
  isPublishedSecret,
  logLevelOf,
  mysqlUrlVar,
  optional,
  portVar,
  processEnvSchema,
  readEnv,
  repoRoot,
  resolveDatabaseTarget,
  secretVar,
  urlVar,
  type DatabaseTarget,
  type LogLevel,
} from '@matchday/server';
import { RESPONSE_CACHE_TTL_MS } from './cache/response-cache';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './middleware/rate-limit';
import { DEFAULT_ADMISSION, DEFAULT_SESSION_IN_FLIGHT, type AdmissionLimits } from './proxy/admission';
import { MAX_SOCKETS_PER_SERVICE } from './proxy/proxy';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './live/stream';

export type { ServiceName };

export interface OidcConfig {
  /** 'google' in production; 'dev' is the loopback provider of libs/dev-oidc. */
  kind: 'google' | 'dev';
  clientId: string;
  clientSecret: string;
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUrl: string;
}

export interface GatewayConfig {
  port: number;
  host: string;
  /** Public origin, e.g. https://matchday.app; used for redirects, share links and the Origin check. */
  publicUrl: string;
  production: boolean;
  /** LOG_LEVEL (default info). */
  logLevel: LogLevel;
  dataDir: string;
  /** Where the sessions table lives: GATEWAY_DATABASE_URL, DATABASE_URL (matchday_gateway) or DATA_DIR/gateway.sqlite. */
  sessionsDatabase: DatabaseTarget;
  /** Folder holding shell/ and mf-*\/ with their dist/ outputs. */
  frontendRoot: string;
  services: Record<ServiceName, string>;
  internalSecret: string;
  sessionSecret: string;
  adminEmails: ReadonlySet<string>;
  oidc: OidcConfig;
  supportEmail: string;
  /** ANALYTICS_ENDPOINT (+ ANALYTICS_DOMAIN): page-path reporting, off when unset. */
  analytics: AnalyticsConfig | null;
  /** TRUST_PROXY=1: behind a TLS-terminating proxy whose X-Forwarded-* headers are believed. */
  trustProxy: boolean;
  /**
   * TRUSTED_PROXY_HOPS (default 1): how many proxies in front of the gateway append to X-Forwarded-For. The
   * client address (rate limits per IP) is the entry the outermost of them wrote; with TRUST_PROXY unset it is
   * the socket's peer and X-Forwarded-For is ignored.
   */
  trustedProxyHops: number;
  /**
   * Open live streams per session (GATEWAY_STREAMS_PER_SESSION), per account (GATEWAY_STREAMS_PER_USER), per client
   * address (GATEWAY_STREAMS_PER_ADDRESS) and per process (GATEWAY_MAX_STREAMS).
   */
  liveStreams: StreamLimits;
  /** Requests one signed-in session may have waiting for or at a service at once (GATEWAY_SESSION_IN_FLIGHT); 429 past it. */
  sessionInFlight: number;
  /** Queue, then shed, in front of each service. */
  admission: AdmissionLimits;
  rateLimits: RateLimits;
  /** Bearer token of /metrics; without one /metrics is 404. */
  metricsToken?: string;
  /** REMOTES_BASE_URL: where the <remote>/<version>/ directories are served (a CDN); default /remotes here. */
  remotesBaseUrl?: string;
  /** How long a football read is reused (GATEWAY_CACHE_TTL_MS); 0 turns the response cache off (bench/gateway.ts). */
  responseCacheTtlMs: number;
  /**
   * REDIS_URL: state shared by every gateway (rate limits; cache, session and live-feed news through pub/sub).
   * Without it each instance keeps its own, as one gateway needs.
   */
  redisUrl?: string;
}

/** In development a session secret is created once under DATA_DIR so sessions survive restarts. */
function developmentSessionSecret(dir: string): string {
  const file = path.join(dir, 'session-secret');
  fs.mkdirSync(dir, { recursive: true });
  // A data directory copied from the one once committed to the repository holds a public secret: replace it.
  if (!fs.existsSync(file) || isPublishedSecret(fs.readFileSync(file, 'utf8'))) {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

const gatewayEnvSchema = processEnvSchema
  .extend({
    PORT: optional(portVar),
    GATEWAY_DATABASE_URL: optional(mysqlUrlVar),
    FOOTBALL_URL: urlVar,
    ACCOUNTS_URL: urlVar,
    INSIGHTS_URL: urlVar,
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    DEV_OIDC_ISSUER: optional(urlVar),
    DEV_OIDC_CLIENT_ID: optional(z.string()),
    DEV_OIDC_CLIENT_SECRET: optional(z.string()),
    SESSION_SECRET: optional(secretVar),
    ADMIN_EMAILS: optional(z.string()),
    SUPPORT_EMAIL: optional(z.email('must be an e-mail address')),
    ANALYTICS_ENDPOINT: optional(urlVar),
    ANALYTICS_DOMAIN: optional(z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name such as matchday.app')),
    TRUST_PROXY: optional(z.enum(['0', '1'])),
    TRUSTED_PROXY_HOPS: optional(countVar(1, 10)),
    GATEWAY_SESSION_IN_FLIGHT: optional(countVar(1, 100_000)),
    GATEWAY_STREAMS_PER_SESSION: optional(countVar(1, 100_000)),
    GATEWAY_STREAMS_PER_USER: optional(countVar(1, 100_000)),
    GATEWAY_STREAMS_PER_ADDRESS: optional(countVar(1, 1_000_000)),
    GATEWAY_MAX_STREAMS: optional(countVar(1, 1_000_000)),
    FRONTEND_ROOT: optional(z.string()),
    REMOTES_BASE_URL: optional(urlVar),
    GATEWAY_MAX_IN_FLIGHT: optional(countVar(1, MAX_SOCKETS_PER_SERVICE)),
    GATEWAY_MAX_QUEUED: optional(countVar(0, 100_000)),
    GATEWAY_MAX_WAIT_MS: optional(countVar(100, 60_000)),
    GATEWAY_RATE_AUTH_PER_MINUTE: optional(countVar(1, 1_000_000)),
    GATEWAY_RATE_APPLY_PER_MINUTE: optional(countVar(1, 1_000_000)),
    GATEWAY_RATE_API_PER_10S: optional(countVar(1, 10_000_000)),
    GATEWAY_RATE_PUBLIC_PER_10S: optional(countVar(1, 10_000_000)),
    GATEWAY_CACHE_TTL_MS: optional(countVar(0, 3_600_000)),
    REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis://host:port URL' })),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, why: string) => {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: why });
    };
    if (env.NODE_ENV === 'production') {
      // The development sign-in is refused in production whatever else is set.
      need('GOOGLE_CLIENT_ID', 'is required in production (the development sign-in is never used there)');
      need('GOOGLE_CLIENT_SECRET', 'is required in production');
      need('SESSION_SECRET', 'is required in production (at least 32 characters)');
      need('PUBLIC_URL', 'is required in production');
    } else if (!env.GOOGLE_CLIENT_ID) {
      need('DEV_OIDC_ISSUER', 'is required without GOOGLE_CLIENT_ID (the development sign-in provider)');
    } else {
      need('GOOGLE_CLIENT_SECRET', 'is required with GOOGLE_CLIENT_ID');
    }
  });

type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

function oidcConfig(env: GatewayEnv): OidcConfig {
  if (env.GOOGLE_CLIENT_ID) {
    return {
      kind: 'google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
      issuer: 'https://accounts.google.com',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    };
  }
  const issuer = env.DEV_OIDC_ISSUER ?? '';
  return {
    kind: 'dev',
    clientId: env.DEV_OIDC_CLIENT_ID ?? 'matchday-dev',
    clientSecret: env.DEV_OIDC_CLIENT_SECRET ?? 'matchday-dev-secret-0123456789abcdef',
    issuer,
    authorizeUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
  };
}

/** Every variable is checked at start-up (one zod schema); a bad one stops the start with its name and the reason. */
export function loadConfig(raw: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const env = readEnv(gatewayEnvSchema, raw);
  const production = env.NODE_ENV === 'production';
  const port = env.PORT ?? 8080;
  const dir = dataDir(raw);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production,
    logLevel: logLevelOf(env),
    dataDir: dir,
    sessionsDatabase: resolveDatabaseTarget('gateway', env),
    frontendRoot: path.resolve(repoRoot, env.FRONTEND_ROOT ?? '.'),
    services: { football: env.FOOTBALL_URL, accounts: env.ACCOUNTS_URL, insights: env.INSIGHTS_URL },
    internalSecret: env.INTERNAL_JWT_SECRET,
    sessionSecret: env.SESSION_SECRET ?? developmentSessionSecret(dir),
    adminEmails: new Set(
      (env.ADMIN_EMAILS ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    oidc: oidcConfig(env),
    supportEmail: env.SUPPORT_EMAIL ?? 'support@matchday.app',
    analytics: env.ANALYTICS_ENDPOINT
      ? { endpoint: env.ANALYTICS_ENDPOINT, domain: env.ANALYTICS_DOMAIN ?? new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).hostname }
      : null,
    trustProxy: env.TRUST_PROXY === '1',
    trustedProxyHops: env.TRUSTED_PROXY_HOPS ?? 1,
    sessionInFlight: env.GATEWAY_SESSION_IN_FLIGHT ?? DEFAULT_SESSION_IN_FLIGHT,
    liveStreams: {
      ...DEFAULT_STREAM_LIMITS,
      perSession: env.GATEWAY_STREAMS_PER_SESSION ?? DEFAULT_STREAM_LIMITS.perSession,
      perUser: env.GATEWAY_STREAMS_PER_USER ?? DEFAULT_STREAM_LIMITS.perUser,
      perAddress: env.GATEWAY_STREAMS_PER_ADDRESS ?? DEFAULT_STREAM_LIMITS.perAddress,
      total: env.GATEWAY_MAX_STREAMS ?? DEFAULT_STREAM_LIMITS.total,
    },
    metricsToken: env.METRICS_TOKEN,
    ...(env.REMOTES_BASE_URL ? { remotesBaseUrl: env.REMOTES_BASE_URL.replace(/\/+$/, '') } : {}),
    responseCacheTtlMs: env.GATEWAY_CACHE_TTL_MS ?? RESPONSE_CACHE_TTL_MS,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    admission: {
      maxInFlight: env.GATEWAY_MAX_IN_FLIGHT ?? DEFAULT_ADMISSION.maxInFlight,
      maxQueued: env.GATEWAY_MAX_QUEUED ?? DEFAULT_ADMISSION.maxQueued,
      maxWaitMs: env.GATEWAY_MAX_WAIT_MS ?? DEFAULT_ADMISSION.maxWaitMs,
    },
    rateLimits: {
      authPerIpPerMinute: env.GATEWAY_RATE_AUTH_PER_MINUTE ?? DEFAULT_RATE_LIMITS.authPerIpPerMinute,
      referralApplyPerIpPerMinute: env.GATEWAY_RATE_APPLY_PER_MINUTE ?? DEFAULT_RATE_LIMITS.referralApplyPerIpPerMinute,
      apiPerSessionPer10s: env.GATEWAY_RATE_API_PER_10S ?? DEFAULT_RATE_LIMITS.apiPerSessionPer10s,
      publicPerIpPer10s: env.GATEWAY_RATE_PUBLIC_PER_10S ?? DEFAULT_RATE_LIMITS.publicPerIpPer10s,
    },
  };
}
