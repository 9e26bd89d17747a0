import type { Knex } from '@matchday/server';

/**
 * Frozen tips: one per fixture, stored when first shown (always before kick-off) with the probabilities and
 * prices behind it, never changed afterwards except for grading once the result is in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tips', (t) => {
    t.increments('id').primary();
    t.integer('fixture_id').notNullable().unique();
    t.integer('league_id').notNullable();
    t.string('league_name', 120).notNullable();
    t.integer('season').notNullable();
    t.dateTime('kickoff_at').notNullable();
    t.integer('home_team_id').notNullable();
    t.integer('away_team_id').notNullable();
    t.string('home_team', 120).notNullable();
    t.string('away_team', 120).notNullable();
    t.string('home_logo', 500).nullable();
    t.string('away_logo', 500).nullable();
    // home | draw | away | over25 | under25 | bttsYes | bttsNo | homeMinus1
    t.string('market', 16).notNullable();
    t.float('probability').notNullable();
    t.float('odds').nullable();
    t.string('bookmaker', 16).nullable();
    // the model's probabilities when the tip was made
    t.float('p_home').notNullable();
    t.float('p_draw').notNullable();
    t.float('p_away').notNullable();
    t.float('p_over25').notNullable();
    t.float('p_btts').notNullable();
    t.float('p_home_minus1').notNullable();
    t.float('p_push').notNullable();
    t.float('xg_home').notNullable();
    t.float('xg_away').notNullable();
    // the bookmaker's pre-match 1X2 (overround removed) when the tip was made
    t.float('book_home').nullable();
    t.float('book_draw').nullable();
    t.float('book_away').nullable();
    t.boolean('demo').notNullable().defaultTo(false);
    t.dateTime('made_at').notNullable();
    // upcoming | won | lost | push
    t.string('status', 8).notNullable().defaultTo('upcoming');
    t.integer('home_goals').nullable();
    t.integer('away_goals').nullable();
    t.float('rps').nullable();
    t.float('book_rps').nullable();
    t.dateTime('graded_at').nullable();
    t.index(['league_id', 'status'], 'tips_league_status');
    t.index(['kickoff_at'], 'tips_kickoff');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tips');
}
