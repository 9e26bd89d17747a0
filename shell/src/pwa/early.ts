/**
 * What the PWA needs from the first moment, without Workbox (its runtime loads after the first screen,
 * shell/src/lib/after-load.ts): the service worker is registered at the load event, when Workbox's own
 * register() would have done it, and an install prompt the browser offers before the runtime listens is
 * kept for it. The runtime's Workbox then registers the same script, which finds this registration
 * (and reports a worker already waiting).
 */
export const SERVICE_WORKER_URL = '/sw.js';
/** Dispatched on window when the PWA runtime listens for install prompts itself. */
export const PWA_STARTED_EVENT = 'matchday:pwa-started';

let heldPrompt: Event | null = null;

/** The install prompt offered before the PWA runtime started, once (the runtime listens from then on). */
export function takeEarlyInstallPrompt(): Event | null {
  const prompt = heldPrompt;
  heldPrompt = null;
  return prompt;
}

export function startEarlyPwa(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const hold = (event: Event) => {
    event.preventDefault();
    heldPrompt = event;
  };
  window.addEventListener('beforeinstallprompt', hold);
  // The runtime takes over listening when it starts.
  window.addEventListener(PWA_STARTED_EVENT, () => window.removeEventListener('beforeinstallprompt', hold), { once: true });
  const register = () =>
    void navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
