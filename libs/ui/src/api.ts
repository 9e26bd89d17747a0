import type { SWRConfiguration } from 'swr';
import { ExpiringSwrCache, trackCacheUse } from './swr-cache';

/** Adds the `_cb` cache-busting timestamp to /api/ paths (spec §7). */
export function withCacheBuster(url: string): string {
  if (!url.startsWith('/api/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}_cb=${Date.now()}`;
}

/**
 * Reads a reply's body to the end and drops it. A body nobody reads keeps the request open in the browser
 * (network-idle tooling never settles), so every fetch path reads or discards its body.
 */
export async function discardBody(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // already read, or the connection went away: nothing is left open either way
  }
}

const browserScheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;

/**
 * Resolves in a task of its own: scheduler.yield where the browser has it, else a MessageChannel message (React's
 * scheduler does the same: unlike a 0 ms timer, it is not held back to once a second in a hidden tab). SWR starts a
 * screen's reads in the layout effects of the commit that mounts it: on Home's first load six fetch() calls would
 * lengthen that one commit task, a long task on a phone. Each read starts in a short task of its own instead.
 */
function nextTask(): Promise<void> {
  if (browserScheduler?.yield) return browserScheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The one reader of the app: GET with cookies and no-cache headers; 401 resolves to null ("no data");
 * any other non-OK reply throws "status: body" (or the status text when the body is empty). The request starts
 * in a task of its own (nextTask).
 */
export async function apiGet<T>(url: string): Promise<T | null> {
  await nextTask();
  const response = await fetch(withCacheBuster(url), {
    credentials: 'include',
    headers: { 'cache-control': 'no-cache', pragma: 'no-cache', accept: 'application/json' },
  });
  if (response.status === 401) {
    await discardBody(response);
    return null;
  }
  if (!response.ok) {
    const body = await response.text();
    throw new Error(`${response.status}: ${body || response.statusText}`);
  }
  return (await response.json()) as T;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** State-changing calls: JSON, cookies, X-Requested-With (the gateway's cross-site check); errors carry the server's message. */
export async function apiSend<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const message = (parsed as { message?: string } | undefined)?.message ?? (text || response.statusText);
    throw new ApiError(response.status, message);
  }
  return parsed as T;
}

/** The app's one SWR cache (entries unused for 5 minutes are dropped). */
export const swrCache = new ExpiringSwrCache();

/** Spec §7: stale at once, refetch on focus, kept 5 minutes unused, no retries, no polling. */
export const swrConfig: SWRConfiguration = {
  provider: () => swrCache,
  use: [trackCacheUse(swrCache)],
  fetcher: (url: string) => apiGet(url),
  revalidateOnFocus: true,
  revalidateIfStale: true,
  dedupingInterval: 0,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  refreshInterval: 0,
};

/** The auth user is fetched once: not retried, not refetched on focus. */
export const authUserSwrOptions: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
};
