import type { Knex } from '@matchday/server';

/**
 * `fixtures.attendance`: the crowd at the match where a source gives it (football.json's `-full` files); null where
 * none does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixtures', (t) => {
    t.integer('attendance').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixtures', (t) => {
    t.dropColumn('attendance');
  });
}
