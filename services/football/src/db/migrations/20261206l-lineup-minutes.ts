import type { Knex } from '@matchday/server';

/**
 * What a line-up source with minutes says beyond FPL's lines (football.json's `-full` files):
 * - `fixture_player_stats.captain`: the side's captain (true), another player (false); null where the source names none;
 * - `fixture_player_stats.came_on` / `went_off`: the minute a substitute came on and a player went off (substituted or
 *   sent off), stoppage time left out ("45+2" is 45); null where he did not, or the source gives no minute (FPL).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixture_player_stats', (t) => {
    t.boolean('captain').nullable();
    t.integer('came_on').nullable();
    t.integer('went_off').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixture_player_stats', (t) => {
    t.dropColumn('captain');
    t.dropColumn('came_on');
    t.dropColumn('went_off');
  });
}
