import { createHash } from 'node:crypto';
import type { Knex } from '@matchday/server';
import { inTransaction } from '../../lib/transaction';

/** Devices one user may have subscribed at once; a new one (or one moved to them) past it replaces their oldest. */
export const DEVICES_PER_USER = 10;

export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

/**
 * Stores a browser's subscription for the user (its endpoint normalised by the caller, device.ts): a browser
 * already subscribed (the same endpoint) is moved to this user with its new keys, since whoever signs in on a
 * device gets its alerts. Either way the user then holds at most DEVICES_PER_USER devices: the ones they subscribed
 * longest ago go.
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
    // the user's other devices, locked: two moves to one user at once cannot both see room for one more
    const others = (await trx('push_subscriptions')
      .where({ user_id: userId })
      .modify((q) => (existing ? q.whereNot({ id: existing.id }) : q))
      .orderBy([{ column: 'created_ms' }, { column: 'id' }])
      .forUpdate()
      .select('id')) as Array<{ id: number }>;
    const surplus = others.slice(0, Math.max(0, others.length - DEVICES_PER_USER + 1)).map((row) => Number(row.id));
    if (surplus.length > 0) {
      await trx('push_deliveries').whereIn('subscription_id', surplus).delete();
      await trx('push_subscriptions').whereIn('id', surplus).delete();
    }
    if (existing) {
      // subscribed by this user now: it is their newest device, and gets nothing stored before this moment
      await trx('push_subscriptions')
        .where({ id: existing.id })
        .update({ ...fields, created_ms: nowMs });
      return 'updated';
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
