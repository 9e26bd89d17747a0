import { apiGet, apiSend } from '@matchday/ui';
import { PUSH_SUBSCRIPTIONS_URL, type PushPublicKey, type PushSubscriptionRequest } from '@matchday/contracts';

export const PUSH_PUBLIC_KEY_URL = '/api/push/public-key';

/** GET /api/push/public-key: the server's VAPID key (base64url) that subscriptions are made with. */
export async function readPushPublicKey(): Promise<string> {
  let reply: PushPublicKey | null;
  try {
    reply = await apiGet<PushPublicKey>(PUSH_PUBLIC_KEY_URL);
  } catch (error) {
    throw new Error('Could not get the alerts key from Matchday. Please try again.', { cause: error });
  }
  if (reply === null) throw new Error('You are signed out. Sign in again to turn alerts on.');
  if (typeof reply.publicKey !== 'string' || reply.publicKey === '')
    throw new Error('Matchday sent no alerts key. Please try again later.');
  return reply.publicKey;
}

/** POST /api/push/subscriptions: the server sends this device the user's alerts from now on (201). */
export async function savePushSubscription(subscription: PushSubscriptionRequest): Promise<void> {
  await apiSend<unknown>('POST', PUSH_SUBSCRIPTIONS_URL, subscription);
}

/** DELETE /api/push/subscriptions {endpoint}: the server forgets this device (204). */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiSend<unknown>('DELETE', PUSH_SUBSCRIPTIONS_URL, { endpoint });
}
