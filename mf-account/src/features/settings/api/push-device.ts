import { applicationServerKey, sameKey, type PushEnvironment } from '../rules/push-support';
import { subscriptionRequest } from '@matchday/contracts';
import { deletePushSubscription, readPushPublicKey, savePushSubscription } from './push';

/** The browser's side of push, behind one seam so the flows below can be tried without a browser. */
export interface PushDevice {
  /** Notification.requestPermission(): shows the browser's prompt, so only ever from a tap. */
  requestPermission(): Promise<NotificationPermission>;
  /** navigator.serviceWorker.ready, given up after a while (no worker in a remote's standalone dev server). */
  ready(): Promise<ServiceWorkerRegistration>;
  /** The page's registration if there is one, without waiting for it (the state read on load). */
  registration(): Promise<ServiceWorkerRegistration | undefined>;
}

/** How long turning alerts on waits for the app's service worker. */
export const SERVICE_WORKER_WAIT_MS = 10_000;

export const NO_SERVICE_WORKER_MESSAGE = "Matchday's service worker is not running in this browser yet. Reload the page and try again.";

export function browserPushDevice(): PushDevice {
  return {
    requestPermission: () =>
      new Promise<NotificationPermission>((resolve, reject) => {
        // Safari before 15.4 only took a callback; every current browser returns a promise.
        const promise = Notification.requestPermission(resolve) as Promise<NotificationPermission> | undefined;
        promise?.then(resolve, reject);
      }),
    ready: () =>
      new Promise<ServiceWorkerRegistration>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(NO_SERVICE_WORKER_MESSAGE)), SERVICE_WORKER_WAIT_MS);
        navigator.serviceWorker.ready.then(
          (registration) => {
            clearTimeout(timer);
            resolve(registration);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(NO_SERVICE_WORKER_MESSAGE));
          },
        );
      }),
    registration: () => navigator.serviceWorker.getRegistration(),
  };
}

/** What this browser has, for rules/push-support's pushState (`subscribed` is read separately: it is async). */
export function readPushEnvironment(subscribed: boolean): PushEnvironment {
  const hasNotification = typeof Notification !== 'undefined';
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone:
      (navigator as Navigator & { standalone?: boolean }).standalone === true ||
      window.matchMedia?.('(display-mode: standalone)').matches === true,
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: hasNotification,
    permission: hasNotification ? Notification.permission : null,
    subscribed,
  };
}

/** This device's push subscription, or null (no service worker registered yet, or never subscribed). */
export async function currentSubscription(device: PushDevice): Promise<PushSubscription | null> {
  const registration = await device.registration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** How a tap on "Turn on alerts on this device" ended: on, blocked, or the prompt closed without an answer. */
export type TurnOnOutcome = 'on' | 'denied' | 'dismissed';

/**
 * Permission (first, while the tap's user activation lasts: nothing is awaited before it), the service worker,
 * the server's key, a subscription made with it (one made with an older key is replaced), then the server is told.
 * If the server refuses, the subscription is undone so the device never says "on" while nothing is sent to it.
 */
export async function turnOnPush(device: PushDevice): Promise<TurnOnOutcome> {
  const permission = await device.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const registration = await device.ready();
  const key = applicationServerKey(await readPushPublicKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await savePushSubscription(subscriptionRequest(subscription.toJSON()));
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

/**
 * Unsubscribes this device, then asks the server to forget it. Once unsubscribed the push service refuses the
 * endpoint, so a failed DELETE leaves nothing that could still reach the device (the server drops the endpoint
 * at its next refusal); it is reported, not undone.
 */
export async function turnOffPush(device: PushDevice): Promise<void> {
  const subscription = await currentSubscription(device);
  if (!subscription) return;
  const { endpoint } = subscription;
  if (!(await subscription.unsubscribe())) throw new Error('The browser did not turn alerts off. Please try again.');
  try {
    await deletePushSubscription(endpoint);
  } catch (error) {
    console.warn('The server could not forget this push subscription', error);
  }
}
