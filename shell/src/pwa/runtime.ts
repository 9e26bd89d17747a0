/**
 * The page side of the installable app: service worker registration (workbox-window), the captured
 * install prompt, the update check and its automatic schedule, and the online state. One small
 * external store that the footer controls and the offline banner read.
 */
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import type { RemoteManifest, VersionInfo } from '@matchday/contracts';
import { discardBody, toast } from '@matchday/ui';
import { registeredRemoteVersions, REMOTE_REPLACED_EVENT } from '../remotes/registry';
import { PWA_STARTED_EVENT, SERVICE_WORKER_URL, takeEarlyInstallPrompt } from './early';
import {
  detectPlatform,
  hasUpdate,
  INSTALL_CLICK_RETRIES,
  INSTALL_CLICK_RETRY_MS,
  INSTALL_POLL_MAX,
  INSTALL_POLL_MS,
  installMessage,
  isFailure,
  liveVersions,
  pollUntil,
  RELOAD_AFTER_UPDATE_MS,
  sleep,
  UPDATE_MESSAGES,
  UPDATE_TOAST_MS,
  updateCheckDelays,
  type InstallOutcome,
  type LoadedVersions,
  type ToastMessage,
} from './schedule';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type UpdateState = 'idle' | 'checking' | 'update-available' | 'updating';
export type InstallState = 'waiting' | 'installable' | 'installed';

export interface PwaState {
  update: UpdateState;
  install: InstallState;
  online: boolean;
}

let state: PwaState = { update: 'idle', install: 'waiting', online: typeof navigator === 'undefined' ? true : navigator.onLine };
const listeners = new Set<() => void>();
function setState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function usePwaState(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

const UPDATE_TOAST_SESSION_KEY = 'matchday:update-toast-shown';

let workbox: Workbox | null = null;
let registration: ServiceWorkerRegistration | null = null;
let installPrompt: BeforeInstallPromptEvent | null = null;
let loaded: LoadedVersions = { buildTime: null, remotes: null };
let firstInstallClick = true;
let installFailures = 0;

function show(message: ToastMessage, durationMs?: number): void {
  toast({ ...message, ...(durationMs ? { durationMs } : {}) });
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Registers /sw.js (production builds only: the dev server has none). */
function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const wb = new Workbox(SERVICE_WORKER_URL);
  workbox = wb;
  wb.addEventListener('waiting', () => setState({ update: 'update-available' }));
  wb.register()
    .then((registered) => {
      registration = registered ?? null;
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}

/** Keeps the install prompt for the footer's Install App control (the browser's own banner is held back). */
function captureInstallPrompt(): void {
  if (isStandalone()) setState({ install: 'installed' });
  const keep = (event: Event) => {
    installPrompt = event as BeforeInstallPromptEvent;
    if (state.install !== 'installed') setState({ install: 'installable' });
  };
  const early = takeEarlyInstallPrompt();
  if (early) keep(early);
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    keep(event);
  });
  window.dispatchEvent(new Event(PWA_STARTED_EVENT));
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    setState({ install: 'installed' });
  });
}

function watchOnline(): void {
  window.addEventListener('online', () => setState({ online: true }));
  window.addEventListener('offline', () => setState({ online: false }));
}

async function readBuildTime(): Promise<string> {
  const response = await fetch('/version.json', { cache: 'no-store' });
  if (!response.ok) {
    await discardBody(response);
    throw new Error(`version.json ${response.status}`);
  }
  return ((await response.json()) as VersionInfo).buildTime;
}

async function readManifest(): Promise<RemoteManifest | null> {
  try {
    const response = await fetch('/mf-manifest.json', { cache: 'no-store' });
    if (!response.ok) {
      await discardBody(response);
      return null;
    }
    return (await response.json()) as RemoteManifest;
  } catch {
    return null;
  }
}

/** Whether the server has a newer shell build, another live remote version or a new service worker. */
export async function checkForUpdate(): Promise<boolean> {
  void registration?.update().catch(() => undefined);
  const [buildTime, manifest] = await Promise.all([readBuildTime(), readManifest()]);
  // Remotes are compared as registered now: an area that took a new version in place is up to date.
  return hasUpdate(
    { ...loaded, remotes: registeredRemoteVersions() ?? loaded.remotes },
    { buildTime, manifest, workerWaiting: Boolean(registration?.waiting && navigator.serviceWorker.controller) },
  );
}

/** After an area took a new version in place, an offered update may be gone: check again, silently. */
async function recheckOfferedUpdate(): Promise<void> {
  if (state.update !== 'update-available') return;
  try {
    if (!(await checkForUpdate())) setState({ update: 'idle' });
  } catch {
    // offline: the offer stays
  }
}

