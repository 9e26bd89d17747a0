import type { Knex } from '@matchday/server';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    t.string('first_name', 100).nullable();
    t.string('last_name', 100).nullable();
    t.string('profile_image_url', 1000).nullable();
    t.string('login_method', 16).notNullable().defaultTo('google');
    t.string('referral_code', 8).notNullable().unique();
    t.dateTime('free_access_until').nullable();
    t.string('theme', 8).nullable();
    t.dateTime('last_login_at').nullable();
    t.dateTime('created_at').notNullable();
  });
  await knex.schema.createTable('login_events', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.dateTime('at').notNullable();
    t.index(['at']);
    t.index(['user_id', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_events');
  await knex.schema.dropTable('users');
}
