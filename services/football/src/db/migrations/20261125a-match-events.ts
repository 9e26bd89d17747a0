import type { Knex } from '@matchday/server';

/**
 * Match events (importers/store/events.ts is their one writer): what happens in a match as it is played, each
 * with its sequence within the fixture (`seq`, the timeline's order) and its place in the live feed
 * (`feed_seq`, one sequence over every fixture, the live stream's event id). `feed_seq` comes from the one
 * row of `live_feed`, incremented in the writing transaction: the row lock makes writers commit in feed order,
 * so a reader polling `feed_seq > last` never skips a row that commits late (an AUTO_INCREMENT id could).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('match_events', (t) => {
    t.increments('id').primary();
    t.integer('fixture_id').unsigned().notNullable().references('fixtures.id');
    t.integer('seq').notNullable();
    t.bigInteger('feed_seq').notNullable();
    // names the event within its fixture ('kick-off', 'goal:3'): an event written twice is stored once
    t.string('event_key', 40).notNullable();
    t.string('kind', 24).notNullable();
    t.integer('team_id').unsigned().nullable().references('teams.id');
    t.integer('minute').nullable();
    t.integer('stoppage').nullable();
    // 'goal' | 'penalty' | 'own-goal'
    t.string('goal_kind', 10).nullable();
    t.string('scorer', 100).nullable();
    t.integer('home_score').nullable();
    t.integer('away_score').nullable();
    t.boolean('cancelled').notNullable().defaultTo(false);
    t.bigInteger('happened_ms').notNullable();
    t.unique(['fixture_id', 'seq'], { indexName: 'match_events_fixture_seq' });
    t.unique(['fixture_id', 'event_key'], { indexName: 'match_events_fixture_key' });
    t.unique(['feed_seq'], { indexName: 'match_events_feed_seq' });
  });
  await knex.schema.createTable('live_feed', (t) => {
    t.integer('id').primary();
    t.bigInteger('last_seq').notNullable();
  });
  await knex('live_feed').insert({ id: 1, last_seq: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('live_feed');
  await knex.schema.dropTable('match_events');
}
