/**
 * The install and update flows' timings and decisions (spec §4, §8, §9), free of the browser so that
 * they are unit-tested. Waiting goes through an injected `sleep`.
 */
import type { RemoteManifest } from '@matchday/contracts';

/** Spec §9: update check first after 30 s, then every 5 min; toast once per session, 10 s; reload 2 s after. */
export const UPDATE_FIRST_CHECK_MS = 30_000;
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000;
export const UPDATE_TOAST_MS = 10_000;
export const RELOAD_AFTER_UPDATE_MS = 2_000;
/** Spec §9: install readiness polled every 2 s up to 15 times; the first click retries twice, 2 s apart. */
export const INSTALL_POLL_MS = 2_000;
export const INSTALL_POLL_MAX = 15;
export const INSTALL_CLICK_RETRIES = 2;
export const INSTALL_CLICK_RETRY_MS = 2_000;
/** Spec §8: 'Please Refresh' after 3 failed attempts. */
export const INSTALL_MAX_FAILURES = 3;

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `ready()` now and then every `intervalMs`, at most `maxAttempts` times in all; true as soon as it
 * answers true, false when every attempt said no (or `cancelled()` became true).
 */
export async function pollUntil(
  ready: () => boolean,
  options: { intervalMs: number; maxAttempts: number; sleep?: Sleep; cancelled?: () => boolean },
): Promise<boolean> {
  const wait = options.sleep ?? sleep;
  for (let attempt = 1; attempt <= options.maxAttempts; attempt += 1) {
    if (options.cancelled?.()) return false;
    if (ready()) return true;
    if (attempt < options.maxAttempts) await wait(options.intervalMs);
  }
  return false;
}

/** The delays before each automatic update check: 30 s, then 5 min apart, for ever. */
export function* updateCheckDelays(): Generator<number, never> {
  yield UPDATE_FIRST_CHECK_MS;
  for (;;) yield UPDATE_CHECK_INTERVAL_MS;
}

/** What the page was loaded with, compared with what the server now serves. */
export interface LoadedVersions {
  buildTime: string | null;
  /** Live version of each remote when the page loaded (null: the manifest could not be read). */
  remotes: Record<string, string | null> | null;
}

/**
 * True when the server has something newer than the open page: another shell build (/version.json
 * buildTime), another live version of any remote (/mf-manifest.json, e.g. after a deploy or a
 * rollback), or a new service worker waiting.
 */
export function hasUpdate(
  loaded: LoadedVersions,
  current: { buildTime: string; manifest: RemoteManifest | null; workerWaiting: boolean },
): boolean {
  if (current.workerWaiting) return true;
  if (loaded.buildTime !== null && current.buildTime !== loaded.buildTime) return true;
  if (loaded.remotes && current.manifest) {
    const names = new Set([...Object.keys(loaded.remotes), ...Object.keys(current.manifest.remotes)]);
    for (const name of names) {
      const now = current.manifest.remotes[name as keyof RemoteManifest['remotes']]?.version ?? null;
      if ((loaded.remotes[name] ?? null) !== now) return true;
    }
  }
  return false;
}

export function liveVersions(manifest: RemoteManifest | null): Record<string, string | null> | null {
  if (!manifest) return null;
  return Object.fromEntries(Object.entries(manifest.remotes).map(([name, entry]) => [name, entry?.version ?? null]));
}

export type Platform = 'ios' | 'other';

/** iPhone, iPad (also iPadOS reporting itself as a Mac with touch) and iPod. */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

export interface ToastMessage {
  title: string;
  description: string;
  variant?: 'default' | 'destructive' | 'success';
}

export const INSTALL_MESSAGES = {
  alreadyInstalled: { title: 'App Already Installed', description: 'Matchday is already installed on this device.' },
  installed: { title: 'App Installed', description: 'Matchday has been added to your device.', variant: 'success' },
  cancelled: { title: 'Installation Cancelled', description: 'You can install Matchday any time from the footer.' },
  failed: { title: 'Installation Failed', description: 'Something went wrong. Please try again.', variant: 'destructive' },
  pleaseRefresh: {
    title: 'Please Refresh',
    description: 'Installation failed 3 times. Please refresh the page and try again.',
    variant: 'destructive',
  },
  ios: { title: 'Install Matchday', description: 'Tap the Share button, then Add to Home Screen.' },
  other: { title: 'Install Matchday', description: "Open your browser's menu, then choose Add to Home screen." },
} satisfies Record<string, ToastMessage>;

export const UPDATE_MESSAGES = {
  available: { title: 'Update Available!', description: 'A new version of Matchday is ready. Choose Update Now in the footer.' },
  upToDate: { title: "You're Up to Date!", description: 'You have the latest version of Matchday.' },
  checkFailed: { title: 'Check Failed', description: 'Could not check for updates. Please try again later.', variant: 'destructive' },
  updateFailed: {
    title: 'Update Failed',
    description: 'The update could not be applied. Please refresh the page manually.',
    variant: 'destructive',
  },
  updating: { title: 'Updating...', description: 'Matchday will reload in a moment.' },
} satisfies Record<string, ToastMessage>;

export type InstallOutcome = 'installed' | 'already-installed' | 'cancelled' | 'failed' | 'unavailable';

/**
 * The message for one install attempt. `failures` counts failed attempts so far, this one included:
 * from the 3rd on the answer is 'Please Refresh'. With no install prompt available the browser's own
 * route is explained (iOS: Share, then Add to Home Screen; others: the menu).
 */
export function installMessage(outcome: InstallOutcome, failures: number, platform: Platform): ToastMessage {
  switch (outcome) {
    case 'installed':
      return INSTALL_MESSAGES.installed;
    case 'already-installed':
      return INSTALL_MESSAGES.alreadyInstalled;
    case 'cancelled':
      return INSTALL_MESSAGES.cancelled;
    case 'failed':
      return failures >= INSTALL_MAX_FAILURES ? INSTALL_MESSAGES.pleaseRefresh : INSTALL_MESSAGES.failed;
    case 'unavailable':
      // iOS never offers a prompt: its instructions are the answer every time, not a failure.
      if (platform === 'ios') return INSTALL_MESSAGES.ios;
      return failures >= INSTALL_MAX_FAILURES ? INSTALL_MESSAGES.pleaseRefresh : INSTALL_MESSAGES.other;
  }
}

/** Whether an outcome counts towards the 3 failed attempts (no prompt on iOS is normal, not a failure). */
export function isFailure(outcome: InstallOutcome, platform: Platform): boolean {
  return outcome === 'failed' || (outcome === 'unavailable' && platform !== 'ios');
}
