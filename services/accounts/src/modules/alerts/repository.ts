import type { Knex } from '@matchday/server';
import { PREFERENCE_COLUMNS, preferencesOf, type PreferenceColumns } from '../users/preferences';
import type { PushAlert } from '@matchday/contracts';
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

/** The devices of users who follow anything (newest first, at most `limit`): those a sender makes message keys ahead for. */
export async function followersDevices(
  db: Knex,
  limit: number,
): Promise<Array<{ id: number; endpoint: string; p256dh: string; auth: string }>> {
  const rows = (await db('push_subscriptions as s')
    .whereExists((sub) => sub.select('f.user_id').from('follows as f').whereRaw('f.user_id = s.user_id'))
    .orderBy('s.id', 'desc')
    .limit(limit)
    .select('s.id', 's.endpoint', 's.p256dh', 's.auth')) as Array<{ id: number; endpoint: string; p256dh: string; auth: string }>;
  return rows.map((row) => ({ id: Number(row.id), endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }));
}

/** What a sender needs to send one queued (alert, device) pair. */
export interface QueuedAlert {
  alert: PushAlert;
  ttlSeconds: number;
  urgency: 'high' | 'normal';
  topic: string;
}

/** One (alert, device) pair to queue: its key, when its event was stored, when its TTL ends, and what to send. */
export interface NewDelivery {
  subscriptionId: number;
  alertKey: string;
  eventMs: number;
  deadlineMs: number;
  queued: QueuedAlert;
}

/**
 * Queues (alert, device) pairs, many per statement, in the order given (a device's alerts are sent in queue order).
 * The unique key lets each pair in once, across restarts and senders: one queued before, or sent, is left as it is.
 */
export async function enqueueDeliveries(db: Knex, pairs: readonly NewDelivery[]): Promise<void> {
  for (let i = 0; i < pairs.length; i += 500) {
    await db('push_deliveries')
      .insert(
        pairs.slice(i, i + 500).map((p) => ({
          subscription_id: p.subscriptionId,
          alert_key: p.alertKey,
          claim: '',
          status: 'queued',
          attempts: 0,
          event_ms: p.eventMs,
          deadline_ms: p.deadlineMs,
          not_before_ms: 0,
          payload: JSON.stringify(p.queued),
        })),
      )
      .onConflict(['subscription_id', 'alert_key'])
      .ignore();
  }
}

