import type { ReplayInfo } from './replay';
export type LoginMethod = 'google' | 'other';
export type Theme = 'light' | 'dark';

/** GET /api/auth/user */
export interface AuthUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  referralCode: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  loginMethod: LoginMethod;
  freeAccessUntil: string | null;
  theme: Theme | null;
  /** From the gateway's ADMIN_EMAILS configuration; the client shows the admin link from this flag only. */
  isAdmin: boolean;
  /** True while the football service serves generated demo data. */
  demoData?: boolean;
}

/** What the gateway hands the accounts service after a verified sign-in. */
export interface SignInProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  loginMethod: LoginMethod;
}

/** Referral codes: 8 characters, upper case (spec §5, §9). */
export const REFERRAL_CODE_MAX_LENGTH = 8;
/** The characters of a referral code: upper-case letters and digits without the look-alikes 0/O, 1/I/L. */
export const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A well-formed referral code (the server's check; a screen uses it to tell a broken invitation link). */
export const REFERRAL_CODE_PATTERN = new RegExp(`^[${REFERRAL_ALPHABET}]{${REFERRAL_CODE_MAX_LENGTH}}$`);

/** GET /api/referral/my-code */
export interface ReferralCodeInfo {
  referralCode: string;
  /** `{public origin}/social-preview/{referralCode}` */
  shareLink: string;
  /** ISO instant; premium while it is in the future. */
  freeAccessUntil: string | null;
}

/** POST /api/referral/apply */
export interface ApplyReferralRequest {
  referralCode: string;
}

export interface ApplyReferralResult {
  message: string;
  /** The applying user's new premium end (ISO instant). */
  freeAccessUntil: string;
}

/** 'completed' is the only status written today; clients show any other value as a secondary badge. */
export type ReferralStatus = 'completed' | (string & {});

/** GET /api/referral/my-referrals (newest first). The referred user's fields are null once that account is deleted. */
export interface ReferralRecord {
  id: number;
  createdAt: string;
  status: ReferralStatus;
  referredUser: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
  };
}

/** DELETE /api/auth/delete-account; `deleted` is false when there was nothing left to delete. */
export interface DeleteAccountResult {
  message: string;
  deleted: boolean;
}

export interface AdminRecentUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  loginMethod: LoginMethod;
  createdAt: string;
  lastLoginAt: string | null;
}

/**
 * GET /api/admin/dashboard (spec §3). Windows are rolling and end now: "week" = last 7 days,
 * "month" = last 30 days, "today" = since 00:00 UTC.
 */
export interface AdminDashboard {
  totalUsers: number;
  /** Users who signed in during the last 7 days. */
  activeUsers: number;
  /** Users with 5 or more sign-ins during the last 7 days. */
  frequentUsers: number;
  /** Accounts created during the last 7 days. */
  recentRegistrations: number;
  /** Percent change of new accounts against the previous window of the same length (one decimal; 100 when the previous window had none). */
  userGrowth: { monthly: number; weekly: number };
  /** Number of sign-ins. */
  loginStats: { today: number; thisWeek: number; thisMonth: number };
  /** The 10 newest accounts. */
  recentUsers: AdminRecentUser[];
}

/**
 * Page-path reporting (spec §7), Plausible's events API: on each route change the shell POSTs
 * `{ name: 'pageview', url, domain, referrer }` to `endpoint`. Off unless ANALYTICS_ENDPOINT is set.
 */
export interface AnalyticsConfig {
  /** ANALYTICS_ENDPOINT, e.g. https://plausible.io/api/event (or a self-hosted, compatible collector). */
  endpoint: string;
  /** ANALYTICS_DOMAIN: the site as the analytics service knows it; default the host of PUBLIC_URL. */
  domain: string;
}

/** GET /app-config.json (public): configuration the pages show. */
export interface PublicAppConfig {
  /** SUPPORT_EMAIL, default support@matchday.app */
  supportEmail: string;
  /** null when analytics is off (the default). */
  analytics: AnalyticsConfig | null;
  /**
   * The replay of a real season being served, null when the data is not a replay (or the football service did
   * not answer), with where it stands at the time of this answer: `asOf`, the real instant that is now.
   */
  replay: (ReplayInfo & { asOf: string }) | null;
}

/**
 * localStorage key of a referral code a signed-out visitor arrived with (/social-preview/{code}): the login
 * page keeps it and Settings offers it in the "apply referral code" field after sign-in.
 */
export const PENDING_REFERRAL_STORAGE_KEY = 'pendingReferralCode';
