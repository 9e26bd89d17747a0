import type { Knex } from '@matchday/server';

/**
 * A keyed hash (HMAC-SHA256, hex) of the e-mail of every referred account, and nothing else: no user id,
 * no date. It outlives the account on purpose, so that deleting the account and signing in again with the
 * same e-mail cannot use a referral code a second time. Existing referred users are hashed at the service's
 * start (the key is not known to migrations).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('referred_emails', (t) => {
    t.string('email_hmac', 64).notNullable().primary();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('referred_emails');
}
