import { MAX_FEED_WAIT_MS, type DatasetInfo, type Fixture, type LiveChange, type LiveFeedPage, type ReplayInfo } from '@matchday/contracts';
import type { FootballClient, Knex, Logger } from '@matchday/server';
import type { VapidKeys } from '../../lib/vapid';
import {
  composeEventAlert,
  composeKickOffAlert,
  composeLineupsAlert,
  markReplay,
  KICK_OFF_REMINDER_MS,
  LINE_UPS_WINDOW_MS,
  type OutgoingAlert,
} from './compose';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  anyClaimable,
  anyDeviceFollows,
  claimQueued,
  dropSubscriptions,
  enqueueDeliveries,
  feedCursor,
  followersDevices,
  leadOrFollow,
  purgeDeliveries,
  recipientsOf,
  resignAlerts,
  saveFeedCursor,
  setAwakeUntil,
  takeOverExpired,
  type ClaimedDelivery,
  type NewDelivery,
  type Recipient,
} from './repository';
import { sendClaim, type DeliveryOutcome } from './claim';
import { KeysAhead } from './keys-ahead';
import { PushConnections } from './push-connections';
import { VapidHeaders } from './sender';

export type { DeliveryOutcome } from './claim';

export interface AlertsOptions {
  football: FootballClient;
  vapid: () => VapidKeys;
  logger: Logger;
  /** How often the live feed (leader) and the queue (every sender) are looked at while a followed match is live (ms). */
  pollMs: number;
  /** How often the kick-off schedule is read (ms, default 30 s). */
  kickOffEveryMs?: number;
  /** How long a claim (and the leader's role) holds without being renewed: a stopped sender's work is taken over after it. */
  leaseMs?: number;
  /**
   * How many pushes are out at once (default 128), one kept-alive connection each to a push service: with a push
   * service that answers in t ms a sender sends at most this × 1,000 / t a second, whatever its CPU.
   */
  sendConcurrency?: number;
  /**
   * For how many followers' devices this sender keeps one message's encryption keys made ahead while a followed match
   * is within its live window (default KEYS_AHEAD; 0: keys are made as each push is sent).
   */
  keysAhead?: number | undefined;
  now?: () => number;
  /** A certificate (PEM) to trust for push services besides the system's: tests' stand-in push service. */
  pushCa?: string;
  /** Why the server may not call a stored endpoint, or null (push/device.ts endpointProblem with the config). */
  endpointProblem?: (endpoint: string) => string | null;
  /** Called after each delivery (benches and tests). */
  onDelivery?: (outcome: DeliveryOutcome, delivery: { subscriptionId: number; alertKey: string }) => void;
}

/** A followed match keeps the sender reading the live feed from this long before its kick-off... */
export const LIVE_LEAD_MS = 30 * 60_000;
/** ...to this long after it (extra time, a shoot-out, a late correction). */
export const LIVE_TAIL_MS = 4 * 3_600_000;
/** A claim (and the leader's role) lasts this long unless renewed (ALERTS_LEASE_MS). */
export const DEFAULT_LEASE_MS = 10_000;

/**
 * Sends to this many devices at once by default (ALERTS_PUSH_CONCURRENCY), one connection each to a push service: a
 * push service across the Internet answers in tens of ms, and a sender keeping 32 out sent 485 pushes a second to one
 * answering in 50 ms, 128 out 1,178 (bench/alerts.ts with BENCH_PUSH_LATENCY_MS=50).
 */
export const DEFAULT_SEND_CONCURRENCY = 128;
/**
 * Message keys are made ahead for this many devices by default (ALERTS_KEYS_AHEAD): about 0.3 KB and 0.25 ms of CPU
 * each, made while the sender waits, taking about half of a push's CPU out of a burst (message-keys.ts).
 */
export const KEYS_AHEAD = 20_000;
/** Keys are made ahead in slices of at most this much work, between which the sender answers its I/O (ms)... */
const KEYS_SLICE_MS = 5;
/**
 * ...and from this long after the sender last sent (ms): the keys a burst used are made again once it is over, not
 * while the other senders still send its last batches.
 */
const KEYS_AFTER_SENDING_MS = 1_000;
/** Deliveries claimed at once: small enough that several senders share a burst, large enough to cost few queries. */
const CLAIM_BATCH = 256;
/** While the leader reads the feed, the other senders look at the queue this often (ms, or pollMs if shorter). */
const FOLLOWER_POLL_MS = 100;
const PAGE = 200;

