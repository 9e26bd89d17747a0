/**
 * Whether this device can receive alerts by Web Push, and what Settings offers instead when it cannot. Pure:
 * the browser is read elsewhere (api/push-device.ts) and handed in as a PushEnvironment.
 */

/**
 * - `ios-too-old`: iPhone or iPad before iOS/iPadOS 16.4, which has no Web Push at all;
 * - `ios-install`: iOS 16.4 or later in the browser: push exists only in a web app opened from the Home Screen;
 * - `unsupported`: no service worker, Push API or Notification API here;
 * - `denied`: the user blocked notifications for the site (only the browser's settings can undo it);
 * - `on`: permission granted and this device holds a push subscription; `off`: it can be turned on.
 */
export type PushState = 'ios-too-old' | 'ios-install' | 'unsupported' | 'denied' | 'on' | 'off';

export interface PushEnvironment {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS in its desktop mode says "Macintosh" but has a touch screen. */
  maxTouchPoints: number;
  /** Opened from the Home Screen: navigator.standalone (iOS) or the display-mode: standalone media query. */
  standalone: boolean;
  /** 'serviceWorker' in navigator */
  serviceWorker: boolean;
  /** 'PushManager' in window */
  pushManager: boolean;
  /** 'Notification' in window */
  notification: boolean;
  /** Notification.permission, null where there is no Notification API. */
  permission: NotificationPermission | null;
  /** The service worker's push manager holds a subscription. */
  subscribed: boolean;
}

export interface OsVersion {
  major: number;
  minor: number;
}

/** The first iOS/iPadOS with Web Push (for Home Screen web apps). */
export const IOS_PUSH_SINCE: OsVersion = { major: 16, minor: 4 };

/** iPhone, iPad and iPod, also iPadOS asking for desktop sites (a "Macintosh" with a touch screen). */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

/**
 * The iOS/iPadOS version an Apple mobile user agent gives: "CPU iPhone OS 16_3 like Mac OS X" (every browser on
 * iOS), or, for iPadOS as a desktop ("Mac OS X 10_15_7", which is not its version), Safari's "Version/16.4".
 * null when it gives none.
 */
export function iosVersion(userAgent: string, maxTouchPoints: number): OsVersion | null {
  if (!isAppleMobile(userAgent, maxTouchPoints)) return null;
  const match =
    /\b(?:iPhone |CPU )?OS (\d+)[_.](\d+)(?:[_.]\d+)? like Mac OS X/i.exec(userAgent) ?? /\bVersion\/(\d+)\.(\d+)/.exec(userAgent);
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]) };
}

function before(version: OsVersion, since: OsVersion): boolean {
  return version.major < since.major || (version.major === since.major && version.minor < since.minor);
}

/** What the "alerts on this device" card shows, from the user agent and what the browser has. */
export function pushState(env: PushEnvironment): PushState {
  if (isAppleMobile(env.userAgent, env.maxTouchPoints)) {
    const version = iosVersion(env.userAgent, env.maxTouchPoints);
    if (version && before(version, IOS_PUSH_SINCE)) return 'ios-too-old';
    // Safari on iOS hides the Push API outside a Home Screen web app: the answer is to install, not "unsupported".
    if (!env.standalone) return 'ios-install';
  }
  if (!env.serviceWorker || !env.pushManager || !env.notification) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return env.permission === 'granted' && env.subscribed ? 'on' : 'off';
}

/**
 * The VAPID application server key from its base64url text (GET /api/push/public-key): the 65 bytes of an
 * uncompressed P-256 point (0x04, x, y). Anything else is refused before the browser is asked to subscribe.
 */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new Error('The push key is not base64url');
  let binary: string;
  try {
    binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  } catch {
    throw new Error('The push key is not base64url');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  if (bytes.length !== 65 || bytes[0] !== 0x04) throw new Error('The push key is not a P-256 public key');
  return bytes;
}

/** Whether a subscription was made with this key (a new server key needs a new subscription). */
export function sameKey(subscriptionKey: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!subscriptionKey || subscriptionKey.byteLength !== key.length) return false;
  const bytes = new Uint8Array(subscriptionKey);
  return bytes.every((byte, i) => byte === key[i]);
}
