import { Agent } from 'node:https';
import type { DatasetInfo, Fixture, LiveChange, LiveFeedPage, ReplayInfo } from '@matchday/contracts';
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
import {
  anyDeviceFollows,
  claimDeliveries,
  dropSubscriptions,
  feedCursor,
  finishDeliveries,
  purgeDeliveries,
  recipientsOf,
  saveFeedCursor,
  type DeliveryResult,
  type Recipient,
} from './repository';
import { pushAlert, unusableDevice, VapidHeaders } from './sender';

/** What happened to one (alert, device): sent, refused, expired, the device gone, or claimed before. */
export type DeliveryOutcome = 'sent' | 'failed' | 'expired' | 'gone' | 'already-sent';

export interface AlertsOptions {
  football: FootballClient;
  vapid: () => VapidKeys;
  logger: Logger;
  /** How often the live feed is read (ms). */
  pollMs: number;
  /** How often the kick-off schedule is read (ms, default 30 s). */
  kickOffEveryMs?: number;
  now?: () => number;
  /** The HTTPS agent to push services (tests and benches: one that trusts a stand-in's certificate). */
  pushAgent?: Agent;
  /** Why the server may not call a stored endpoint, or null (push/device.ts endpointProblem with the config). */
  endpointProblem?: (endpoint: string) => string | null;
  /** Called after each delivery (benches and tests). */
  onDelivery?: (outcome: DeliveryOutcome, alert: OutgoingAlert, recipient: Recipient) => void;
}

/** A followed match keeps the sender reading the live feed from this long before its kick-off... */
export const LIVE_LEAD_MS = 30 * 60_000;
/** ...to this long after it (extra time, a shoot-out, a late correction). */
export const LIVE_TAIL_MS = 4 * 3_600_000;

/** Sends to this many devices at once. */
const SEND_CONCURRENCY = 32;
/** Connections kept to one push service (an origin), at most: as many as sends go on at once. */
export const PUSH_SOCKETS_PER_ORIGIN = SEND_CONCURRENCY;
const PAGE = 200;

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The alert sender: reads the football service's live feed from where it stopped (the cursor
 * is kept in the database; the first start begins at the feed's end, so no burst of old events), and every
 * 30 s the fixtures kicking off within 30 minutes. Each event goes to every device of every follower of
 * its teams or league, as compose.ts decides; each (alert, device) at most once (sender.ts).
 */
export class AlertSender {
  private readonly now: () => number;
  private lastKickOffCheck = Number.NEGATIVE_INFINITY;
  private awake = false;
  /** The replay being served, read with each look at the schedule (alerts then say they come from it). */
  private replay: Pick<ReplayInfo, 'shiftMs'> | null = null;
  /** One signed VAPID header per push service, reused (sender.ts). */
  readonly vapidHeaders = new VapidHeaders();
  /** Kept-alive connections to the push services, at most PUSH_SOCKETS_PER_ORIGIN to each. */
  private readonly pushAgent: Agent;

  constructor(
    private readonly db: Knex,
    private readonly options: AlertsOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.pushAgent = options.pushAgent ?? new Agent({ keepAlive: true, maxSockets: PUSH_SOCKETS_PER_ORIGIN });
  }

  /** Closes the kept-alive connections to the push services (when this sender made them). */
  close(): void {
    if (!this.options.pushAgent) this.pushAgent.destroy();
  }

  /** Whether the last look at the schedule found a followed match within its live window (the feed is read then). */
  get reading(): boolean {
    return this.awake;
  }

  /** How long until a round has something to do: pollMs while reading the feed, else until the next schedule check. */
  nextRoundInMs(): number {
    if (this.awake) return this.options.pollMs;
    const every = this.options.kickOffEveryMs ?? 30_000;
    return Math.max(this.options.pollMs, this.lastKickOffCheck + every - this.now());
  }

