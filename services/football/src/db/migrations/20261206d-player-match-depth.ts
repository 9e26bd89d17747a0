import type { Knex } from '@matchday/server';

/**
 * What FPL's per-match lines say beyond goals and assists, for a match page with depth:
 * - `fixture_player_stats.own_goals`: own goals the player scored (they count for the other side); the scorers of a
 *   match without goal minutes are read from these lines (modules/live/player-events.ts);
 * - `fixture_player_stats.bps`: FPL's bonus points system score of the match, the base of the player's rating
 *   (importers/sources/fpl-rating.ts). Null where the source has neither.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixture_player_stats', (t) => {
    t.integer('own_goals').nullable();
    t.integer('bps').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixture_player_stats', (t) => {
    t.dropColumn('own_goals');
    t.dropColumn('bps');
  });
}
