import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Knex, Logger } from '@matchday/server';
import type { VapidKeys } from '../../lib/vapid';
import type { OutgoingAlert } from './compose';
import { claimDelivery, dropSubscription, finishDelivery, type Recipient } from './repository';

/** What happened to one (alert, device). */
export type DeliveryOutcome = 'sent' | 'already-sent' | 'gone' | 'failed' | 'expired';

const RETRY_DELAYS_MS = [500, 2_000];
const SEND_TIMEOUT_MS = 10_000;

/** A push service's answer worth another try: rate limited, its own trouble, or no answer (400/401/403/413 are final). */
const retryable = (error: unknown) => !(error instanceof WebPushError) || error.statusCode === 429 || error.statusCode >= 500;

/**
 * Sends one alert to one device at most once: the (alert, device) claim comes first, then up to three tries
 * within the alert's TTL. A 404 or 410 from the push service deletes the subscription at once.
 */
export async function deliver(
  db: Knex,
  vapid: VapidKeys,
  recipient: Pick<Recipient, 'subscriptionId' | 'endpoint' | 'keys'>,
  outgoing: OutgoingAlert,
  logger: Logger,
  now: () => number = Date.now,
  /** The HTTPS agent to the push service (tests: one that trusts the stand-in's certificate). */
  agent?: Agent,
): Promise<DeliveryOutcome> {
  if (!(await claimDelivery(db, recipient.subscriptionId, outgoing.key, outgoing.eventMs))) return 'already-sent';
  const payload = JSON.stringify(outgoing.alert);
  const deadline = now() + outgoing.ttlSeconds * 1000;
  for (let attempt = 1; ; attempt += 1) {
    const ttlSeconds = Math.floor((deadline - now()) / 1000);
    if (ttlSeconds <= 0) {
      await finishDelivery(db, recipient.subscriptionId, outgoing.key, 'expired', attempt - 1, null);
      return 'expired';
    }
    try {
      await webpush.sendNotification({ endpoint: recipient.endpoint, keys: recipient.keys }, payload, {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        urgency: outgoing.urgency,
        topic: outgoing.topic,
        contentEncoding: 'aes128gcm',
        timeout: SEND_TIMEOUT_MS,
        ...(agent ? { agent } : {}),
      });
      await finishDelivery(db, recipient.subscriptionId, outgoing.key, 'sent', attempt, now());
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await dropSubscription(db, recipient.subscriptionId);
        return 'gone';
      }
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined || !retryable(error)) {
        logger.warn({ err: error, alert: outgoing.key, subscription: recipient.subscriptionId }, 'alerts: push refused');
        await finishDelivery(db, recipient.subscriptionId, outgoing.key, 'failed', attempt, null);
        return 'failed';
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
