import { randomUUID } from 'node:crypto';
import type { Knex } from '@matchday/server';

/**
 * The live feed's epoch (`live_feed.epoch`): a random name for "this feed", new with every database and renewed
 * whenever its football data is replaced (a replay rebuilt, the demo season removed by a first import). Feed
 * positions are comparable only within one epoch: a reader (the gateway) that sees another epoch starts again from
 * a snapshot, even when the new feed's position is past the one it had.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('live_feed', (t) => {
    t.string('epoch', 36).nullable();
  });
  await knex('live_feed').where({ id: 1 }).update({ epoch: randomUUID() });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('live_feed', (t) => {
    t.dropColumn('epoch');
  });
}
