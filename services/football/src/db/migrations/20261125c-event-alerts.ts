import type { Knex } from '@matchday/server';

/**
 * What alerts need of a match event: when it was stored here (`stored_ms`, the wall clock of the
 * writing transaction; `happened_ms` is the match's own time, which a replay shifts) so that an alert's
 * freshness and latency are measured from it; and which goal a 'goal-cancelled' takes back (`cancels_seq`),
 * so that its correction replaces that goal's alert.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('match_events', (t) => {
    t.bigInteger('stored_ms').nullable();
    t.integer('cancels_seq').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('match_events', (t) => {
    t.dropColumn('stored_ms');
    t.dropColumn('cancels_seq');
  });
}
