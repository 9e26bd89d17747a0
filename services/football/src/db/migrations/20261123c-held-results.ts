import type { Knex } from '@matchday/server';

/**
 * Results a replay holds back until the clock reaches them (importers/held-results.ts): import records
 * (the source's own form, JSON) waiting to be written through the store at `release_ms` (epoch ms,
 * kick-off + 2 h). Rows are written in import order and released in `id` order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('held_results', (t) => {
    t.increments('id').primary();
    t.bigInteger('release_ms').notNullable();
    // 'matches' | 'player-matches'
    t.string('kind', 16).notNullable();
    t.text('payload', 'mediumtext').notNullable();
    t.index(['release_ms'], 'held_results_release');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('held_results');
}
