import type { Knex } from '@matchday/server';

/** `insight_runs` was never written and only counted by GET /api/insights/status (both removed). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('insight_runs');
}

/** Puts the empty table back as 20261122a-insight-runs made it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('insight_runs', (t) => {
    t.increments('id').primary();
    t.string('kind', 32).notNullable();
    t.dateTime('created_at').notNullable();
    t.index(['kind', 'created_at']);
  });
}