/** One claimed delivery, with its device. */
export interface ClaimedDelivery {
  id: number;
  subscriptionId: number;
  alertKey: string;
  attempts: number;
  eventMs: number;
  deadlineMs: number;
  queued: QueuedAlert;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Whether anything waits to be claimed: a queued delivery due now, or a claim whose lease ran out (one indexed read). */
export async function anyClaimable(db: Knex, nowMs: number): Promise<boolean> {
  const queued = await db('push_deliveries').where({ status: 'queued' }).where('not_before_ms', '<=', nowMs).first('id');
  if (queued) return true;
  return (await db('push_deliveries').where({ status: 'sending' }).where('lease_ms', '<', nowMs).first('id')) !== undefined;
}

/**
 * Deliveries whose claim's lease ran out (their sender stopped without finishing them) go back to the queue, to be
 * claimed again in their order. Returns how many.
 */
export async function takeOverExpired(db: Knex, nowMs: number): Promise<number> {
  return db('push_deliveries').where({ status: 'sending' }).where('lease_ms', '<', nowMs).update({ status: 'queued', claim: '' });
}

/**
 * Claims up to `limit` queued deliveries for `claim`, leased until `leaseMs`: the oldest first, and of each device
 * only its oldest unfinished one (the next is claimed once that one is finished), so a device gets its alerts in
 * queue order whichever senders send them. One statement: on SQLite writes are serialised; on MySQL, at READ
 * COMMITTED, two senders that pick the same rows are kept apart by the status re-checked under the row lock.
 */
export async function claimQueued(
  db: Knex,
  claim: string,
  options: { limit: number; nowMs: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const statement = (conn: Knex | Knex.Transaction) =>
    conn.raw(
      `UPDATE push_deliveries SET claim = ?, status = 'sending', lease_ms = ?
       WHERE status = 'queued' AND not_before_ms <= ? AND id IN (
         SELECT id FROM (
           SELECT d.id FROM push_deliveries d
           WHERE d.status = 'queued' AND d.not_before_ms <= ?
             AND NOT EXISTS (
               SELECT 1 FROM push_deliveries e
               WHERE e.subscription_id = d.subscription_id AND e.id < d.id AND e.status IN ('queued', 'sending')
             )
           ORDER BY d.id
           LIMIT ?
         ) picked
       )`,
      [claim, options.leaseMs, options.nowMs, options.nowMs, options.limit],
    );
  if (db.client.config.client === 'mysql2') await db.transaction((trx) => statement(trx), { isolationLevel: 'read committed' });
  else await statement(db);
  const rows = (await db('push_deliveries as d')
    .join('push_subscriptions as s', 's.id', 'd.subscription_id')
    .where({ 'd.claim': claim, 'd.status': 'sending' })
    .orderBy('d.id')
    .select(
      'd.id',
      'd.subscription_id',
      'd.alert_key',
      'd.attempts',
      'd.event_ms',
      'd.deadline_ms',
      'd.payload',
      's.endpoint',
      's.p256dh',
      's.auth',
    )) as Array<{
    id: number;
    subscription_id: number;
    alert_key: string;
    attempts: number;
    event_ms: number | string;
    deadline_ms: number | string | null;
    payload: string | null;
    endpoint: string;
    p256dh: string;
    auth: string;
  }>;
  // the devices of one alert share its payload: parsed once, the same object for each (sender.ts makes its JSON once)
  const parsed = new Map<string, QueuedAlert>();
  return rows.flatMap((row) => {
    if (row.payload === null) return [];
    let queued = parsed.get(row.payload);
    if (queued === undefined) {
      queued = JSON.parse(row.payload) as QueuedAlert;
      parsed.set(row.payload, queued);
    }
    return [
      {
        id: Number(row.id),
        subscriptionId: Number(row.subscription_id),
        alertKey: row.alert_key,
        attempts: Number(row.attempts),
        eventMs: Number(row.event_ms),
        deadlineMs: row.deadline_ms === null ? 0 : Number(row.deadline_ms),
        queued,
        endpoint: row.endpoint,
        keys: { p256dh: row.p256dh, auth: row.auth },
      },
    ];
  });
}

/** The claim's deliveries still being sent are leased until `leaseMs` (the claimer is alive and working). */
export async function renewClaim(db: Knex, claim: string, leaseMs: number): Promise<number> {
  return db('push_deliveries').where({ claim, status: 'sending' }).update({ lease_ms: leaseMs });
}

export interface DeliveryResult {
  id: number;
  status: 'sent' | 'failed' | 'expired';
  attempts: number;
}

/**
 * Records how claimed deliveries went, a statement per outcome (what was sent no longer needs its payload). Only
 * while the claim is still this sender's: a delivery another sender has taken over since is left to it.
 */
export async function finishDeliveries(db: Knex, claim: string, results: readonly DeliveryResult[], nowMs: number): Promise<void> {
  const groups = new Map<string, number[]>();
  for (const r of results) {
    const key = `${r.status} ${r.attempts}`;
    groups.set(key, [...(groups.get(key) ?? []), r.id]);
  }
  for (const [key, ids] of groups) {
    const [status, attempts] = key.split(' ') as [DeliveryResult['status'], string];
    for (let i = 0; i < ids.length; i += 500) {
      await db('push_deliveries')
        .where({ claim, status: 'sending' })
        .whereIn('id', ids.slice(i, i + 500))
        .update({ status, attempts: Number(attempts), sent_ms: status === 'sent' ? nowMs : null, payload: null, lease_ms: null });
    }
  }
}

/** A delivery worth another try goes back to the queue, not claimed again before `notBeforeMs`. */
export async function retryLater(db: Knex, claim: string, id: number, attempts: number, notBeforeMs: number): Promise<void> {
  await db('push_deliveries')
    .where({ claim, status: 'sending', id })
    .update({ status: 'queued', claim: '', attempts, not_before_ms: notBeforeMs, lease_ms: null });
}

/**
 * The leader's lease: the one sender that reads the live feed and the schedule and queues what they bring. Taken
 * when free or run out, renewed by its holder; returns whether `sender` holds it until `untilMs`. `awakeUntilMs`
 * (when given) tells the other senders until when alerts may be queued at any moment (they look at the queue often).
 */
export async function leadAlerts(db: Knex, sender: string, nowMs: number, untilMs: number): Promise<boolean> {
  const updated = await db('notifier_state')
    .where({ id: 1 })
    .where((w) => w.whereNull('leader').orWhere('leader', sender).orWhere('leader_until_ms', '<', nowMs))
    .update({ leader: sender, leader_until_ms: untilMs });
  return updated === 1;
}

/** The leader says until when it reads the live feed (0: not now). */
export async function setAwakeUntil(db: Knex, sender: string, untilMs: number): Promise<void> {
  await db('notifier_state').where({ id: 1, leader: sender }).update({ awake_until_ms: untilMs });
}

/** Who leads and until when, and until when it reads the live feed (0: not now). */
interface LeaderState {
  leader: string | null;
  leaderUntilMs: number;
  awakeUntilMs: number;
}

/**
 * The leader's lease as it stands (one read, no lock taken): a sender that does not lead takes the lease only when it
 * is free or ran out (leadAlerts), so the other senders' rounds write nothing while one leads.
 */
async function leaderState(db: Knex): Promise<LeaderState> {
  const row = (await db('notifier_state').where({ id: 1 }).first('leader', 'leader_until_ms', 'awake_until_ms')) as
    { leader: string | null; leader_until_ms: number | string | null; awake_until_ms: number | string | null } | undefined;
  return {
    leader: row?.leader ?? null,
    leaderUntilMs: Number(row?.leader_until_ms ?? 0),
    awakeUntilMs: Number(row?.awake_until_ms ?? 0),
  };
}

/**
 * A sender's look at the leader's lease each round: taken or kept (leadAlerts) when it is free, ran out or is already
 * `sender`'s; while another sender holds it, only read (no write, so no write lock per round). Returns whether
 * `sender` leads, and until when the leader reads the live feed.
 */
export async function leadOrFollow(
  db: Knex,
  sender: string,
  nowMs: number,
  untilMs: number,
): Promise<{ leading: boolean; awakeUntilMs: number }> {
  const state = await leaderState(db);
  const free = state.leader === null || state.leader === sender || state.leaderUntilMs < nowMs;
  if (free && (await leadAlerts(db, sender, nowMs, untilMs))) return { leading: true, awakeUntilMs: state.awakeUntilMs };
  return { leading: false, awakeUntilMs: free ? (await leaderState(db)).awakeUntilMs : state.awakeUntilMs };
}

/** Gives the leader's lease up (a sender that stops), so another takes it at once. */
export async function resignAlerts(db: Knex, sender: string): Promise<void> {
  await db('notifier_state').where({ id: 1, leader: sender }).update({ leader: null, leader_until_ms: null });
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
/** Where the leader has read the live feed to: a position of the feed's epoch (null: never read). */
export interface FeedCursor {
  seq: number;
  /** null: stored before epochs (taken as the feed's current one at the next read). */
  epoch: string | null;
}

export async function feedCursor(db: Knex): Promise<FeedCursor | null> {
  const row = (await db('notifier_state').where({ id: 1 }).first('feed_seq', 'feed_epoch')) as
    { feed_seq: number | string | null; feed_epoch: string | null } | undefined;
  return row?.feed_seq === null || row?.feed_seq === undefined ? null : { seq: Number(row.feed_seq), epoch: row.feed_epoch ?? null };
}

export async function saveFeedCursor(db: Knex, cursor: FeedCursor): Promise<void> {
  await db('notifier_state').where({ id: 1 }).update({ feed_seq: cursor.seq, feed_epoch: cursor.epoch });
}

/** Deliveries older than 30 days are forgotten (their events are long past any TTL). */
export async function purgeDeliveries(db: Knex, nowMs: number): Promise<number> {
  return db('push_deliveries')
    .where('event_ms', '<', nowMs - 30 * 86_400_000)
    .delete();
}
