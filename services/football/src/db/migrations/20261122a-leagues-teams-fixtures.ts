import type { Knex } from '@matchday/server';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dataset_meta', (t) => {
    t.string('key', 64).primary();
    t.string('value', 255).notNullable();
  });
  await knex.schema.createTable('leagues', (t) => {
    // API-Football numbering where the league exists there (39 Premier League, 2 Champions League, 323 ISL)
    t.integer('id').unsigned().primary();
    t.string('name', 120).notNullable();
    t.string('display_name', 120).notNullable();
    t.string('country', 80).notNullable();
    t.string('logo', 500).nullable();
    t.string('colour', 16).nullable();
    t.string('type', 16).notNullable().defaultTo('league');
    t.integer('current_season').notNullable();
  });
  await knex.schema.createTable('teams', (t) => {
    t.increments('id').primary();
    t.string('name', 120).notNullable().unique();
    t.string('short_name', 40).nullable();
    t.string('logo', 500).nullable();
    t.string('country', 80).nullable();
    t.string('venue', 120).nullable();
    t.string('venue_city', 80).nullable();
  });
  await knex.schema.createTable('fixtures', (t) => {
    t.increments('id').primary();
    t.integer('league_id').unsigned().notNullable().references('leagues.id');
    t.integer('season').notNullable();
    t.string('round', 60).nullable();
    // UTC, stored as 'YYYY-MM-DD HH:MM:SS'
    t.dateTime('kickoff_at').notNullable();
    t.string('status', 16).notNullable().defaultTo('scheduled');
    t.integer('home_team_id').unsigned().notNullable().references('teams.id');
    t.integer('away_team_id').unsigned().notNullable().references('teams.id');
    t.integer('home_goals').nullable();
    t.integer('away_goals').nullable();
    t.string('venue', 120).nullable();
    t.string('venue_city', 80).nullable();
    t.unique(['league_id', 'season', 'home_team_id', 'away_team_id', 'kickoff_at'], { indexName: 'fixtures_match_unique' });
    t.index(['kickoff_at']);
    t.index(['league_id', 'kickoff_at']);
    t.index(['home_team_id', 'kickoff_at']);
    t.index(['away_team_id', 'kickoff_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('fixtures');
  await knex.schema.dropTable('teams');
  await knex.schema.dropTable('leagues');
  await knex.schema.dropTable('dataset_meta');
}
