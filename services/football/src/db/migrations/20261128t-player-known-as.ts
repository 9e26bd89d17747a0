import type { Knex } from '@matchday/server';

/**
 * `players.known_as`: the name fans know a player by where a source gives one besides the legal name (FPL's
 * `web_name`: "Casemiro" for Carlos Henrique Casimiro, "M.Salah"). Search finds a player by it too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('players', (t) => {
    t.string('known_as', 120).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('players', (t) => {
    t.dropColumn('known_as');
  });
}