  /**
   * One round: every kickOffEveryMs the schedule (reminders, line-ups, and whether any followed match is within its
   * live window), then, only while one is, the live feed up to its end, each page with its fixtures. While none is
   * the sender reads nothing; when one comes within its window it goes on from where it stopped.
   */
  async tick(): Promise<void> {
    if (this.now() - this.lastKickOffCheck >= (this.options.kickOffEveryMs ?? 30_000)) {
      this.lastKickOffCheck = this.now();
      await this.checkSchedule();
      await purgeDeliveries(this.db, this.now());
    }
    if (!this.awake) return;
    let cursor = await feedCursor(this.db);
    if (cursor === null) {
      const head = await this.options.football.get<LiveFeedPage>('/internal/live/feed?after=0&limit=1');
      cursor = head.position;
      await saveFeedCursor(this.db, cursor);
    }
    for (;;) {
      const page: LiveFeedPage = await this.options.football.get<LiveFeedPage>(
        `/internal/live/feed?after=${cursor}&limit=${PAGE}&fixtures=1`,
      );
      if (page.changes.length > 0) await this.sendChanges(page.changes, page.fixtures);
      if (page.feedSeq !== cursor) await saveFeedCursor(this.db, page.feedSeq);
      cursor = page.feedSeq;
      if (page.changes.length < PAGE) break;
    }
  }

  private async fixtures(ids: number[]): Promise<Map<number, Fixture>> {
    if (ids.length === 0) return new Map();
    const list = await this.options.football.get<Fixture[]>(`/internal/lookup/fixtures?ids=${ids.join(',')}`);
    return new Map(list.map((f) => [f.id, f]));
  }

  private async sendChanges(changes: readonly LiveChange[], withPage: readonly Fixture[] | undefined): Promise<void> {
    // the page carries its fixtures; a football service that does not send them yet is asked once for the page's
    const fixtures = withPage
      ? new Map(withPage.map((f) => [f.id, f]))
      : await this.fixtures([...new Set(changes.map((c) => c.fixtureId))]);
    const recipients = new Map<number, Recipient[]>();
    const jobs: Array<{ recipient: Recipient; outgoing: OutgoingAlert }> = [];
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
    await this.send(jobs);
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
    const jobs: Array<{ recipient: Recipient; outgoing: OutgoingAlert }> = [];
    for (const { fixture, compose } of plan.filter((p) => p.fixture.status === 'scheduled')) {
      const teamIds = [fixture.homeTeamId, fixture.awayTeamId];
      for (const recipient of await recipientsOf(this.db, { teamIds, leagueId: fixture.leagueId })) {
        const outgoing = compose(fixture, recipient.prefs, this.now());
        if (outgoing) jobs.push({ recipient, outgoing: markReplay(outgoing, fixture, this.replay) });
      }
    }
    await this.send(jobs);
  }

