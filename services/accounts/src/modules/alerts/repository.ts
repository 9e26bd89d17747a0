import type { Knex } from '@matchday/server';
import { PREFERENCE_COLUMNS, preferencesOf, type PreferenceColumns } from '../users/preferences';
import type { RecipientPreferences } from './compose';

/** One device of a follower of a match, with the user's alert choices. */
export interface Recipient {
  subscriptionId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  userId: number;
  /** The earliest instant the user followed this match's team or league (epoch ms). */
  followedSinceMs: number;
  /** The device's subscription instant: it receives nothing stored before it. */
  subscribedMs: number;
  prefs: RecipientPreferences;
}

/** Every device of every user who follows one of these teams or this league. */
export async function recipientsOf(db: Knex, match: { teamIds: number[]; leagueId: number }): Promise<Recipient[]> {
  const followers = (await db('follows')
    .where((w) => {
      w.where((t) => t.where('kind', 'team').whereIn('target_id', match.teamIds)).orWhere((l) =>
        l.where('kind', 'league').where('target_id', match.leagueId),
      );
    })
    .groupBy('user_id')
    .select('user_id', db.raw('min(created_ms) as followed_ms'))) as Array<{ user_id: number; followed_ms: number | string }>;
  if (followers.length === 0) return [];
  const since = new Map(followers.map((f) => [Number(f.user_id), Number(f.followed_ms)]));
  const rows = (await db('push_subscriptions as s')
    .join('users as u', 'u.id', 's.user_id')
    .whereIn('s.user_id', [...since.keys()])
    .select(
      's.id as subscription_id',
      's.user_id',
      's.endpoint',
      's.p256dh',
      's.auth',
      's.created_ms',
      ...PREFERENCE_COLUMNS.map((c) => `u.${c}`),
    )) as Array<
    PreferenceColumns & {
      subscription_id: number;
      user_id: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      created_ms: number | string;
    }
  >;
  return rows.map((row) => ({
    subscriptionId: Number(row.subscription_id),
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    userId: Number(row.user_id),
    followedSinceMs: since.get(Number(row.user_id))!,
    subscribedMs: Number(row.created_ms),
    prefs: preferencesOf(row),
  }));
}

/** Whether anyone with a push device follows one of these teams or leagues (the sender reads the live feed then). */
export async function anyDeviceFollows(db: Knex, followed: { teamIds: number[]; leagueIds: number[] }): Promise<boolean> {
  if (followed.teamIds.length === 0 && followed.leagueIds.length === 0) return false;
  const row = (await db('follows as f')
    .where((w) => {
      w.where((t) => t.where('f.kind', 'team').whereIn('f.target_id', followed.teamIds)).orWhere((l) =>
        l.where('f.kind', 'league').whereIn('f.target_id', followed.leagueIds),
      );
    })
    .whereExists((sub) => sub.select('s.id').from('push_subscriptions as s').whereRaw('s.user_id = f.user_id'))
    .first('f.user_id')) as { user_id: number } | undefined;
  return row !== undefined;
}

/**
 * Claims (alert, device) pairs before sending, many in one statement: the unique key lets each pair through once,
 * across restarts and concurrent senders, so a device gets an alert at most once. Returns the pairs this claim
 * won (`subscriptionId alertKey`); those claimed before, by this sender or another, are left out.
 */
export async function claimDeliveries(
  db: Knex,
  claim: string,
  pairs: ReadonlyArray<{ subscriptionId: number; alertKey: string; eventMs: number }>,
): Promise<Set<string>> {
  const won = new Set<string>();
  for (let i = 0; i < pairs.length; i += 500) {
    const chunk = pairs.slice(i, i + 500);
    await db('push_deliveries')
      .insert(
        chunk.map((p) => ({
          subscription_id: p.subscriptionId,
          alert_key: p.alertKey,
          claim,
          status: 'sending',
          attempts: 0,
          event_ms: p.eventMs,
        })),
      )
      .onConflict(['subscription_id', 'alert_key'])
      .ignore();
  }
  const rows = (await db('push_deliveries').where({ claim }).select('subscription_id', 'alert_key')) as Array<{
    subscription_id: number;
    alert_key: string;
  }>;
  for (const row of rows) won.add(`${Number(row.subscription_id)} ${row.alert_key}`);
  return won;
}

export interface DeliveryResult {
  subscriptionId: number;
  alertKey: string;
  status: 'sent' | 'failed' | 'expired';
  attempts: number;
  sentMs: number | null;
}

/** Records how the claimed deliveries went, in one transaction. */
export async function finishDeliveries(db: Knex, claim: string, results: readonly DeliveryResult[]): Promise<void> {
  if (results.length === 0) return;
  await db.transaction(async (trx) => {
    for (const r of results) {
      await trx('push_deliveries')
        .where({ claim, subscription_id: r.subscriptionId, alert_key: r.alertKey })
        .update({ status: r.status, attempts: r.attempts, sent_ms: r.sentMs });
    }
  });
}

/** Devices that can never take a push (push service said so, or keys that cannot be used) go, with their deliveries. */
export async function dropSubscriptions(db: Knex, subscriptionIds: readonly number[]): Promise<void> {
  for (let i = 0; i < subscriptionIds.length; i += 500) {
    const chunk = subscriptionIds.slice(i, i + 500);
    await db.transaction(async (trx) => {
      await trx('push_deliveries').whereIn('subscription_id', chunk).delete();
      await trx('push_subscriptions').whereIn('id', chunk).delete();
    });
  }
}

/** Where the sender stands in the live feed (null: never started). */
export async function feedCursor(db: Knex): Promise<number | null> {
  const row = (await db('notifier_state').where({ id: 1 }).first('feed_seq')) as { feed_seq: number | string | null } | undefined;
  return row?.feed_seq === null || row?.feed_seq === undefined ? null : Number(row.feed_seq);
}

export async function saveFeedCursor(db: Knex, feedSeq: number): Promise<void> {
  await db('notifier_state').where({ id: 1 }).update({ feed_seq: feedSeq });
}

/** Deliveries older than 30 days are forgotten (their events are long past any TTL). */
export async function purgeDeliveries(db: Knex, nowMs: number): Promise<number> {
  return db('push_deliveries')
    .where('event_ms', '<', nowMs - 30 * 86_400_000)
    .delete();
}
