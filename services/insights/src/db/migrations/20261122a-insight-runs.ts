import type { Knex } from '@matchday/server';

/** Tips and fantasy picks will be derived here; a run records each model computation. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('insight_runs', (t) => {
    t.increments('id').primary();
    t.string('kind', 32).notNullable();
    t.dateTime('created_at').notNullable();
    t.index(['kind', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('insight_runs');
}
