import type { Knex } from '@matchday/server';

/**
 * What the calendar feeds (modules/calendar) need to tell a moved match from a new one: `schedule_seq` counts
 * the changes of a fixture's kick-off or of its postponement (the event's SEQUENCE), `schedule_changed_at` is
 * when the last one was stored (epoch ms, the event's DTSTAMP; null: never changed since it was stored).
 * The store's saveMatches is their one writer (importers/store/fixtures.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixtures', (t) => {
    t.integer('schedule_seq').notNullable().defaultTo(0);
    t.bigInteger('schedule_changed_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixtures', (t) => {
    t.dropColumn('schedule_seq');
    t.dropColumn('schedule_changed_at');
  });
}
