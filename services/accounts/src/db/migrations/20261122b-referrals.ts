import type { Knex } from '@matchday/server';

/**
 * One row per completed referral. `referred_id` is unique: an account is referred at most once.
 * When either account is deleted its id becomes NULL, so the record (and the referrer's count)
 * stays while the deleted person's identity goes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('referrals', (t) => {
    t.increments('id').primary();
    t.integer('referrer_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.integer('referred_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.string('status', 16).notNullable().defaultTo('completed');
    t.dateTime('created_at').notNullable();
    t.unique(['referred_id'], { indexName: 'referrals_referred_unique' });
    t.index(['referrer_id', 'created_at'], 'referrals_referrer_created');
  });
  await knex.schema.alterTable('users', (t) => {
    t.index(['created_at'], 'users_created_at');
    t.index(['last_login_at'], 'users_last_login_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['created_at'], 'users_created_at');
    t.dropIndex(['last_login_at'], 'users_last_login_at');
  });
  await knex.schema.dropTable('referrals');
}
