import type { Knex } from '@matchday/server';
import { MAX_TERM_LENGTH } from '../../modules/search/normalize';
import { rebuildSearchIndex, SEARCH_TABLE } from '../../modules/search/terms';

/**
 * The search index (GET /api/search): normalised names of teams, players and leagues, one row per word
 * a name can be found by, keyed (kind, term) so a prefix is one index range. The terms compare byte by
 * byte (utf8mb4_bin on MySQL, SQLite's default BINARY), which is what the range bounds assume.
 * Filled from the rows already there; kept up to date by the importer store and the demo generator.
 */
export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === 'mysql2';
  await knex.schema.createTable(SEARCH_TABLE, (t) => {
    t.string('kind', 8).notNullable();
    const term = t.string('term', MAX_TERM_LENGTH).notNullable();
    if (mysql) term.collate('utf8mb4_bin');
    t.integer('entity_id').unsigned().notNullable();
    t.primary(['kind', 'term', 'entity_id']);
    t.index(['kind', 'entity_id'], 'search_terms_entity');
  });
  await rebuildSearchIndex(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable(SEARCH_TABLE);
}
