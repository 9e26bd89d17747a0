import type { Knex } from '@matchday/server';

/**
 * The Dream11 record (modules/dream11/record.ts): for each played match of the current season with player points, the
 * realised points of the team the model would have picked before kick-off and of the form pick, computed once after
 * the match. Points are null where no team could be made (the row still marks the match as done).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dream11_record', (t) => {
    t.increments('id').primary();
    t.integer('fixture_id').notNullable().unique();
    t.integer('league_id').notNullable();
    t.string('league_name', 120).notNullable();
    t.dateTime('kickoff_at').notNullable();
    t.string('home_team', 120).notNullable();
    t.string('away_team', 120).notNullable();
    t.double('model_points').nullable();
    t.double('form_points').nullable();
    t.string('captain', 120).nullable();
    t.dateTime('made_at').notNullable();
    t.index(['kickoff_at'], 'dream11_record_kickoff');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('dream11_record');
}
