import type { Knex } from '@matchday/server';

/**
 * Knex's float() is FLOAT(8,2) on MySQL: probabilities, odds and RPS kept two decimals there. They are
 * doubles now (SQLite's REAL already is one, so only MySQL changes).
 */
const COLUMNS = [
  ['probability', false],
  ['odds', true],
  ['p_home', false],
  ['p_draw', false],
  ['p_away', false],
  ['p_over25', false],
  ['p_btts', false],
  ['p_home_minus1', false],
  ['p_push', false],
  ['xg_home', false],
  ['xg_away', false],
  ['book_home', true],
  ['book_draw', true],
  ['book_away', true],
  ['rps', true],
  ['book_rps', true],
] as const;

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'mysql2') return;
  await knex.schema.alterTable('tips', (t) => {
    for (const [name, nullable] of COLUMNS) {
      const column = t.double(name);
      (nullable ? column.nullable() : column.notNullable()).alter();
    }
  });
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'mysql2') return;
  await knex.schema.alterTable('tips', (t) => {
    for (const [name, nullable] of COLUMNS) {
      const column = t.float(name);
      (nullable ? column.nullable() : column.notNullable()).alter();
    }
  });
}
