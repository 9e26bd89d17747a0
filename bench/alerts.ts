/**
 * Goal alert latency: from the moment a goal is stored by the football service (match_events.stored_ms,
 * written in the storing transaction) to the moment a push service has accepted the alert for a device. The push
 * service is the stand-in of libs/testing (real protocol: VAPID JWT checked, aes128gcm payload decrypted per
 * device), on loopback over TLS. For each level (BENCH_DEVICES, default 100,1000 devices, one per fan, every fan
 * following the home club), the football and accounts services run in this process on fresh SQLite files, the
 * alert sender polls the live feed as `npm start` runs it (ALERTS_POLL_MS, default 500 ms), and BENCH_GOALS goals
 * (default 5) are stored 3 s apart through the football store, as the replay and the API-Football poller store
 * them. Printed: p50/p95/max latency over every (goal, device), and the alerts accepted of those expected. The
 * stand-in decrypts every message in this process too, so its share of the CPU counts against the sender.
 * BENCH_UNUSABLE=N (default 0) adds N more followers' devices whose p256dh is 65 bytes but not a point on P-256
 * (stored as rows from before keys were checked): what they cost the others' latency, and how many are left after.
 *
 *   npx tsx bench/alerts.ts
 *   BENCH_DEVICES=1 BENCH_GOALS=1 BENCH_UNUSABLE=300 npx tsx bench/alerts.ts
 *
 * Everything (both services, the sender, the stand-in and its decryption) shares this machine's 2 cores.
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { PushAlert } from '@matchday/contracts';
import { createLogger, httpFootballClient } from '@matchday/server';
import { startService, TEST_SECRET, type RunningService } from '@matchday/testing';
import { accountsConfig } from '@matchday/accounts/src/config';
import { startAlerts } from '@matchday/accounts/src/modules/alerts/notifier';
import { createAccounts } from '@matchday/accounts/src/service';
import type { ImportedMatch } from '@matchday/football/src/importers/model';
import { saveMatches, saveMatchEvents } from '@matchday/football/src/importers/store';
import { football } from '@matchday/football/src/service';
import { startPushStandInProcess } from './lib/push-stand-in';

const LEVELS = (process.env.BENCH_DEVICES ?? '100,1000').split(',').map(Number);
const GOALS = Number(process.env.BENCH_GOALS ?? 5);
const POLL_MS = Number(process.env.ALERTS_POLL_MS ?? 500);
const UNUSABLE = Number(process.env.BENCH_UNUSABLE ?? 0);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function level(devices: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-alerts-'));
  const target = (name: string) => ({ client: 'sqlite' as const, location: path.join(dir, `${name}.sqlite`) });
  let footballService: RunningService | undefined;
  let accountsService: RunningService | undefined;
  const push = await startPushStandInProcess();
  let stop: (() => Promise<void>) | undefined;
  try {
    footballService = await startService(football, target('football'));
    const match: ImportedMatch = {
      source: 'results-csv',
      externalId: 'bench',
      leagueId: 9_001,
      season: 2026,
      kickoffAt: new Date(Date.now() - 20 * 60_000),
      status: 'live',
      stage: 'regular',
      home: { name: 'Bench Home', country: 'Benchland' },
      away: { name: 'Bench Away', country: 'Benchland' },
      goals: null,
      league: { name: 'Bench League', country: 'Benchland', type: 'league' },
    };
    await saveMatches(footballService.db, [match]);
    const home = Number(((await footballService.db('teams').where({ name: 'Bench Home' }).first('id')) as { id: number }).id);
    const config = accountsConfig({ FOOTBALL_URL: footballService.url, INTERNAL_JWT_SECRET: TEST_SECRET, ALERTS_POLL_MS: 0 });
    accountsService = await startService(createAccounts(config), target('accounts'));
    const db = accountsService.db;
    const since = Date.now() - 60_000;
    for (let i = 0; i < devices; i += 500) {
      const batch = Array.from({ length: Math.min(500, devices - i) }, (_, k) => i + k);
      await db('users').insert(
        batch.map((n) => ({
          email: `bench${n}@example.com`,
          referral_code: `B${String(n).padStart(7, '0')}`,
          login_method: 'google',
          created_at: new Date(since),
        })),
      );
    }
    // followers' devices with a key off the curve, stored before the good ones (a sender meets them first)
    const offCurve = Buffer.alloc(65, 4).toString('base64url');
    for (let i = 0; i < UNUSABLE; i += 1) {
      const [row] = (await db('users')
        .insert({
          email: `unusable${i}@example.com`,
          referral_code: `U${String(i).padStart(7, '0')}`,
          login_method: 'google',
          created_at: new Date(since),
        })
        .returning('id')) as Array<{ id: number } | number>;
      const userId = typeof row === 'object' ? row.id : row!;
      await db('follows').insert({ user_id: userId, kind: 'team', target_id: home, created_ms: since });
      const [subscription] = await push.newSubscriptions(1);
      await db('push_subscriptions').insert({
        user_id: userId,
        endpoint_hash: `u${i}`.padStart(64, '0'),
        endpoint: subscription!.endpoint,
        p256dh: offCurve,
        auth: subscription!.keys.auth,
        created_ms: since - 1,
      });
    }
    const users = (await db('users').where('email', 'like', 'bench%').select('id')) as Array<{ id: number }>;
    for (let i = 0; i < users.length; i += 200) {
      const slice = users.slice(i, i + 200);
      await db('follows').insert(slice.map((u) => ({ user_id: u.id, kind: 'team', target_id: home, created_ms: since })));
      const subscriptions = await push.newSubscriptions(slice.length);
      await db('push_subscriptions').insert(
        slice.map((u, k) => {
          const subscription = subscriptions[k]!;
          return {
            user_id: u.id,
            endpoint_hash: `${u.id}`.padStart(64, '0'),
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            created_ms: since,
          };
        }),
      );
    }
    stop = startAlerts(db, {
      football: httpFootballClient(footballService.url, TEST_SECRET),
      vapid: config.vapid,
      logger: createLogger('bench-alerts'),
      pollMs: POLL_MS,
      kickOffEveryMs: 3_600_000,
      // kept-alive connections, as web-push has them in production (Node's global agent keeps sockets alive)
      pushAgent: new https.Agent({ ca: push.ca, keepAlive: true, maxSockets: 64 }),
    });
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_MS + 500));
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    for (let goal = 1; goal <= GOALS; goal += 1) {
      await saveMatchEvents(footballService.db, [
        {
          match: { source: 'results-csv', externalId: 'bench' },
          key: `goal:${goal}`,
          kind: 'goal',
          at: new Date(),
          side: 'home',
          minute: 10 + goal,
          scorer: 'Bench Striker',
          score: { home: goal, away: 0 },
        },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
    const expected = GOALS * devices;
    const deadline = Date.now() + 60_000;
    let accepted = 0;
    while ((accepted = await push.count('goal')) < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const cpu = process.cpuUsage(cpuBefore);
    // this process: the sender, the accounts and football services (one feed read a goal); not the push service
    const cpuPerPush = (cpu.user + cpu.system) / Math.max(1, accepted);
    const stored = new Map(
      (
        (await footballService.db('match_events').where('kind', 'goal').select('seq', 'stored_ms')) as Array<{
          seq: number;
          stored_ms: number;
        }>
      ).map((row) => [Number(row.seq), Number(row.stored_ms)]),
    );
    const latencies: number[] = [];
    for (const message of (await push.received()).received) {
      const alert = message.json as PushAlert;
      if (alert.kind !== 'goal') continue;
      const seq = Number(alert.tag.split('s').pop());
      latencies.push(message.receivedAt - stored.get(seq)!);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `${devices} devices x ${GOALS} goals: ${latencies.length}/${expected} alerts accepted; ` +
        `latency p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${latencies[latencies.length - 1]} ms; ` +
        `sender CPU ${Math.round(cpuPerPush)} µs/push (this process, ${GOALS * 3} s of goals included) ` +
        (UNUSABLE
          ? `${UNUSABLE} unusable devices, ${String((await db('push_subscriptions').where('p256dh', offCurve).count({ n: '*' }))[0]!.n)} left; `
          : '') +
        `(poll ${POLL_MS} ms; run ${((Date.now() - started) / 1000).toFixed(0)} s; load ${os.loadavg()[0]!.toFixed(2)})`,
    );
  } finally {
    await stop?.();
    await accountsService?.close();
    await footballService?.close();
    await push.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`bench/alerts.ts: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  for (const devices of LEVELS) await level(devices);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