  private async send(all: ReadonlyArray<{ recipient: Recipient; outgoing: OutgoingAlert }>): Promise<void> {
    if (all.length === 0) return;
    const vapid = this.options.vapid();
    // Devices that can never take a push (keys that cannot encrypt one, an endpoint the server may not call) are
    // dropped without a claim or a request; nothing is tried for them again.
    const dropped: number[] = [];
    const reasons = new Set<string>();
    const unusable = new Map<number, string | null>();
    const jobs = all.filter(({ recipient, outgoing }) => {
      const id = recipient.subscriptionId;
      if (!unusable.has(id)) {
        const reason = unusableDevice(recipient, this.options.endpointProblem);
        unusable.set(id, reason);
        if (reason) {
          dropped.push(id);
          reasons.add(reason);
        }
      }
      if (unusable.get(id) === null) return true;
      this.options.onDelivery?.('gone', outgoing, recipient);
      return false;
    });
    // every pair claimed in one go before anything is sent (at most once per device, across restarts and senders)
    const claim = randomBytes(12).toString('base64url');
    const won = await claimDeliveries(
      this.db,
      claim,
      jobs.map(({ recipient, outgoing }) => ({
        subscriptionId: recipient.subscriptionId,
        alertKey: outgoing.key,
        eventMs: outgoing.eventMs,
      })),
    );
    const results: DeliveryResult[] = [];
    // devices in parallel, each device's alerts in event order (a half time never overtakes the goal before it)
    type Job = { recipient: Recipient; outgoing: OutgoingAlert; deadlineMs: number; attempt: number };
    const byDevice = new Map<number, Job[]>();
    const queuedMs = this.now();
    for (const { recipient, outgoing } of jobs) {
      const queue = byDevice.get(recipient.subscriptionId) ?? [];
      queue.push({ recipient, outgoing, deadlineMs: queuedMs + outgoing.ttlSeconds * 1000, attempt: 1 });
      byDevice.set(recipient.subscriptionId, queue);
    }
    // A device whose push service asks for another try waits in `later` with the rest of its queue, so that no
    // other device waits behind its retries; one that can never take a push is dropped at its first failure.
    let later: Array<{ queue: Job[]; delayMs: number }> = [];
    const runQueue = async (queue: Job[]) => {
      for (let job = queue[0]; job; job = queue[0]) {
        const { recipient, outgoing } = job;
        if (!won.has(`${recipient.subscriptionId} ${outgoing.key}`)) {
          this.options.onDelivery?.('already-sent', outgoing, recipient);
          queue.shift();
          continue;
        }
        const outcome = await pushAlert(vapid, recipient, outgoing, this.options.logger, {
          now: this.now,
          attempt: job.attempt,
          deadlineMs: job.deadlineMs,
          vapidHeaders: this.vapidHeaders,
          agent: this.pushAgent,
        });
        if (outcome.status === 'retry') {
          job.attempt += 1;
          later.push({ queue, delayMs: outcome.delayMs });
          return;
        }
        this.options.onDelivery?.(outcome.status, outgoing, recipient);
        if (outcome.status === 'gone') {
          reasons.add(outcome.reason);
          // it can never take a push: nothing else is tried for it, and it goes (with its deliveries) in this round
          dropped.push(recipient.subscriptionId);
          return;
        }
        results.push({ subscriptionId: recipient.subscriptionId, alertKey: outgoing.key, ...outcome });
        queue.shift();
      }
    };
    for (let round = [...byDevice.values()]; round.length > 0;) {
      await inParallel(round, SEND_CONCURRENCY, runQueue);
      if (later.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(...later.map((retry) => retry.delayMs))));
      round = later.map((retry) => retry.queue);
      later = [];
    }
    await finishDeliveries(this.db, claim, results);
    if (dropped.length > 0) {
      await dropSubscriptions(this.db, dropped);
      this.options.logger.info(
        { devices: dropped.length, reasons: [...reasons].slice(0, 5) },
        'alerts: devices that can never take a push dropped',
      );
    }
  }
}

/**
 * Runs the sender every pollMs while a followed match is within its live window, else once per schedule check, until
 * stopped; a failed round (football unreachable) is logged and retried after pollMs.
 */
export function startAlerts(db: Knex, options: AlertsOptions): () => Promise<void> {
  const sender = new AlertSender(db, options);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let failures = 0;
  const loop = () => {
    let wait = options.pollMs;
    running = sender
      .tick()
      .then(() => {
        failures = 0;
        // while no followed match is within its live window, nothing until the next look at the schedule
        wait = sender.nextRoundInMs();
      })
      .catch((error: unknown) => {
        // once per streak, after 10 s of failures: a football service still starting beside this one says
        // nothing, and one that is down for minutes is one line, not one per poll
        if (++failures === Math.max(3, Math.ceil(10_000 / Math.max(1, options.pollMs)))) {
          options.logger.warn({ err: error }, 'alerts: reading the live feed failed; retrying');
        }
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, wait);
      });
  };
  loop();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    sender.close();
  };
}
