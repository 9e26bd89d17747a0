import type { Knex } from '@matchday/server';

/**
 * Columns that hold a secret or a value derived from one compare bytes: a personal calendar's token (its feed URL
 * is the credential) and the referred e-mails' HMACs. MySQL databases are created utf8mb4_unicode_ci, which
 * compares without case, so a token with its letters' case changed would open the same calendar there. SQLite
 * compares bytes already (BINARY), so only MySQL changes.
 */
const COLUMNS = [
  { table: 'users', column: 'calendar_token', type: 'VARCHAR(32)', nullable: true },
  { table: 'referred_emails', column: 'email_hmac', type: 'VARCHAR(64)', nullable: false },
] as const;

async function collate(knex: Knex, collation: 'utf8mb4_bin' | 'utf8mb4_unicode_ci'): Promise<void> {
  if (knex.client.config.client !== 'mysql2') return;
  for (const { table, column, type, nullable } of COLUMNS) {
    await knex.raw(`ALTER TABLE ?? MODIFY ?? ${type} CHARACTER SET utf8mb4 COLLATE ${collation} ${nullable ? 'NULL' : 'NOT NULL'}`, [
      table,
      column,
    ]);
  }
}

export async function up(knex: Knex): Promise<void> {
  await collate(knex, 'utf8mb4_bin');
}

export async function down(knex: Knex): Promise<void> {
  await collate(knex, 'utf8mb4_unicode_ci');
}