/** The footer's Check for Updates: every outcome is told. */
export async function checkForUpdateNow(): Promise<void> {
  if (state.update === 'checking' || state.update === 'updating') return;
  const before = state.update;
  setState({ update: 'checking' });
  try {
    const available = (await checkForUpdate()) || before === 'update-available';
    setState({ update: available ? 'update-available' : 'idle' });
    if (available) show(UPDATE_MESSAGES.available, UPDATE_TOAST_MS);
    else show(UPDATE_MESSAGES.upToDate);
  } catch {
    setState({ update: before });
    show(UPDATE_MESSAGES.checkFailed);
  }
}

/** The automatic check: silent unless an update is found; its toast shows once per session. */
async function automaticCheck(): Promise<void> {
  if (state.update !== 'idle') return;
  try {
    if (!(await checkForUpdate())) return;
  } catch {
    return;
  }
  setState({ update: 'update-available' });
  let shown = false;
  try {
    shown = sessionStorage.getItem(UPDATE_TOAST_SESSION_KEY) === '1';
    sessionStorage.setItem(UPDATE_TOAST_SESSION_KEY, '1');
  } catch {
    // storage refused: show it this once
  }
  if (!shown) show(UPDATE_MESSAGES.available, UPDATE_TOAST_MS);
}

function scheduleAutomaticChecks(): void {
  const delays = updateCheckDelays();
  const next = () => {
    setTimeout(() => void automaticCheck().finally(next), delays.next().value);
  };
  next();
}

/** A waiting worker, if one is installing now (after registration.update()), within 10 s. */
async function waitingWorker(): Promise<ServiceWorker | null> {
  if (!registration) return null;
  if (registration.waiting) return registration.waiting;
  const installing = registration.installing;
  if (!installing) return null;
  await Promise.race([
    new Promise<void>((resolve) => installing.addEventListener('statechange', () => installing.state !== 'installing' && resolve())),
    sleep(10_000),
  ]);
  return registration.waiting;
}

/** Update Now: the new worker takes over (if there is one), then the page reloads 2 s later. */
export async function applyUpdate(): Promise<void> {
  if (state.update === 'updating') return;
  setState({ update: 'updating' });
  show(UPDATE_MESSAGES.updating);
  try {
    if (registration) await registration.update();
    const waiting = await waitingWorker();
    if (waiting && workbox && navigator.serviceWorker.controller) {
      const wb = workbox;
      const controlling = new Promise<void>((resolve) => wb.addEventListener('controlling', () => resolve()));
      wb.messageSkipWaiting();
      await Promise.race([controlling, sleep(10_000).then(() => Promise.reject(new Error('the new version did not take over')))]);
    }
  } catch {
    setState({ update: 'update-available' });
    show(UPDATE_MESSAGES.updateFailed);
    return;
  }
  await sleep(RELOAD_AFTER_UPDATE_MS);
  window.location.reload();
}

/** Install readiness, polled every 2 s up to 15 times while the footer is shown. */
export function pollInstallReadiness(cancelled: () => boolean): Promise<boolean> {
  return pollUntil(() => state.install !== 'waiting', { intervalMs: INSTALL_POLL_MS, maxAttempts: INSTALL_POLL_MAX, cancelled });
}

async function attemptInstall(): Promise<InstallOutcome> {
  if (state.install === 'installed' || isStandalone()) return 'already-installed';
  if (!installPrompt && firstInstallClick) {
    // The first click may come before the browser offered the prompt: retried twice, 2 s apart.
    await pollUntil(() => installPrompt !== null, { intervalMs: INSTALL_CLICK_RETRY_MS, maxAttempts: 1 + INSTALL_CLICK_RETRIES });
  }
  firstInstallClick = false;
  const prompt = installPrompt;
  if (!prompt) return 'unavailable';
  try {
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    installPrompt = null; // a prompt can be shown once
    if (outcome === 'accepted') {
      setState({ install: 'installed' });
      return 'installed';
    }
    setState({ install: 'waiting' });
    return 'cancelled';
  } catch {
    return 'failed';
  }
}

/** Install App: the prompt, or the platform's instructions; 'Please Refresh' after 3 failures. */
export async function installApp(): Promise<void> {
  const platform = detectPlatform(navigator.userAgent, navigator.maxTouchPoints);
  const outcome = await attemptInstall();
  if (isFailure(outcome, platform)) installFailures += 1;
  show(installMessage(outcome, installFailures, platform));
}

/** Boot: register the worker, listen for the install prompt and the network, schedule update checks. */
export function startPwa(): void {
  captureInstallPrompt();
  watchOnline();
  registerServiceWorker();
  scheduleAutomaticChecks();
  window.addEventListener(REMOTE_REPLACED_EVENT, () => void recheckOfferedUpdate());
}

/** What the page was loaded with, for the update check to compare against. */
export async function rememberLoadedVersions(manifest: RemoteManifest | null): Promise<void> {
  loaded = { ...loaded, remotes: liveVersions(manifest) };
  try {
    loaded = { ...loaded, buildTime: await readBuildTime() };
  } catch {
    // offline at boot: the build time stays unknown and is not compared
  }
}
