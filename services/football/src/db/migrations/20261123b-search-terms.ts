import type { Knex } from '@matchday/server';

/**
 * The search index (GET /api/search): normalised names of teams, players and leagues, one row per word
 * a name can be found by, keyed (kind, term) so a prefix is one index range. The terms compare byte by
 * byte (utf8mb4_bin on MySQL, SQLite's default BINARY), which is what the range bounds assume.
 * Filled from the rows already there; kept up to date by the importer store and the demo generator.
 *
 * A migration runs against databases of any age, so it imports no live code: the backfill below is the
 * normalisation and term rule of domain/search.ts as they stood on 2026-11-23, frozen. A later change of
 * that rule rebuilds the index in a migration of its own.
 */
const TABLE = 'search_terms';
const TERM_LENGTH = 120;

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === 'mysql2';
  await knex.schema.createTable(TABLE, (t) => {
    t.string('kind', 8).notNullable();
    const term = t.string('term', TERM_LENGTH).notNullable();
    if (mysql) term.collate('utf8mb4_bin');
    t.integer('entity_id').unsigned().notNullable();
    t.primary(['kind', 'term', 'entity_id']);
    t.index(['kind', 'entity_id'], 'search_terms_entity');
  });
  await backfill(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable(TABLE);
}

const LETTERS: Record<string, string> = { ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };

/** Every normalised name from each of its words on, cut at the column width. */
function termsOf(names: ReadonlyArray<string | null>): string[] {
  const terms = new Set<string>();
  for (const name of names) {
    const text = (name ?? '')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // the table's letters; ' ’ ‘ ` ´ dropped; white space and - ‐ – — are word breaks (escapes: see domain/search.ts)
      .replace(/[\u00f8\u00df\u00e6\u0153\u0142\u0111\u00f0\u00fe\u0131\u0127]/g, (c) => LETTERS[c] ?? c)
      .replace(/['\u2019\u2018`\u00b4]/g, '')
      .replace(/[\s\-\u2010\u2013\u2014]+/g, ' ')
      .trim();
    text.split(' ').forEach((_, w, words) => {
      if (text) terms.add(words.slice(w).join(' ').slice(0, TERM_LENGTH));
    });
  }
  return [...terms];
}

async function backfill(knex: Knex): Promise<void> {
  const named: Array<{ kind: string; id: number; names: Array<string | null> }> = [
    ...(await knex('leagues').select('id', 'name', 'display_name')).map((l) => ({
      kind: 'league',
      id: l.id,
      names: [l.display_name, l.name],
    })),
    ...(await knex('teams').select('id', 'name')).map((t) => ({ kind: 'team', id: t.id, names: [t.name] })),
    ...(await knex('players').select('id', 'name', 'first_name', 'last_name')).map((p) => ({
      kind: 'player',
      id: p.id,
      names: [p.name, [p.first_name, p.last_name].filter(Boolean).join(' ')],
    })),
  ];
  const rows = named.flatMap(({ kind, id, names }) => termsOf(names).map((term) => ({ kind, term, entity_id: Number(id) })));
  for (let i = 0; i < rows.length; i += 500) await knex(TABLE).insert(rows.slice(i, i + 500));
}
