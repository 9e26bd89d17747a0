import type { Knex } from '@matchday/server';

/**
 * Who a card or a substitution is about, on the match's timeline (GET /api/fixture-events):
 * - `match_events.player`: the player booked or sent off ('yellow-card', 'red-card'), or coming on ('substitution');
 * - `match_events.player_off`: the player going off ('substitution').
 * Null on the other kinds (a goal's player is its `scorer`), and where the source does not name him.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('match_events', (t) => {
    t.string('player', 100).nullable();
    t.string('player_off', 100).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('match_events', (t) => {
    t.dropColumn('player');
    t.dropColumn('player_off');
  });
}
