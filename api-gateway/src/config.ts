import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dataDir, intEnv, isProduction, repoRoot, requireEnv } from '@matchday/server';
import { DEFAULT_ADMISSION, type AdmissionLimits } from './proxy/admission';
import { MAX_SOCKETS_PER_SERVICE } from './proxy/proxy';

export type ServiceName = 'football' | 'accounts' | 'insights';

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
  dataDir: string;
  /** Folder holding shell/ and mf-*\/ with their dist/ outputs. */
  frontendRoot: string;
  services: Record<ServiceName, string>;
  internalSecret: string;
  sessionSecret: string;
  adminEmails: ReadonlySet<string>;
  oidc: OidcConfig;
  supportEmail: string;
  /** Queue, then shed, in front of each service. */
  admission: AdmissionLimits;
}

/** In development a session secret is created once under DATA_DIR so sessions survive restarts. */
function developmentSessionSecret(dir: string): string {
  const file = path.join(dir, 'session-secret');
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

function oidcConfig(env: NodeJS.ProcessEnv): OidcConfig {
  if (env.GOOGLE_CLIENT_ID) {
    return {
      kind: 'google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: requireEnv('GOOGLE_CLIENT_SECRET', env),
      issuer: 'https://accounts.google.com',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    };
  }
  const issuer = env.DEV_OIDC_ISSUER;
  if (!issuer) throw new Error('Set GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET, or DEV_OIDC_ISSUER for the development provider');
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const production = isProduction(env);
  const port = intEnv('PORT', 8080, env);
  const dir = dataDir(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  if (production && env.GOOGLE_CLIENT_ID === undefined) throw new Error('GOOGLE_CLIENT_ID is required in production');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    production,
    dataDir: dir,
    frontendRoot: path.resolve(repoRoot, env.FRONTEND_ROOT ?? '.'),
    services: {
      football: requireEnv('FOOTBALL_URL', env),
      accounts: requireEnv('ACCOUNTS_URL', env),
      insights: requireEnv('INSIGHTS_URL', env),
    },
    internalSecret: requireEnv('INTERNAL_JWT_SECRET', env),
    sessionSecret: production ? requireEnv('SESSION_SECRET', env) : (env.SESSION_SECRET ?? developmentSessionSecret(dir)),
    adminEmails: new Set(
      (env.ADMIN_EMAILS ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    oidc: oidcConfig(env),
    supportEmail: env.SUPPORT_EMAIL ?? 'support@matchday.app',
    admission: admissionLimits(env),
  };
}

function admissionLimits(env: NodeJS.ProcessEnv): AdmissionLimits {
  const limits: AdmissionLimits = {
    maxInFlight: intEnv('GATEWAY_MAX_IN_FLIGHT', DEFAULT_ADMISSION.maxInFlight, env),
    maxQueued: intEnv('GATEWAY_MAX_QUEUED', DEFAULT_ADMISSION.maxQueued, env),
    maxWaitMs: intEnv('GATEWAY_MAX_WAIT_MS', DEFAULT_ADMISSION.maxWaitMs, env),
  };
  if (limits.maxInFlight < 1 || limits.maxInFlight > MAX_SOCKETS_PER_SERVICE)
    throw new Error(`GATEWAY_MAX_IN_FLIGHT must be between 1 and ${MAX_SOCKETS_PER_SERVICE} (the proxy's sockets per service)`);
  return limits;
}
