import type { Knex } from '@matchday/server';

/**
 * The draw of a tournament's knockouts (GET /api/bracket): `match_number` is the tournament's own number of the match
 * (the World Cup 2026 final is 104), `home_slot` / `away_slot` the labels of its two places as the draw fixed them
 * (`2A`, `1E`, `3A/B/C/D/F`, `W74`, `L101`), so that a bracket can name a place before its team is known. The
 * openfootball tournament importer fills them (importers/sources/tournament-draw.ts); null everywhere else.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixtures', (t) => {
    t.integer('match_number').nullable();
    t.string('home_slot', 24).nullable();
    t.string('away_slot', 24).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixtures', (t) => {
    t.dropColumn('match_number');
    t.dropColumn('home_slot');
    t.dropColumn('away_slot');
  });
}
