import type { Knex } from '@matchday/server';

/**
 * The keyless sync's memory (importers/sync): per source and league code, the file last read (`url`), the
 * validators the upstream gave with it (`etag`, `last_modified`) for the next conditional request, and what the
 * admin dashboard shows: when the league was last run, last changed, last failed and why (epoch ms), and the
 * last run's report (JSON, contracts SyncLeagueRun).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sync_state', (t) => {
    t.string('source', 32).notNullable();
    t.string('code', 16).notNullable();
    t.string('url', 512).notNullable();
    t.string('etag', 255).nullable();
    t.string('last_modified', 64).nullable();
    t.bigInteger('last_run_at').nullable();
    t.bigInteger('last_change_at').nullable();
    t.text('last_error').nullable();
    t.bigInteger('last_error_at').nullable();
    t.text('last_run').nullable();
    t.primary(['source', 'code']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sync_state');
}
