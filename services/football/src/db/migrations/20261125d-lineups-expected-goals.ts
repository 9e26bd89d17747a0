import type { Knex } from '@matchday/server';

/**
 * For Dream11 picks from confirmed line-ups and chances:
 * - `fixture_lineups`: a match's announced starting XI (one row per player named, `starting` 1 for the XI,
 *   0 for a named substitute where the source names them). A replay releases it at kick-off - 60 min from
 *   FPL's per-match `starts` (importers/replay.ts); with API_FOOTBALL_KEY it comes from API-Football's
 *   `fixtures/lineups`. The store's saveLineups is its one writer (importers/store/players.ts).
 * - `fixture_player_stats.expected_goals` / `expected_assists`: FPL's per-match xG and xA (null where the
 *   source has none), doubles (knex float() is FLOAT(8,2) on MySQL).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fixture_lineups', (t) => {
    t.integer('fixture_id').unsigned().notNullable().references('fixtures.id').onDelete('CASCADE');
    t.integer('player_id').unsigned().notNullable().references('players.id');
    t.integer('team_id').unsigned().notNullable().references('teams.id');
    t.boolean('starting').notNullable().defaultTo(true);
    t.primary(['fixture_id', 'player_id']);
  });
  await knex.schema.alterTable('fixture_player_stats', (t) => {
    t.double('expected_goals').nullable();
    t.double('expected_assists').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixture_player_stats', (t) => {
    t.dropColumn('expected_goals');
    t.dropColumn('expected_assists');
  });
  await knex.schema.dropTable('fixture_lineups');
}
