/**
 * What the service worker shows for a push message and where a tap on it leads (pure, unit-tested).
 * The payload is a PushAlert (libs/contracts/src/personal.ts): the server has made every decision (alert
 * types, quiet hours, spoilers), so the worker shows it as it is. Every push shows a notification, even
 * one without a readable payload: Safari revokes the permission of a site whose push shows nothing.
 * Imported by the worker: type-only imports here, nothing that adds to its size.
 */
import type { PushAlert } from '@matchday/contracts';

/** The manifest's 192 px icon (libs/config/src/pwa.ts PWA_FILES.icon192), also used as the badge. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = NOTIFICATION_ICON;

/** Shown when the payload is missing or unreadable. */
export const FALLBACK_TITLE = 'Matchday';
export const FALLBACK_BODY = 'New match update';

/** The options the worker passes to showNotification (a subset of NotificationOptions, with renotify). */
export interface AlertNotificationOptions {
  body: string;
  /** One notification per tag: a later alert with the same tag (a cancelled goal) replaces the earlier one. */
  tag?: string;
  /** Buzz again when replacing a notification with the same tag (goals only; needs a tag). */
  renotify?: boolean;
  icon: string;
  badge: string;
  /** When the event happened (ms), shown by some browsers instead of the arrival time. */
  timestamp?: number;
  data: { url: string };
}

export interface AlertNotification {
  title: string;
  options: AlertNotificationOptions;
}

/** A same-origin path (path, query and hash) for `url`, or '/' for anything else (another origin, a non-http scheme). */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url.trim() === '') return '/';
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return '/';
  }
  if (parsed.origin !== origin) return '/';
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export function fallbackNotification(): AlertNotification {
  return {
    title: FALLBACK_TITLE,
    options: { body: FALLBACK_BODY, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { url: '/' } },
  };
}

/**
 * The notification for a push payload (PushMessageData.text(), or null without one). Anything that is not
 * a JSON object with a title gets the generic notification; a bad tag, url or time is left out, not fatal.
 */
export function alertNotification(payload: string | null | undefined, origin: string): AlertNotification {
  if (!payload) return fallbackNotification();
  let alert: Partial<Record<keyof PushAlert, unknown>>;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fallbackNotification();
    alert = parsed as Partial<Record<keyof PushAlert, unknown>>;
  } catch {
    return fallbackNotification();
  }
  const title = text(alert.title);
  if (!title) return fallbackNotification();
  const tag = text(alert.tag);
  const at = typeof alert.at === 'string' ? Date.parse(alert.at) : NaN;
  const options: AlertNotificationOptions = {
    body: typeof alert.body === 'string' ? alert.body : '',
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: sameOriginPath(alert.url, origin) },
  };
  if (tag) {
    options.tag = tag;
    // renotify without a tag makes showNotification throw (and then nothing would show)
    if (alert.kind === 'goal') options.renotify = true;
  }
  if (Number.isFinite(at)) options.timestamp = at;
  return { title, options };
}

/** What a tap on a notification does with the app's open windows (WindowClient url, in Clients.matchAll order). */
export type ClickPlan =
  { action: 'focus'; index: number; url: string } | { action: 'navigate'; index: number; url: string } | { action: 'open'; url: string };

/**
 * A window already showing the alert's page is focused; else an open window of the app (the focused one
 * first) is focused and navigated there; else a new window opens. `data` is the notification's data.
 */
export function clickPlan(data: unknown, windows: ReadonlyArray<{ url: string; focused?: boolean }>, origin: string): ClickPlan {
  const url = new URL(sameOriginPath((data as { url?: unknown } | null | undefined)?.url, origin), origin).href;
  const exact = windows.findIndex((window) => window.url === url);
  if (exact >= 0) return { action: 'focus', index: exact, url };
  const ours = windows.map((window, index) => ({ window, index })).filter(({ window }) => isOrigin(window.url, origin));
  const chosen = ours.find(({ window }) => window.focused) ?? ours[0];
  return chosen ? { action: 'navigate', index: chosen.index, url } : { action: 'open', url };
}

function isOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
