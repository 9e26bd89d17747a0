import path from 'node:path';
import { z } from 'zod';
import {
  countVar,
  dataDir,
  footballWithoutAddress,
  httpFootballClient,
  optional,
  publicUrl,
  repoRoot,
  secretVar,
  serviceEnvSchema,
  urlVar,
  type FootballClient,
} from '@matchday/server';
import { DEVELOPMENT_REFERRAL_HASH_SECRET } from './lib/referral-hash';
import { developmentVapidKeys, vapidPrivateKeyVar, vapidPublicKeyVar, vapidSubjectVar, type VapidKeys } from './lib/vapid';

/** The accounts service's variables, checked at start-up (server.ts): the common service ones and its own. */
export const accountsEnvSchema = serviceEnvSchema('accounts', {
  /** Key of the referred e-mail hashes (at least 32 characters); required in production. */
  REFERRAL_HASH_SECRET: optional(secretVar),
  /** Folder holding shell/ with its dist/, as the gateway reads it (default the repository). */
  FRONTEND_ROOT: optional(z.string()),
  /** The football service (`npm start` sets it): follow checks, alert texts, the personal calendar. */
  FOOTBALL_URL: optional(urlVar),
  /** Web Push (VAPID) key pair, base64url; required in production (development makes one under DATA_DIR). */
  VAPID_PUBLIC_KEY: optional(vapidPublicKeyVar),
  VAPID_PRIVATE_KEY: optional(vapidPrivateKeyVar),
  /** Who push services may contact about our pushes: mailto:... or https://... (default the https PUBLIC_URL). */
  VAPID_SUBJECT: optional(vapidSubjectVar),
  /** Push endpoint hosts we send to, comma-separated (default the browsers' push services; SSRF guard). */
  PUSH_ENDPOINT_HOSTS: optional(z.string().regex(/^[a-z0-9.*-]+(,[a-z0-9.*-]+)*$/i, 'must be comma-separated host names')),
  /**
   * Tests only: exact origins (https://127.0.0.1:4430, comma-separated) accepted as push endpoints although their
   * host is loopback, so that tests reach a stand-in push service. Refused in production.
   */
  PUSH_TEST_ORIGINS: optional(z.string().regex(/^https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*$/i, 'must be comma-separated origins')),
  /** How often an alert sender reads the live feed and the queue while a followed match is live, in ms (default 500). */
  ALERTS_POLL_MS: optional(countVar(0, 60_000)),
  /** How long an alert sender's claims hold unless renewed, in ms (default 10 s): a stopped sender's work is taken over after it. */
  ALERTS_LEASE_MS: optional(countVar(1_000, 600_000)),
  /** How many pushes an alert sender has out at once, one connection each to a push service (default 128). */
  ALERTS_PUSH_CONCURRENCY: optional(countVar(1, 1_024)),
  /** For how many followers' devices an alert sender keeps one message's encryption keys made ahead (default 20,000; 0: none). */
  ALERTS_KEYS_AHEAD: optional(countVar(0, 1_000_000)),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.REFERRAL_HASH_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['REFERRAL_HASH_SECRET'],
      message: 'is required in production (at least 32 characters; it keys the referred e-mail hashes)',
    });
  }
  if (env.NODE_ENV === 'production' && (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['VAPID_PRIVATE_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (npx web-push generate-vapid-keys)',
    });
  }
  if (env.NODE_ENV === 'production' && env.PUSH_TEST_ORIGINS) {
    ctx.addIssue({ code: 'custom', path: ['PUSH_TEST_ORIGINS'], message: 'is for tests only and is refused in production' });
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'give both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither' });
  }
});

export type AccountsEnv = z.infer<typeof accountsEnvSchema>;

export interface AccountsConfig {
  /** Key of the referred e-mail hashes: changing it forgets which e-mails were referred. */
  referralHashSecret: string;
  /** FRONTEND_ROOT/shell/dist: where GET /api/admin/pwa-files finds the shell build's files. */
  shellDistDir: string;
  /** PUBLIC_URL (default http://localhost:8080): the origin of referral share links. */
  publicUrl: string;
  football: FootballClient;
  /** The VAPID keys, made (development) or read on first use. */
  vapid: () => VapidKeys;
  /** Host names push endpoints may have; `*.example.com` covers subdomains. IP addresses and local names never. */
  pushEndpointHosts: readonly string[];
  /** PUSH_TEST_ORIGINS: origins accepted whatever their host (tests' stand-in push service); empty in production. */
  pushTestOrigins: readonly string[];
  /** How often an alert sender looks at the live feed and the queue while a followed match is live (ms). */
  alertsPollMs: number;
  /** How long an alert sender's claims (and the leader's role) hold unless renewed (ms; default the sender's, 10 s). */
  alertsLeaseMs: number | undefined;
  /** How many pushes an alert sender has out at once (default the sender's, 128). */
  alertsPushConcurrency: number | undefined;
  /** For how many devices an alert sender keeps message keys made ahead (default the sender's, 20,000). */
  alertsKeysAhead: number | undefined;
}

/** The browsers' push services (Chrome/Edge/Opera via FCM, Firefox, Safari, Windows). */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Push services accept only an https: or mailto: subject (Apple refuses localhost): development's is a placeholder. */
const defaultSubject = (origin: string) => (origin.startsWith('https://') ? origin : 'mailto:alerts@matchday.example');

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The settings of a checked environment; `{}` gives development's (the fixed referral key, this repository's shell). */
export function accountsConfig(env: Partial<AccountsEnv>): AccountsConfig {
  const origin = publicUrl(env);
  if (env.PUSH_TEST_ORIGINS && (env.NODE_ENV ?? process.env.NODE_ENV) === 'production') {
    throw new Error('PUSH_TEST_ORIGINS is for tests only and is refused in production');
  }
  return {
    referralHashSecret: env.REFERRAL_HASH_SECRET ?? DEVELOPMENT_REFERRAL_HASH_SECRET,
    shellDistDir: path.join(path.resolve(repoRoot, env.FRONTEND_ROOT ?? '.'), 'shell', 'dist'),
    publicUrl: origin,
    football:
      env.FOOTBALL_URL && env.INTERNAL_JWT_SECRET
        ? httpFootballClient(env.FOOTBALL_URL.replace(/\/$/, ''), env.INTERNAL_JWT_SECRET)
        : footballWithoutAddress,
    vapid: once(() =>
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT ?? defaultSubject(origin) }
        : {
            // jest (NODE_ENV test) without a DATA_DIR: a pair for the process, nothing written into the repository
            ...developmentVapidKeys(
              env.DATA_DIR === undefined && (env.NODE_ENV ?? process.env.NODE_ENV) === 'test' ? undefined : dataDir(env),
            ),
            subject: env.VAPID_SUBJECT ?? defaultSubject(origin),
          },
    ),
    pushEndpointHosts: env.PUSH_ENDPOINT_HOSTS ? env.PUSH_ENDPOINT_HOSTS.toLowerCase().split(',') : DEFAULT_PUSH_ENDPOINT_HOSTS,
    pushTestOrigins: env.PUSH_TEST_ORIGINS ? env.PUSH_TEST_ORIGINS.split(',').map((origin) => new URL(origin).origin) : [],
    alertsPollMs: env.ALERTS_POLL_MS ?? 500,
    alertsLeaseMs: env.ALERTS_LEASE_MS,
    alertsPushConcurrency: env.ALERTS_PUSH_CONCURRENCY,
    alertsKeysAhead: env.ALERTS_KEYS_AHEAD,
  };
}