type Job = { recipient: Recipient; outgoing: OutgoingAlert };

/**
 * One alert sender. Any number of them, in any processes that share the database, deliver the alerts together:
 * - one of them at a time (the leader, by a lease in notifier_state) reads the football service's live feed from
 *   where it stopped (the cursor is kept in the database; the first start begins at the feed's end, so no burst of
 *   old events) and every 30 s the fixtures kicking off within 30 minutes, and queues each event's alert for every
 *   device of every follower of its teams or league, as compose.ts decides: one row per (alert, device), the
 *   unique key letting each in once;
 * - every sender (the leader too) claims queued deliveries in batches under a lease it renews while it sends, and
 *   records how each went. A sender that stops (killed, its host lost) leaves claims whose lease runs out: another
 *   takes them over and sends them. What a sender had sent but not yet recorded when it stopped (at most what was in
 *   flight and one batch of outcomes, claim.ts) is sent again with the same Topic, so a phone that has not fetched it
 *   yet keeps one, and the service worker shows one notification per tag.
 * A device's alerts are claimed one at a time, in queue order, whichever sender sends them.
 */
export class AlertSender {
  /** This sender, as the leases name it. */
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly now: () => number;
  private readonly leaseMs: number;
  private lastKickOffCheck = Number.NEGATIVE_INFINITY;
  private awake = false;
  private leading = false;
  /** How long a round may go on sending (tick's maxMs). */
  private roundMs = Number.POSITIVE_INFINITY;
  /** Whether the last round stopped with deliveries left to claim (the next round comes at once). */
  private moreQueued = false;
  /** When the round in hand (or the last) started. */
  private roundStartedMs = 0;
  /** When the leader last said the feed is being read (followers look at the queue often until then). */
  private othersAwakeUntil = 0;
  /** The replay being served, read with each look at the schedule (alerts then say they come from it). */
  private replay: Pick<ReplayInfo, 'shiftMs'> | null = null;
  /** One signed VAPID header per push service, reused (sender.ts). */
  readonly vapidHeaders = new VapidHeaders();
  /** Kept-alive connections to the push services, at most sendConcurrency to each. */
  private readonly connections: PushConnections;
  private readonly sendConcurrency: number;
  /** One message's keys made ahead for each follower's device (message-keys.ts). */
  readonly keysAhead: KeysAhead;
  /** When the devices keys are made ahead for were last read (at the schedule's pace). */
  private devicesReadMs = Number.NEGATIVE_INFINITY;
  /** Whether a round is sending, and when one last stopped (keys are not made ahead meanwhile, nor just after). */
  private sending = false;
  private sentUntilMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Knex,
    private readonly options: AlertsOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.sendConcurrency = options.sendConcurrency ?? DEFAULT_SEND_CONCURRENCY;
    this.connections = new PushConnections({ connections: this.sendConcurrency, ca: options.pushCa });
    this.keysAhead = new KeysAhead(options.keysAhead ?? KEYS_AHEAD);
  }

  /**
   * Makes message keys ahead for followers' devices, for about `budgetMs` of work, while a followed match is within its
   * live window (by this sender's look at the schedule, or the leader's) and nothing is being sent. A pass goes over
   * the devices (read again at the schedule's pace) and makes keys for those that have none ready: a second after a
   * burst, those it used. Returns whether the pass has more to make.
   */
  async makeKeysAhead(budgetMs = KEYS_SLICE_MS): Promise<boolean> {
    if (this.sending || this.moreQueued) return false;
    if (this.now() - this.sentUntilMs < KEYS_AFTER_SENDING_MS) return false;
    const near = this.leading ? this.awake : this.othersAwakeUntil > this.now();
    if (!near) return false;
    if (!this.keysAhead.passing && this.now() - this.devicesReadMs >= (this.options.kickOffEveryMs ?? 30_000)) {
      this.devicesReadMs = this.now();
      const devices = await followersDevices(this.db, this.keysAhead.capacity || KEYS_AHEAD);
      if (this.keysAhead.capacity > 0) this.keysAhead.setDevices(devices);
      this.connections.want(
        devices.map((device) => device.endpoint),
        this.options.endpointProblem,
      );
    }
    void this.connections.openAhead(); // the connections a burst will use, opened (I/O) while keys are made
    if (this.keysAhead.capacity === 0) return false;
    const made = this.keysAhead.makeSome(budgetMs, () => this.sending);
    if (made === null) return true;
    const connections = { openedAhead: this.connections.openedAhead, ...this.connections.counts };
    if (made > 0) this.options.logger.info({ made, ready: this.keysAhead.size, connections }, 'alerts: message keys made ahead');
    return false;
  }

  /** Gives the leader's role up (another sender takes it at once) and closes the connections this sender made. */
  async close(): Promise<void> {
    if (this.leading) await resignAlerts(this.db, this.id);
    this.leading = false;
    await this.connections.close();
  }

  /** Whether this sender reads the live feed: it leads, and a followed match is within its live window. */
  get reading(): boolean {
    return this.leading && this.awake;
  }

  /** Whether this sender holds the leader's role (it reads the feed and the schedule). */
  get leader(): boolean {
    return this.leading;
  }

  /**
   * How long until a round has something to do: at once while deliveries are left; while this sender reads the feed,
   * pollMs after the last round started (its read of the feed waits up to pollMs for news, so the next round comes
   * at once after a quiet one: a goal is read when it is stored, not at the next poll); pollMs while the leader reads
   * it; else until the next schedule check.
   */
  nextRoundInMs(): number {
    if (this.moreQueued) return 0;
    const every = this.options.kickOffEveryMs ?? 30_000;
    if (this.leading) {
      if (this.awake) return Math.max(0, this.roundStartedMs + this.options.pollMs - this.now());
      return Math.max(this.options.pollMs, this.lastKickOffCheck + every - this.now());
    }
    // another sender leads: look at the queue often while it reads the feed, else at the schedule's pace (to take the
    // leader's role over if it stops)
    if (this.othersAwakeUntil > this.now()) return Math.min(this.options.pollMs, FOLLOWER_POLL_MS);
    return Math.max(this.options.pollMs, every);
  }

  /**
   * One round: take or keep the leader's role and, holding it, read the schedule (every kickOffEveryMs) and the
   * live feed (while a followed match is within its live window) and queue their alerts; then send what is queued,
   * until none is left to claim, or for about `maxMs` (run.ts: ROUND_MS, so the leader reads the feed between
   * batches; the next round then comes at once).
   */
  async tick(maxMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.roundMs = maxMs;
    const now = this.now();
    this.roundStartedMs = now;
    const every = this.options.kickOffEveryMs ?? 30_000;
    const nextLook = this.awake ? this.options.pollMs : Math.max(this.options.pollMs, every);
    const lease = await leadOrFollow(this.db, this.id, now, now + nextLook + this.leaseMs);
    this.leading = lease.leading;
    if (this.leading) await this.lead();
    else this.othersAwakeUntil = lease.awakeUntilMs;
    this.moreQueued = await this.deliver(maxMs);
  }

  /** The leader's part of a round: the schedule, then the live feed up to its end, each page with its fixtures. */
  private async lead(): Promise<void> {
    const every = this.options.kickOffEveryMs ?? 30_000;
    if (this.now() - this.lastKickOffCheck >= every) {
      this.lastKickOffCheck = this.now();
      await this.checkSchedule();
      await setAwakeUntil(this.db, this.id, this.awake ? this.now() + every + this.leaseMs : 0);
      await purgeDeliveries(this.db, this.now());
    }
    if (!this.awake) return;
    let cursor = await feedCursor(this.db);
    if (cursor === null) {
      const head = await this.options.football.get<LiveFeedPage>('/internal/live/feed?after=0&limit=1');
      cursor = { seq: head.position, epoch: head.epoch };
      await saveFeedCursor(this.db, cursor);
    }
    // the round's first read waits up to pollMs for news (the football service answers as soon as an event is stored
    // in its process), unless deliveries are left to send; the reads after it, of the rest of a long page, do not
    let wait = this.moreQueued ? '' : `&wait=${Math.min(this.options.pollMs, MAX_FEED_WAIT_MS)}`;
    for (;;) {
      const page: LiveFeedPage = await this.options.football.get<LiveFeedPage>(
        `/internal/live/feed?after=${cursor.seq}&limit=${PAGE}&fixtures=1${wait}`,
      );
      wait = '';
      // The football data was replaced (another epoch, or a feed that went back below the cursor): the cursor's
      // position means nothing in the new feed. Reading goes on from its end: what the new data already holds is
      // its past, not news to alert.
      const replaced = (cursor.epoch !== null && page.epoch !== cursor.epoch) || page.position < cursor.seq;
      if (replaced) {
        this.options.logger.info({ from: cursor, to: { seq: page.position, epoch: page.epoch } }, 'alerts: the live feed started anew');
        cursor = { seq: page.position, epoch: page.epoch };
        await saveFeedCursor(this.db, cursor);
        break;
      }
      // queued before the cursor moves: a leader that stops in between queues the page again (the key lets it in once)
      if (page.changes.length > 0) await this.queueChanges(page.changes, page.fixtures);
      if (page.feedSeq !== cursor.seq || page.epoch !== cursor.epoch)
        await saveFeedCursor(this.db, { seq: page.feedSeq, epoch: page.epoch });
      cursor = { seq: page.feedSeq, epoch: page.epoch };
      if (page.changes.length < PAGE) break;
    }
  }

  private async fixtures(ids: number[]): Promise<Map<number, Fixture>> {
    if (ids.length === 0) return new Map();
    const list = await this.options.football.get<Fixture[]>(`/internal/lookup/fixtures?ids=${ids.join(',')}`);
    return new Map(list.map((f) => [f.id, f]));
  }

  private async queueChanges(changes: readonly LiveChange[], withPage: readonly Fixture[] | undefined): Promise<void> {
    // the page carries its fixtures; a football service that does not send them yet is asked once for the page's
    const fixtures = withPage
      ? new Map(withPage.map((f) => [f.id, f]))
      : await this.fixtures([...new Set(changes.map((c) => c.fixtureId))]);
    const recipients = new Map<number, Recipient[]>();
    const jobs: Job[] = [];
    for (const change of changes) {
      const fixture = fixtures.get(change.fixtureId);
      if (!fixture) continue;
      if (!recipients.has(fixture.id)) {
        recipients.set(
          fixture.id,
          await recipientsOf(this.db, { teamIds: [fixture.homeTeamId, fixture.awayTeamId], leagueId: fixture.leagueId }),
        );
      }
      const storedMs = Date.parse(change.storedAt);
      for (const recipient of recipients.get(fixture.id)!) {
        // followed (or subscribed) after the event was stored: nothing for it
        if (storedMs < recipient.followedSinceMs || storedMs < recipient.subscribedMs) continue;
        const outgoing = composeEventAlert(change, fixture, recipient.prefs, this.now());
        if (outgoing) jobs.push({ recipient, outgoing: markReplay(outgoing, fixture, this.replay) });
      }
    }
    await this.queue(jobs);
  }

  /**
   * Kick-off reminders (30 minutes before) and "line-ups are out" (once a source has announced them); and whether
   * any match followed by someone with a device is within its live window (LIVE_LEAD_MS before its kick-off to
   * LIVE_TAIL_MS after), which decides whether the live feed is read until the next check.
   */
  private async checkSchedule(): Promise<void> {
    const from = this.now();
    this.replay = (await this.options.football.get<DatasetInfo>('/api/dataset')).replay;
    const window = await this.options.football.get<Fixture[]>(
      `/internal/lookup/fixtures?from=${from - LIVE_TAIL_MS}&to=${from + Math.max(LIVE_LEAD_MS, KICK_OFF_REMINDER_MS)}`,
    );
    const live = window.filter((f) => f.status !== 'postponed' && Date.parse(f.eventDate) < from + LIVE_LEAD_MS);
    this.awake =
      live.length > 0 &&
      (await anyDeviceFollows(this.db, {
        teamIds: [...new Set(live.flatMap((f) => [f.homeTeamId, f.awayTeamId]))],
        leagueIds: [...new Set(live.map((f) => f.leagueId))],
      }));
    const soon = window.filter((f) => {
      const kickOff = Date.parse(f.eventDate);
      return kickOff >= from && kickOff < from + KICK_OFF_REMINDER_MS;
    });
    const announced = await this.options.football.get<Fixture[]>(
      `/internal/lookup/fixtures?from=${from}&to=${from + LINE_UPS_WINDOW_MS}&lineups=1`,
    );
    const plan = [
      ...announced.map((fixture) => ({ fixture, compose: composeLineupsAlert })),
      ...soon.map((fixture) => ({ fixture, compose: composeKickOffAlert })),
    ];
    const jobs: Job[] = [];
    for (const { fixture, compose } of plan.filter((p) => p.fixture.status === 'scheduled')) {
      const teamIds = [fixture.homeTeamId, fixture.awayTeamId];
      for (const recipient of await recipientsOf(this.db, { teamIds, leagueId: fixture.leagueId })) {
        const outgoing = compose(fixture, recipient.prefs, this.now());
        if (outgoing) jobs.push({ recipient, outgoing: markReplay(outgoing, fixture, this.replay) });
      }
    }
    await this.queue(jobs);
  }

  /**
   * Queues the alerts, in order. Devices whose endpoint the server may not call are dropped instead, without a
   * request; nothing is tried for them again (keys that cannot encrypt a push drop theirs when a sender tries).
   */
  private async queue(all: readonly Job[]): Promise<void> {
    if (all.length === 0) return;
    const dropped = new Set<number>();
    const reasons = new Set<string>();
    const checked = new Map<number, string | null>();
    const deliveries: NewDelivery[] = [];
    for (const { recipient, outgoing } of all) {
      const id = recipient.subscriptionId;
      if (!checked.has(id)) {
        // keys that cannot encrypt a push are found when the push is encrypted, before any request (sender.ts)
        const reason = this.options.endpointProblem?.(recipient.endpoint) ?? null;
        checked.set(id, reason);
        if (reason) {
          dropped.add(id);
          reasons.add(reason);
        }
      }
      if (checked.get(id) !== null) {
        this.options.onDelivery?.('gone', { subscriptionId: id, alertKey: outgoing.key });
        continue;
      }
      deliveries.push({
        subscriptionId: id,
        alertKey: outgoing.key,
        eventMs: outgoing.eventMs,
        deadlineMs: this.now() + outgoing.ttlSeconds * 1000,
        queued: { alert: outgoing.alert, ttlSeconds: outgoing.ttlSeconds, urgency: outgoing.urgency, topic: outgoing.topic },
      });
    }
    // a burst starts going out once its first batch is queued: this sender sends it while queueing the rest (the
    // other senders claim from it as it grows)
    await enqueueDeliveries(this.db, deliveries.slice(0, CLAIM_BATCH));
    const sending = deliveries.length > CLAIM_BATCH ? this.deliver(this.roundMs) : undefined;
    await enqueueDeliveries(this.db, deliveries.slice(CLAIM_BATCH));
    if (sending) await sending;
    await this.drop([...dropped], reasons);
  }

  private async drop(ids: readonly number[], reasons: ReadonlySet<string>): Promise<void> {
    if (ids.length === 0) return;
    await dropSubscriptions(this.db, ids);
    this.options.logger.info(
      { devices: ids.length, reasons: [...reasons].slice(0, 5) },
      'alerts: devices that can never take a push dropped',
    );
  }

  /**
   * Claims and sends queued deliveries, batch after batch, for up to about `maxMs` (claims whose sender stopped are
   * taken over first). Returns whether it stopped with more to claim.
   */
  private async deliver(maxMs: number): Promise<boolean> {
    const started = this.now();
    // nothing to do is found with a read: no write (no lock on SQLite) per idle round
    if (!(await anyClaimable(this.db, started))) return false;
    this.sending = true;
    try {
      await takeOverExpired(this.db, started);
      for (;;) {
        // which process holds a claim can be told from it (the pid, base 36, before the dot)
        const claim = `${process.pid.toString(36)}.${randomBytes(12).toString('base64url')}`;
        const batch = await claimQueued(this.db, claim, { limit: CLAIM_BATCH, nowMs: this.now(), leaseMs: this.now() + this.leaseMs });
        if (batch.length === 0) return false;
        await this.sendBatch(claim, batch);
        if (this.now() - started >= maxMs) return true;
      }
    } finally {
      this.sending = false;
      this.sentUntilMs = this.now();
    }
  }

  /** Sends one claim's deliveries (claim.ts), then drops the devices that can never take a push, in this round. */
  private async sendBatch(claim: string, batch: readonly ClaimedDelivery[]): Promise<void> {
    const { gone, reasons } = await sendClaim(this.db, claim, batch, {
      vapid: this.options.vapid(),
      logger: this.options.logger,
      now: this.now,
      leaseMs: this.leaseMs,
      concurrency: this.sendConcurrency,
      vapidHeaders: this.vapidHeaders,
      connections: this.connections,
      keysAhead: this.keysAhead,
      onDelivery: this.options.onDelivery,
    });
    await this.drop(gone, reasons);
  }
}
