import type { RemoteName } from './manifest';

/** Periods of the admin trend dialogs (spec §2 Admin dashboard). */
export const TREND_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];

/** Days covered by each trend period (1y = 365 days), today included. */
export const TREND_PERIOD_DAYS: Record<TrendPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** One UTC day of a trend. */
export interface TrendDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** Sign-ins that day (login events, deleted users' included). */
  signIns: number;
  /** Accounts created that day (accounts that still exist). */
  newUsers: number;
}

/** GET /api/admin/trends?period=7d|30d|90d|1y: one row per UTC day, oldest first, ending today; days without events are 0. */
export interface AdminTrends {
  period: TrendPeriod;
  from: string;
  to: string;
  days: TrendDay[];
  totals: { signIns: number; newUsers: number };
}

/** A file the shell build produced, downloadable from the admin dashboard. */
export interface AppFile {
  /** File name, e.g. "manifest.webmanifest" or "icons/icon-192.png". */
  name: string;
  /** Where the gateway serves it, e.g. "/manifest.webmanifest". */
  url: string;
  bytes: number;
}

/** GET /api/admin/pwa-files (spec §3 App files): what the shell build produced; null / empty when it has none yet. */
export interface AppFiles {
  manifest: AppFile | null;
  serviceWorker: AppFile | null;
  icons: AppFile[];
  logos: AppFile[];
}

/** One remote as the admin Remotes panel and `npm run remotes` show it. */
export interface RemoteStatus {
  name: RemoteName;
  /** The version the manifest serves (null when none is built). */
  live: string | null;
  /** Built versions, newest first. */
  available: string[];
  /** What Roll back would make live (the next older version), null at the oldest. */
  previous: string | null;
  /** What Roll forward would make live (the next newer version), null at the newest. */
  next: string | null;
  /** When the live version was last chosen by a deploy, rollback or roll forward (null: newest built, never chosen). */
  changedAt: string | null;
}

/** GET /api/admin/remotes */
export interface RemotesReply {
  remotes: RemoteStatus[];
}

/** POST /api/admin/remotes/{name}/rollback (body {to?}) and /roll-forward: what changed and the remote afterwards. */
export interface RemoteChangeReply {
  message: string;
  remote: RemoteStatus;
}

/**
 * GET /api/admin/cache: the gateway's response cache as it is now (each gateway answers for its own), what POST
 * /api/admin/clear-cache empties. `bytes` counts what the entries really hold (bodies, keys, headers, the objects
 * around them), after the expired ones are let go of; `maxBytes` is the bound it keeps under.
 */
export interface AdminCacheSize {
  entries: number;
  bytes: number;
  maxBytes: number;
  /** Reads answered from the cache and reads that had to ask a service, since the gateway started. */
  hits: number;
  misses: number;
}
