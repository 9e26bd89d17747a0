import { createHash } from 'node:crypto';
import type { Knex } from '@matchday/server';
import { inTransaction } from '../../lib/transaction';

/** Devices one user may have subscribed at once; a new one past it replaces their oldest. */
export const DEVICES_PER_USER = 10;

export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

/**
 * Stores a browser's subscription for the user: a browser already subscribed (the same endpoint) is moved
 * to this user with its new keys, since whoever signs in on a device gets its alerts.
 */
export async function saveSubscription(
  db: Knex,
  userId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  nowMs = Date.now(),
): Promise<'created' | 'updated'> {
  return inTransaction(db, async (trx) => {
    const hash = endpointHash(subscription.endpoint);
    const fields = { user_id: userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
    const existing = (await trx('push_subscriptions').where({ endpoint_hash: hash }).forUpdate().first('id')) as { id: number } | undefined;
    if (existing) {
      await trx('push_subscriptions').where({ id: existing.id }).update(fields);
      return 'updated';
    }
    const devices = (await trx('push_subscriptions').where({ user_id: userId }).orderBy('id').select('id')) as Array<{ id: number }>;
    for (const old of devices.slice(0, Math.max(0, devices.length - DEVICES_PER_USER + 1))) {
      await trx('push_deliveries').where({ subscription_id: old.id }).delete();
      await trx('push_subscriptions').where({ id: old.id }).delete();
    }
    await trx('push_subscriptions').insert({ ...fields, endpoint_hash: hash, endpoint: subscription.endpoint, created_ms: nowMs });
    return 'created';
  });
}

/** Removes a subscription by endpoint: the user's own (`userId`), or any (the push service said it is gone). */
export async function deleteSubscription(db: Knex, endpoint: string, userId?: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const q = trx('push_subscriptions').where({ endpoint_hash: endpointHash(endpoint) });
    if (userId !== undefined) q.where({ user_id: userId });
    const row = (await q.first('id')) as { id: number } | undefined;
    if (!row) return false;
    await trx('push_deliveries').where({ subscription_id: row.id }).delete();
    await trx('push_subscriptions').where({ id: row.id }).delete();
    return true;
  });
}
