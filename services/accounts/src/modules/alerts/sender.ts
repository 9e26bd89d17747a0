import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Logger } from '@matchday/server';
import type { VapidKeys } from '../../lib/vapid';
import type { OutgoingAlert } from './compose';
import type { Recipient } from './repository';

/** What happened to one (alert, device) at the push service. */
export type PushOutcome = { status: 'sent' | 'failed' | 'expired'; attempts: number; sentMs: number | null } | { status: 'gone' };

const RETRY_DELAYS_MS = [500, 2_000];
const SEND_TIMEOUT_MS = 10_000;

/** A push service's answer worth another try: rate limited, its own trouble, or no answer (400/401/403/413 are final). */
const retryable = (error: unknown) => !(error instanceof WebPushError) || error.statusCode === 429 || error.statusCode >= 500;

/**
 * Sends one claimed alert to one device: up to three tries within the alert's TTL (each try with the TTL that
 * is left). 'gone' for a 404 or 410 (the caller deletes the subscription at once). Writes nothing: the caller
 * claimed the pair before and records the outcome after (in batches).
 */
export async function pushAlert(
  vapid: VapidKeys,
  recipient: Pick<Recipient, 'endpoint' | 'keys'>,
  outgoing: OutgoingAlert,
  logger: Logger,
  now: () => number = Date.now,
  /** The HTTPS agent to the push service (tests and benches: one that trusts a stand-in's certificate). */
  agent?: Agent,
): Promise<PushOutcome> {
  const payload = JSON.stringify(outgoing.alert);
  const deadline = now() + outgoing.ttlSeconds * 1000;
  for (let attempt = 1; ; attempt += 1) {
    const ttlSeconds = Math.floor((deadline - now()) / 1000);
    if (ttlSeconds <= 0) return { status: 'expired', attempts: attempt - 1, sentMs: null };
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
      return { status: 'sent', attempts: attempt, sentMs: now() };
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return { status: 'gone' };
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined || !retryable(error)) {
        logger.warn({ err: error, alert: outgoing.key }, 'alerts: push refused');
        return { status: 'failed', attempts: attempt, sentMs: null };
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
