import type { Knex, Logger } from '@matchday/server';
import type { VapidKeys } from '../../lib/vapid';
import type { KeysAhead } from './keys-ahead';
import { finishDeliveries, renewClaim, retryLater, type ClaimedDelivery, type DeliveryResult } from './repository';
import type { PushConnections } from './push-connections';
import { pushAlert, type VapidHeaders } from './sender';

/** What happened to one (alert, device): sent, refused, expired, or the device gone. */
export type DeliveryOutcome = 'sent' | 'failed' | 'expired' | 'gone';

/** Outcomes are written once this many wait (what a stopped sender may have sent without saying so is bounded). */
const RECORD_EVERY = 32;

/** What sending a claim needs from its sender. */
export interface ClaimContext {
  vapid: VapidKeys;
  logger: Logger;
  now: () => number;
  /** How long the claim holds unless renewed (ms). */
  leaseMs: number;
  /** Pushes out at once. */
  concurrency: number;
  vapidHeaders: VapidHeaders;
  connections: PushConnections;
  /** Message keys made ahead for the devices (default: each made when its push is sent). */
  keysAhead?: KeysAhead | undefined;
  onDelivery?:
    ((outcome: 'sent' | 'failed' | 'expired' | 'gone', delivery: { subscriptionId: number; alertKey: string }) => void) | undefined;
}

/**
 * Sends one claim's deliveries (one per device), `concurrency` at a time, renewing the claim's lease while it works
 * and recording outcomes every RECORD_EVERY; a delivery worth another try goes back to the queue. Past its lease (the
 * database unreachable to renew it) it sends no more: another sender has them by then. Returns the devices that can
 * never take a push, for the caller to drop.
 */
export async function sendClaim(
  db: Knex,
  claim: string,
  batch: readonly ClaimedDelivery[],
  context: ClaimContext,
): Promise<{ gone: number[]; reasons: Set<string> }> {
  const { now, leaseMs, logger, keysAhead } = context;
  let heldUntil = now() + leaseMs;
  let renewing: Promise<unknown> = Promise.resolve();
  const renewal = setInterval(
    () => {
      const until = now() + leaseMs;
      renewing = renewClaim(db, claim, until).then(
        () => (heldUntil = until),
        (error: unknown) => logger.warn({ err: error }, 'alerts: renewing a claim failed'),
      );
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  let results: DeliveryResult[] = [];
  let recording: Promise<void> = Promise.resolve();
  const record = () => {
    const done = results;
    results = [];
    recording = recording.then(() => finishDeliveries(db, claim, done, now()));
  };
  const gone: number[] = [];
  const reasons = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const delivery = batch[next++]!;
      // a margin of a tenth of the lease: what is sent after it might be sent by another sender too
      if (now() > heldUntil - leaseMs / 10) return;
      const outcome = await pushAlert(context.vapid, delivery, { ...delivery.queued, key: delivery.alertKey }, logger, {
        now,
        attempt: delivery.attempts + 1,
        deadlineMs: delivery.deadlineMs,
        vapidHeaders: context.vapidHeaders,
        connections: context.connections,
        messageKeys: keysAhead ? () => keysAhead.take(delivery.subscriptionId, delivery.keys) : undefined,
      });
      if (outcome.status === 'retry') {
        await retryLater(db, claim, delivery.id, outcome.attempts, now() + outcome.delayMs);
        continue;
      }
      context.onDelivery?.(outcome.status, { subscriptionId: delivery.subscriptionId, alertKey: delivery.alertKey });
      if (outcome.status === 'gone') {
        reasons.add(outcome.reason);
        gone.push(delivery.subscriptionId);
        continue;
      }
      results.push({ id: delivery.id, status: outcome.status, attempts: outcome.attempts });
      if (results.length >= RECORD_EVERY) record();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(context.concurrency, batch.length) }, worker));
    record();
    await recording;
  } finally {
    clearInterval(renewal);
    await renewing;
  }
  return { gone, reasons };
}
