import type { Knex } from '@matchday/server';

/**
 * Where a tip comes from: `live`, frozen before kick-off when it was first published (every tip stored before this
 * column), or `backfill`, computed after the match from the data known before its kick-off when a replay starts
 * (modules/tips/backfill.ts). The record keeps the two apart.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tips', (t) => {
    t.string('origin', 8).notNullable().defaultTo('live');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tips', (t) => {
    t.dropColumn('origin');
  });
}
