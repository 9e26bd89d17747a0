import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import type { PushAlert } from '@matchday/contracts';
import {
  startPushService,
  startService,
  TEST_SECRET,
  testDatabases,
  type PushServiceStandIn,
  type RunningService,
} from '@matchday/testing';
import type { ImportedMatch } from '@matchday/football/src/importers/model';
import { saveMatches, saveMatchEvents } from '@matchday/football/src/importers/store';
import { football } from '@matchday/football/src/service';
import { accountsConfig } from '../src/config';
import { endpointHash } from '../src/modules/push/repository';
import { createAccounts } from '../src/service';

const DEVICES = 1_000;
/** Each reply of the stand-in push service waits this long, so that a burst lasts long enough to kill a sender in it. */
const PUSH_LATENCY_MS = 100;
const LEASE_MS = 1_500;
/** Pushes a sender keeps out at once here (ALERTS_PUSH_CONCURRENCY). */
const IN_FLIGHT = 32;
/** What a sender may have sent without recording it when it is killed: what is in flight plus one record batch (32). */
const UNRECORDED_AT_MOST = IN_FLIGHT + 32;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Alert sender processes (src/alert-sender.ts, as npm start and the systemd unit run them) sharing one database:
 * one goal's alerts for a club's followers go out once per device between them, each device's in event order, and a
 * sender killed in the middle of a burst loses nothing.
 */
