import type { Knex } from '@matchday/server';

/**
 * Alerts go through a queue that any number of sender processes share:
 * - push_deliveries rows are written 'queued' with what to send (payload, deadline) by the one sender that reads
 *   the live feed (the leader), then claimed in batches by any sender: 'sending' under a lease (lease_ms) that its
 *   claimer renews while it works, then 'sent' | 'failed' | 'expired'. A claim whose lease ran out (its sender died)
 *   goes back to 'queued' for another. A retry waits in the queue until not_before_ms.
 * - notifier_state holds the leader's lease (leader, leader_until_ms) and until when the live feed is being read
 *   (awake_until_ms), which tells the other senders to look at the queue often.
 * Rows a sender of the old kind left 'sending' have no payload to send again: they end 'failed'.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('push_deliveries', (t) => {
    // the alert as it goes to this device (JSON: alert, ttlSeconds, urgency, topic); null once it has been sent
    t.text('payload').nullable();
    // when its TTL ends (epoch ms): a try after it is not made
    t.bigInteger('deadline_ms').nullable();
    // a retry is not claimed before this (epoch ms)
    t.bigInteger('not_before_ms').notNullable().defaultTo(0);
    // the claim's lease (epoch ms): past it, another sender takes the delivery over
    t.bigInteger('lease_ms').nullable();
    // the queue in order (a claim walks it from the oldest and stops at its batch); it covers what the index on
    // status alone served
    t.index(['status', 'id'], 'push_deliveries_queue');
    // a device's deliveries in order (a claim skips a device whose older delivery is unfinished)
    t.index(['subscription_id', 'id'], 'push_deliveries_device');
    t.dropIndex(['status'], 'push_deliveries_status');
  });
  await knex('push_deliveries').where({ status: 'sending' }).update({ status: 'failed' });
  await knex.schema.alterTable('notifier_state', (t) => {
    t.string('leader', 64).nullable();
    t.bigInteger('leader_until_ms').nullable();
    t.bigInteger('awake_until_ms').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifier_state', (t) => {
    t.dropColumn('awake_until_ms');
    t.dropColumn('leader_until_ms');
    t.dropColumn('leader');
  });
  await knex('push_deliveries').whereIn('status', ['queued', 'sending']).update({ status: 'failed' });
  await knex.schema.alterTable('push_deliveries', (t) => {
    t.index(['status'], 'push_deliveries_status');
    t.dropIndex(['subscription_id', 'id'], 'push_deliveries_device');
    t.dropIndex(['status', 'id'], 'push_deliveries_queue');
    t.dropColumn('lease_ms');
    t.dropColumn('not_before_ms');
    t.dropColumn('deadline_ms');
    t.dropColumn('payload');
  });
}
