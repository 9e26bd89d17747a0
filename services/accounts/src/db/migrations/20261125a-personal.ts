import type { Knex } from '@matchday/server';

/**
 * What makes the app personal: the user's alert and spoiler preferences and calendar token, their
 * follows, their devices' push subscriptions and the alerts sent to each device. Instants the notifier
 * compares with the football service's event times are epoch milliseconds (`*_ms`), as its events are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('spoiler_free').notNullable().defaultTo(false);
    t.string('spoiler_scope', 8).notNullable().defaultTo('all');
    // JSON of the AlertToggles that differ from the defaults (null: all defaults)
    t.string('alert_prefs', 255).nullable();
    // 'HH:MM' in time_zone; both null: no quiet hours
    t.string('quiet_start', 5).nullable();
    t.string('quiet_end', 5).nullable();
    t.string('time_zone', 64).notNullable().defaultTo('UTC');
    t.boolean('follow_prompt_dismissed').notNullable().defaultTo(false);
    // the personal calendar feed's secret (base64url of 24 random bytes); rotated from Settings
    t.string('calendar_token', 32).nullable().unique();
  });
  await knex.schema.createTable('follows', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    // 'team' | 'league' | 'player'
    t.string('kind', 8).notNullable();
    t.integer('target_id').unsigned().notNullable();
    t.bigInteger('created_ms').notNullable();
    t.unique(['user_id', 'kind', 'target_id'], { indexName: 'follows_user_target' });
    t.index(['kind', 'target_id'], 'follows_target');
  });
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    // the endpoint is long (FCM's are ~200 characters, any URL is allowed): unique through its SHA-256
    t.string('endpoint_hash', 64).notNullable().unique();
    t.text('endpoint').notNullable();
    t.string('p256dh', 100).notNullable();
    t.string('auth', 32).notNullable();
    t.bigInteger('created_ms').notNullable();
    t.index(['user_id'], 'push_subscriptions_user');
  });
  // One row per (alert, device): the unique key makes every alert at most once per device, across restarts.
  await knex.schema.createTable('push_deliveries', (t) => {
    t.increments('id').primary();
    t.integer('subscription_id').unsigned().notNullable().references('push_subscriptions.id').onDelete('CASCADE');
    t.string('alert_key', 64).notNullable();
    // the sender round that claimed it (a round claims many at once and reads back which were its own)
    t.string('claim', 24).notNullable();
    // 'sending' | 'sent' | 'failed' | 'expired'
    t.string('status', 8).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    // when the event was stored by the football service, and when the push service accepted the alert
    t.bigInteger('event_ms').notNullable();
    t.bigInteger('sent_ms').nullable();
    t.unique(['subscription_id', 'alert_key'], { indexName: 'push_deliveries_once' });
    t.index(['status'], 'push_deliveries_status');
    t.index(['claim'], 'push_deliveries_claim');
  });
  // The notifier's place in the live feed and in the kick-off schedule (one row).
  await knex.schema.createTable('notifier_state', (t) => {
    t.integer('id').primary();
    t.bigInteger('feed_seq').nullable();
    t.bigInteger('kickoff_until_ms').nullable();
  });
  await knex('notifier_state').insert({ id: 1, feed_seq: null, kickoff_until_ms: null });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notifier_state');
  await knex.schema.dropTable('push_deliveries');
  await knex.schema.dropTable('push_subscriptions');
  await knex.schema.dropTable('follows');
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['calendar_token']);
    for (const column of [
      'spoiler_free',
      'spoiler_scope',
      'alert_prefs',
      'quiet_start',
      'quiet_end',
      'time_zone',
      'follow_prompt_dismissed',
      'calendar_token',
    ]) {
      t.dropColumn(column);
    }
  });
}