describe.each(testDatabases())('alert sender processes on %s', (_label, makeTarget) => {
  let footballService: RunningService;
  let service: RunningService;
  let push: PushServiceStandIn;
  let caFile: string;
  let senderEnv: NodeJS.ProcessEnv;
  let goals = 0;
  const senders: ChildProcess[] = [];
  const vapid = webpush.generateVAPIDKeys();

  const startSender = (): ChildProcess => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../src/alert-sender.ts')], {
      env: senderEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    senders.push(child);
    return child;
  };
  const stopSenders = async () => {
    await Promise.all(
      senders.splice(0).map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  /** A goal for the home club, stored as the live feed stores it. */
  const score = async () => {
    goals += 1;
    await saveMatchEvents(footballService.db, [
      {
        match: { source: 'results-csv', externalId: 'burst' },
        key: `goal:${goals}`,
        kind: 'goal',
        at: new Date(),
        side: 'home',
        minute: 10 + goals,
        scorer: 'Burst Striker',
        score: { home: goals, away: 0 },
      },
    ]);
    return `Goal! Burst Home ${goals}–0 Burst Away`;
  };
  const accepted = (title: string) => push.received.filter((m) => (m.json as PushAlert | undefined)?.title === title);
  /** Messages accepted more than once for the same device and alert. */
  const duplicates = (title: string) => {
    const seen = new Map<string, number>();
    for (const message of accepted(title)) seen.set(message.subscriptionId, (seen.get(message.subscriptionId) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  };
  const deliveryStatuses = async () =>
    (await service.db('push_deliveries').select('status').count({ n: '*' }).groupBy('status')) as Array<{
      status: string;
      n: number | string;
    }>;
  /** Every delivery recorded as sent (a sender records its results in batches, after the push service answered). */
  const allRecorded = async () => {
    const statuses = await deliveryStatuses();
    return statuses.length === 1 && statuses[0]!.status === 'sent';
  };

  beforeAll(async () => {
    footballService = await startService(football, makeTarget('football'));
    const match: ImportedMatch = {
      source: 'results-csv',
      externalId: 'burst',
      leagueId: 9_002,
      season: 2026,
      kickoffAt: new Date(Date.now() - 20 * 60_000),
      status: 'live',
      stage: 'regular',
      home: { name: 'Burst Home', country: 'Testland' },
      away: { name: 'Burst Away', country: 'Testland' },
      goals: null,
      league: { name: 'Burst League', country: 'Testland', type: 'league' },
    };
    expect((await saveMatches(footballService.db, [match])).problems).toEqual([]);
    const home = Number(((await footballService.db('teams').where({ name: 'Burst Home' }).first('id')) as { id: number }).id);
    push = await startPushService();
    push.setLatency(PUSH_LATENCY_MS);
    caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-push-ca-')), 'ca.pem');
    fs.writeFileSync(caFile, push.ca!);
    const accountsTarget = makeTarget('accounts');
    service = await startService(createAccounts(accountsConfig({ ALERTS_POLL_MS: 0 })), accountsTarget);
    senderEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      FOOTBALL_URL: footballService.url,
      INTERNAL_JWT_SECRET: TEST_SECRET,
      ...(accountsTarget.client === 'mysql'
        ? { ACCOUNTS_DATABASE_URL: accountsTarget.location }
        : { DATA_DIR: path.dirname(accountsTarget.location) }),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_TEST_ORIGINS: push.origin,
      NODE_EXTRA_CA_CERTS: caFile,
      ALERTS_POLL_MS: '100',
      ALERTS_LEASE_MS: String(LEASE_MS),
      ALERTS_PUSH_CONCURRENCY: String(IN_FLIGHT),
    };
    const db = service.db;
    const since = Date.now() - 60_000;
    for (let i = 0; i < DEVICES; i += 250) {
      const batch = Array.from({ length: Math.min(250, DEVICES - i) }, (_, k) => i + k);
      await db('users').insert(
        batch.map((n) => ({
          email: `burst${n}@example.com`,
          referral_code: `R${String(n).padStart(7, '0')}`,
          login_method: 'google',
          created_at: new Date(since),
        })),
      );
    }
    const users = (await db('users').where('email', 'like', 'burst%').orderBy('id').select('id')) as Array<{ id: number }>;
    for (let i = 0; i < users.length; i += 250) {
      const slice = users.slice(i, i + 250);
      await db('follows').insert(slice.map((u) => ({ user_id: u.id, kind: 'team', target_id: home, created_ms: since })));
      await db('push_subscriptions').insert(
        slice.map((u) => {
          const subscription = push.newSubscription({ applicationServerKey: vapid.publicKey });
          return {
            user_id: u.id,
            endpoint_hash: endpointHash(subscription.endpoint),
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            created_ms: since,
          };
        }),
      );
    }
  }, 120_000);

  afterEach(stopSenders);
  afterAll(async () => {
    await stopSenders();
    await service?.close();
    await footballService?.close();
    await push?.close();
  });

  it('two senders deliver two goals to 1,000 devices once each, every device in event order', async () => {
    startSender();
    startSender();
    // both are up once one of them leads (it has read the feed's end and said the match is live)
    await until('a leader', async () => {
      const state = (await service.db('notifier_state').where({ id: 1 }).first('leader', 'feed_seq')) as {
        leader: string | null;
        feed_seq: unknown;
      };
      return state.leader !== null && state.feed_seq !== null;
    });
    const first = await score();
    await sleep(300);
    const second = await score();
    await until('both goals on every device', () => accepted(first).length >= DEVICES && accepted(second).length >= DEVICES);
    await until('every delivery recorded', allRecorded);
    expect(accepted(first)).toHaveLength(DEVICES);
    expect(accepted(second)).toHaveLength(DEVICES);
    expect(duplicates(first)).toEqual([]);
    // every device got the first goal before the second, whichever sender sent each
    const order = new Map<string, string[]>();
    for (const message of push.received) {
      const title = (message.json as PushAlert).title;
      order.set(message.subscriptionId, [...(order.get(message.subscriptionId) ?? []), title]);
    }
    const outOfOrder = [...order.values()].filter((titles) => titles.indexOf(first) > titles.indexOf(second));
    expect(outOfOrder).toEqual([]);
    expect(await deliveryStatuses()).toEqual([{ status: 'sent', n: expect.anything() }]);
  }, 120_000);

  it('a sender killed in the middle of a burst loses nothing: its claims are taken over after their lease, and only what it had in hand may go twice', async () => {
    const [victim] = [startSender(), startSender()];
    await until('a leader', async () => {
      const state = (await service.db('notifier_state').where({ id: 1 }).first('leader')) as { leader: string | null };
      return state.leader !== null;
    });
    await sleep(500);
    const sentBefore = new Set(
      ((await service.db('push_deliveries').where({ status: 'sent' }).select('id')) as Array<{ id: number }>).map((r) => Number(r.id)),
    );
    const title = await score();
    // each sender starts on its own: the victim is killed once it holds part of the burst, whenever it came up
    const victimClaim = `${victim!.pid!.toString(36)}.`;
    await until(
      'a fifth of the burst, part of it in the victim’s hands',
      async () =>
        accepted(title).length >= DEVICES / 5 &&
        (await service.db('push_deliveries').where({ status: 'sending' }).andWhere('claim', 'like', `${victimClaim}%`).first('id')) !==
          undefined,
    );
    victim!.kill('SIGKILL');
    const killedAt = Date.now();
    const receivedAtKill = new Set(accepted(title).map((m) => m.subscriptionId));
    const rows = (await service
      .db('push_deliveries as d')
      .join('push_subscriptions as s', 's.id', 'd.subscription_id')
      .select('d.id', 'd.status', 'd.claim', 's.endpoint')) as Array<{ id: number; status: string; claim: string; endpoint: string }>;
    const idOf = (endpoint: string) => endpoint.slice(`${push.origin}/push/`.length);
    // what was recorded as sent when it died is never sent again; what the killed sender held waits for its lease
    const recorded = new Set(rows.filter((r) => r.status === 'sent' && !sentBefore.has(Number(r.id))).map((r) => idOf(r.endpoint)));
    const held = rows.filter((r) => r.status === 'sending' && r.claim.startsWith(victimClaim)).map((r) => idOf(r.endpoint));
    await until('the goal on every device', () => new Set(accepted(title).map((m) => m.subscriptionId)).size >= DEVICES);
    await until('every delivery recorded', allRecorded);
    expect(held.length).toBeGreaterThan(0);
    // nothing lost
    expect(new Set(accepted(title).map((m) => m.subscriptionId)).size).toBe(DEVICES);
    const twice = duplicates(title);
    expect(twice.length).toBeLessThanOrEqual(UNRECORDED_AT_MOST);
    expect(twice.filter((id) => recorded.has(id))).toEqual([]);
    expect(await deliveryStatuses()).toEqual([{ status: 'sent', n: expect.anything() }]);
    // the killed sender's claims were taken over only once their lease had run out (it renewed it every third)
    const firstAfter = new Map<string, number>();
    for (const message of accepted(title)) {
      if (!receivedAtKill.has(message.subscriptionId) && !firstAfter.has(message.subscriptionId)) {
        // when the request reached the push service: its latency and decryption on a busy test worker do not count
        firstAfter.set(message.subscriptionId, message.arrivedAt);
      }
    }
    // (what it had in flight reached the push service as it died: sent by the victim)
    const after = held.filter((id) => firstAfter.has(id)).map((id) => firstAfter.get(id)! - killedAt);
    const inFlight = after.filter((ms) => ms < PUSH_LATENCY_MS + 100);
    const tooSoon = after.filter((ms) => ms >= PUSH_LATENCY_MS + 100 && ms < (LEASE_MS * 2) / 3 - 100);
    const takenOver = after.filter((ms) => ms >= (LEASE_MS * 2) / 3 - 100);
    expect(inFlight.length).toBeLessThanOrEqual(IN_FLIGHT);
    expect(tooSoon).toEqual([]);
    expect(takenOver.length).toBeGreaterThan(0);
  }, 120_000);
});
