import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { AnalyticsConfig } from '@matchday/contracts';
import { useAppConfig } from '@matchday/ui';

export interface PageView {
  /** location.origin + the route's path (no query string or hash: they can carry ids and codes). */
  url: string;
  /** The previous page of the app, or document.referrer for the first one. */
  referrer: string | null;
}

/**
 * Spec §7: sends one page view to a Plausible-compatible events endpoint. Never throws: a failure
 * (collector down, blocked by an ad blocker, offline) is only a console warning (spec: "Analytics
 * load failure: warning logged only"). text/plain keeps the POST a simple request (no CORS preflight).
 */
export async function reportPageView(config: AnalyticsConfig, view: PageView, send: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await send(config.endpoint, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'pageview', url: view.url, domain: config.domain, referrer: view.referrer }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return true;
  } catch (error) {
    console.warn('Analytics: page view not reported', error instanceof Error ? error.message : error);
    return false;
  }
}

/** Reports each route change (path only) while analytics is configured; does nothing when it is off (the default). */
export function usePageViewReporting(): void {
  const analytics = useAppConfig()?.analytics ?? null;
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (!analytics) return;
    const url = `${window.location.origin}${pathname}`;
    if (previous.current === url) return;
    const referrer = previous.current ?? (document.referrer || null);
    previous.current = url;
    void reportPageView(analytics, { url, referrer });
  }, [analytics, pathname]);
}
