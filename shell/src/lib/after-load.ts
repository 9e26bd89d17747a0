import { useEffect, useState } from 'react';

/** How long after navigation (and at least after the load event) the first screen is given to itself. */
export const FIRST_SCREEN_MS = 5000;
const MIN_AFTER_LOAD_MS = 1000;

/**
 * Resolves once the first screen has had the page to itself: at least FIRST_SCREEN_MS after navigation and
 * a second after the load event (which fires before the remote and its data arrive), then when the browser
 * is idle. The moment for what the first screen does not need (the service worker, Workbox, the install
 * and update controls), so that it adds neither to the JavaScript fetched before the first card nor to the
 * first screen's long tasks. Offline, it resolves at once: the offline banner is then part of the first screen.
 */
export const afterLoadAndIdle: Promise<void> = new Promise((resolve) => {
  if (!navigator.onLine) resolve();
  window.addEventListener('offline', () => resolve(), { once: true });
  const idle = () => {
    const wait = Math.max(MIN_AFTER_LOAD_MS, FIRST_SCREEN_MS - performance.now());
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else resolve();
    }, wait);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
});

/** False until `afterLoadAndIdle`, then true: renders a part of the page only once the first screen is up. */
export function useAfterLoadAndIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterLoadAndIdle.then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, []);
  return ready;
}
