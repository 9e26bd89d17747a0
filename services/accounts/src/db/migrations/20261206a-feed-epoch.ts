import type { Knex } from '@matchday/server';

/**
 * notifier_state.feed_epoch: the epoch of the football live feed that the stored cursor (feed_seq) belongs to. The
 * football data can be replaced (a replay rebuilt, a dataset replaced): its feed then starts anew under another
 * epoch, and a position of the old one means nothing in it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifier_state', (t) => {
    t.string('feed_epoch', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifier_state', (t) => {
    t.dropColumn('feed_epoch');
  });
}
