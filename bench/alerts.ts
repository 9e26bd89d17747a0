/**
 * Goal alerts for a club with many followers: from the moment a goal is stored by the football service
 * (match_events.stored_ms, written in the storing transaction) to the moment a push service has accepted the alert
 * for a device. Every process runs as in production, apart:
 * - the alert senders: BENCH_SENDERS (default 1; a list such as 1,2 runs each) processes of
 *   services/accounts/src/alert-sender.ts sharing the accounts database, as `ALERTS_SENDERS=N npm start` and the
 *   matchday-alerts@N units run them; their CPU (from /proc, user + system) over the burst, divided by the pushes
 *   accepted, is the "sender CPU";
 * - the stand-in push service of libs/testing in a process of its own (bench/lib/push-stand-in.ts), over TLS on
 *   loopback. BENCH_DECRYPT=1 (default): it checks every message as a browser's push service and phone would (VAPID
 *   JWT verified, aes128gcm payload decrypted with the device's keys); BENCH_DECRYPT=0: it checks the VAPID header
 *   and the headers only and answers 201, costing little CPU, so that the senders have the machine;
 * - the football and accounts services in this process, on fresh SQLite files (BENCH_MYSQL_URL=mysql://user:pass@host:port:
 *   the accounts database, the senders' queue, on a fresh database of that MySQL/MariaDB server instead).
 * For each level of BENCH_DEVICES (default 100,1000; one device per fan, every fan following the home club), once
 * every sender has made one message's keys ahead for every device (as they do in a match's first minutes, before its
 * first goal; ALERTS_KEYS_AHEAD=0: none made, every push's keys made as it is sent), BENCH_GOALS goals (default 1) are stored 3 s apart through the football store, as the replay and the API-Football
 * poller store them. BENCH_UNUSABLE=N (default 0) adds N followers' devices whose p256dh is 65 bytes but not a point
 * on P-256 (rows from before keys were checked): they are dropped without a request.
 * BENCH_WARM=1 sends one goal to every device first, not measured (senders that have sent before, as through a match).
 * BENCH_PUSH_LATENCY_MS=t (default 0) makes the stand-in answer t ms late, as a push service across the Internet
 * does (with ALERTS_PUSH_CONCURRENCY, passed to the senders, to see how many pushes they keep out at once).
 * One line per run, ending:
 *   N devices x G goals, S senders: A/E accepted; p50 X ms, p95 Y ms, max Z ms; sender CPU U µs/push; duplicates D
 * (duplicates: pushes accepted again for a device and an alert it had already been sent).
 *
 *   npx tsx bench/alerts.ts
 *   BENCH_DEVICES=10000 BENCH_GOALS=1 npx tsx bench/alerts.ts
 *   BENCH_DEVICES=10000 BENCH_GOALS=1 BENCH_SENDERS=1,2 BENCH_DECRYPT=0 npx tsx bench/alerts.ts
 *
 * Everything shares this machine's cores: the line ends with the load average.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import webpush from 'web-push';
import { startService, TEST_SECRET, type RunningService } from '@matchday/testing';
import { accountsConfig } from '@matchday/accounts/src/config';
import { createAccounts } from '@matchday/accounts/src/service';
import { football } from '@matchday/football/src/service';
import { addFans, addLiveMatch, storeGoal, waitForAwakeSender } from './lib/alert-burst';
import { startPushStandInProcess } from './lib/push-stand-in';
import { describeParts, partsOver, profileFiles } from './lib/sender-profile';

const LEVELS = (process.env.BENCH_DEVICES ?? '100,1000').split(',').map(Number);
const SENDERS = (process.env.BENCH_SENDERS ?? '1').split(',').map(Number);
const GOALS = Number(process.env.BENCH_GOALS ?? 1);
/**
 * BENCH_WARM=1: before the measured goals, a first goal is sent to every device (not measured), as a sender running
 * through a match has sent its earlier goals: its code compiled and its pools warm; the keys are then made ahead again.
 */
const WARM = process.env.BENCH_WARM === '1';
const DECRYPT = process.env.BENCH_DECRYPT !== '0';
const POLL_MS = Number(process.env.ALERTS_POLL_MS ?? 500);
const UNUSABLE = Number(process.env.BENCH_UNUSABLE ?? 0);
const PUSH_LATENCY_MS = Number(process.env.BENCH_PUSH_LATENCY_MS ?? 0);
const MYSQL_URL = process.env.BENCH_MYSQL_URL;
/** BENCH_SENDER_PROFILE=<dir>: the senders run with V8's CPU profiler, and the bench says where their burst time went. */
const PROFILE_DIR = process.env.BENCH_SENDER_PROFILE;
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const SENDER_ENTRY = path.join(__dirname, '../services/accounts/src/alert-sender.ts');
const TICKS_PER_SECOND = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's CPU time so far (user + system, µs), from /proc/<pid>/stat. */
function cpuMicros(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // after the command: state is field 3, utime 14 and stime 15 (1-based) of the whole line
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
}

/** An alert sender process, and how many devices it last said it has message keys ready for. */
type Sender = { child: ChildProcess; keysReady: number };

/** Starts an alert sender process and resolves once it says it has started. */
async function startSender(env: NodeJS.ProcessEnv): Promise<Sender> {
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', SENDER_ENTRY], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const sender: Sender = { child, keysReady: 0 };
  await new Promise<void>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.includes('alert sender started')) resolve();
      else if (line.includes('message keys made ahead')) sender.keysReady = Number(/"ready":(\d+)/.exec(line)?.[1] ?? 0);
      else if (/"level":(40|50|60)/.test(line)) console.error(line);
    });
    child.once('exit', (code) => reject(new Error(`alert sender exited (${code})`)));
  });
  return sender;
}

/**
 * Waits until every sender has one message's keys made ahead for every device, as it has a match's first minutes to
 * (ALERTS_KEYS_AHEAD=0: none are made, nothing to wait for).
 */
async function waitForKeysAhead(senders: readonly Sender[], devices: number): Promise<number> {
  if (process.env.ALERTS_KEYS_AHEAD === '0') return 0;
  const started = Date.now();
  while (senders.some((sender) => sender.keysReady < devices)) {
    if (Date.now() - started > 120_000) {
      throw new Error(`the senders made keys ahead for ${senders.map((s) => s.keysReady).join(', ')} of ${devices} devices in 120 s`);
    }
    await sleep(100);
  }
  return Date.now() - started;
}

/** A run's CPU a push: the senders' and the stand-in push service's (whose work a push is the same however many send). */
interface RunCpu {
  senders: number;
  senderUs: number;
  pushServiceUs: number;
}

async function run(devices: number, senderCount: number): Promise<RunCpu> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-alerts-'));
  const target = (name: string) => ({ client: 'sqlite' as const, location: path.join(dir, `${name}.sqlite`) });
  // the accounts database (the senders' queue) on MySQL/MariaDB where BENCH_MYSQL_URL names a server: a fresh database
  const accountsTarget = MYSQL_URL
    ? {
        client: 'mysql' as const,
        location: Object.assign(new URL(MYSQL_URL), { pathname: `/matchday_bench_${process.pid}_${senderCount}` }).toString(),
      }
    : target('accounts');
  let footballService: RunningService | undefined;
  let accountsService: RunningService | undefined;
  const push = await startPushStandInProcess({ decrypt: DECRYPT });
  if (PUSH_LATENCY_MS > 0) await push.setLatency(PUSH_LATENCY_MS);
  const running: Sender[] = [];
  const senders: ChildProcess[] = [];
  // the burst's span on process.hrtime's clock (µs) and the pushes in it, for the senders' CPU profiles
  const burst = { fromUs: 0, toUs: 0, pushes: 0 };
  let result: RunCpu | undefined;
  try {
    footballService = await startService(football, target('football'));
    const home = await addLiveMatch(footballService.db);
    accountsService = await startService(createAccounts(accountsConfig({ ALERTS_POLL_MS: 0 })), accountsTarget);
    const db = accountsService.db;
    // followers' devices with a key off the curve, stored before the good ones (a sender meets them first)
    const offCurve = Buffer.alloc(65, 4).toString('base64url');
    await addFans(db, push, {
      prefix: 'unusable',
      count: UNUSABLE,
      teamId: home,
      keys: (subscription) => ({ p256dh: offCurve, auth: subscription.keys.auth }),
    });
    await addFans(db, push, { prefix: 'bench', count: devices, teamId: home });
    const caFile = path.join(dir, 'push-ca.pem');
    fs.writeFileSync(caFile, push.ca);
    const vapid = webpush.generateVAPIDKeys();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dir,
      ...(MYSQL_URL ? { ACCOUNTS_DATABASE_URL: accountsTarget.location } : {}),
      FOOTBALL_URL: footballService.url,
      INTERNAL_JWT_SECRET: TEST_SECRET,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_TEST_ORIGINS: push.origin,
      NODE_EXTRA_CA_CERTS: caFile,
      ALERTS_POLL_MS: String(POLL_MS),
    };
    for (let n = 0; n < senderCount; n += 1) running.push(await startSender(env));
    senders.push(...running.map((sender) => sender.child));
    // the leader has read the feed's end and found the match live
    await waitForAwakeSender(db);
    const keysCpuBefore = senders.map((child) => cpuMicros(child.pid!));
    const keysMs = await waitForKeysAhead(running, devices);
    // what making the keys ahead cost, a device (every sender makes them for every device)
    const keysCpu = senders.reduce((sum, child, i) => sum + cpuMicros(child.pid!) - keysCpuBefore[i]!, 0) / senderCount;
    await sleep(2 * POLL_MS + 500);
    if (WARM) {
      await storeGoal(footballService.db, 1);
      const warmDeadline = Date.now() + 120_000;
      while ((await push.count()) < devices && Date.now() < warmDeadline) await sleep(100);
      for (const sender of running) sender.keysReady = 0;
      await waitForKeysAhead(running, devices);
      await sleep(2 * POLL_MS + 500);
    }
    const firstGoal = WARM ? 2 : 1;
    burst.fromUs = nowUs();
    const cpuBefore = senders.map((child) => cpuMicros(child.pid!));
    const pushCpuBefore = cpuMicros(push.pid);
    const ownCpuBefore = process.cpuUsage();
    for (let goal = firstGoal; goal < firstGoal + GOALS; goal += 1) {
      await storeGoal(footballService.db, goal);
      if (goal < firstGoal + GOALS - 1) await sleep(3_000);
    }
    const expected = GOALS * devices;
    const deadline = Date.now() + 120_000;
    while ((await push.count()) < expected + (WARM ? devices : 0) && Date.now() < deadline) await sleep(100);
    // the burst's CPU, before the senders make the used keys again
    const cpu = senders.reduce((sum, child, i) => sum + cpuMicros(child.pid!) - cpuBefore[i]!, 0);
    burst.toUs = nowUs();
    // anything sent twice arrives late: wait a lease's length for it
    await sleep(1_000);
    const pushCpu = cpuMicros(push.pid) - pushCpuBefore;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const stored = new Map(
      (
        (await footballService.db('match_events').where('kind', 'goal').select('seq', 'stored_ms')) as Array<{
          seq: number;
          stored_ms: number;
        }>
      ).map((row) => [Number(row.seq), Number(row.stored_ms)]),
    );
    // the warm-up goal's pushes are not measured
    const warmSeq = WARM ? Math.min(...stored.keys()) : undefined;
    if (warmSeq !== undefined) stored.delete(warmSeq);
    const received = (await push.received()).received.filter((message) => Number(message.topic?.split('s').pop()) !== warmSeq);
    const seen = new Set<string>();
    const latencies: number[] = [];
    let duplicates = 0;
    for (const message of received) {
      // the Topic is the alert's tag, which ends with the event's sequence number
      const seq = Number(message.topic?.split('s').pop());
      if (!stored.has(seq)) continue;
      const key = `${message.subscriptionId} ${message.topic}`;
      if (seen.has(key)) {
        duplicates += 1;
        continue;
      }
      seen.add(key);
      latencies.push(message.receivedAt - stored.get(seq)!);
    }
    latencies.sort((a, b) => a - b);
    burst.pushes = latencies.length + duplicates;
    const firstStored = Math.min(...stored.values());
    const firstAccepted = Math.min(...received.map((m) => m.receivedAt));
    const lastAccepted = Math.max(...received.map((m) => m.receivedAt));
    const perSecond = (from: number) => Math.round((latencies.length / Math.max(1, lastAccepted - from)) * 1000);
    const left = UNUSABLE ? Number((await db('push_subscriptions').where('p256dh', offCurve).count({ n: '*' }))[0]!.n) : 0;
    result = {
      senders: senderCount,
      senderUs: cpu / Math.max(1, burst.pushes),
      pushServiceUs: pushCpu / Math.max(1, received.length),
    };
    console.log(
      `${devices} devices x ${GOALS} goals${WARM ? ' after a warm-up goal' : ''}, ${senderCount} sender${senderCount > 1 ? 's' : ''}: ${latencies.length}/${expected} accepted; ` +
        `p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${latencies[latencies.length - 1]} ms; ` +
        `sender CPU ${Math.round(result.senderUs)} µs/push; duplicates ${duplicates}` +
        ` (decrypt ${DECRYPT ? 'on' : 'off'}; push service CPU ${Math.round(result.pushServiceUs)} µs/push, ` +
        `football and accounts ${Math.round((ownCpu.user + ownCpu.system) / Math.max(1, received.length))} µs/push; ${perSecond(firstAccepted)} pushes/s from the first accepted to the last, ${perSecond(firstStored)} from the goal stored` +
        (UNUSABLE ? `; ${UNUSABLE} unusable devices, ${left} left` : '') +
        (PUSH_LATENCY_MS
          ? `; push service answering ${PUSH_LATENCY_MS} ms late, ${process.env.ALERTS_PUSH_CONCURRENCY ?? 128} pushes out at once`
          : '') +
        (process.env.ALERTS_KEYS_AHEAD === '0'
          ? '; no keys made ahead'
          : `; keys made ahead for every device ${(keysMs / 1000).toFixed(1)} s after the senders woke, ` +
            `${Math.round(keysCpu / Math.max(1, devices))} µs of CPU a device per sender`) +
        `; accounts on ${MYSQL_URL ? 'MySQL' : 'SQLite'}; poll ${POLL_MS} ms; load ${os.loadavg()[0]!.toFixed(2)})`,
    );
  } finally {
    await Promise.all(
      senders.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    if (PROFILE_DIR && burst.pushes > 0) {
      const files = profileFiles(
        PROFILE_DIR,
        senders.map((child) => child.pid!),
      );
      console.log(
        `  the senders' sampled time in the burst by part (${files.length} profiles; shares compare between runs, µs only on an idle machine): ` +
          describeParts(partsOver(files, burst.fromUs, burst.toUs), burst.pushes),
      );
    }
    await accountsService?.close();
    await footballService?.close();
    await push.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!result) throw new Error('the run measured nothing');
  return result;
}

/**
 * Several senders against one, at one level: their CPU a push relative to one sender's, beside the stand-in push
 * service's relative to its own with one sender. The stand-in does the same work a push however many senders there
 * are, so its rise is what the machine's contention alone adds (more busy processes than cores); what the senders' rise
 * exceeds it by is their own extra work (the queue's coordination). Medians of the runs of each count.
 */
function compareSenders(runs: readonly RunCpu[]): string[] {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  };
  const one = runs.filter((r) => r.senders === 1);
  if (one.length === 0) return [];
  const base = { sender: median(one.map((r) => r.senderUs)), push: median(one.map((r) => r.pushServiceUs)) };
  return [...new Set(runs.map((r) => r.senders))]
    .filter((count) => count > 1)
    .map((count) => {
      const these = runs.filter((r) => r.senders === count);
      const sender = median(these.map((r) => r.senderUs)) / base.sender;
      const push = median(these.map((r) => r.pushServiceUs)) / base.push;
      return (
        `${count} senders against 1 (medians of ${these.length} and ${one.length} runs): sender CPU a push x${sender.toFixed(2)}, ` +
        `the stand-in's (the same work a push) x${push.toFixed(2)}: x${(sender / push).toFixed(2)} beyond the machine's contention`
      );
    });
}

async function main(): Promise<void> {
  console.log(`bench/alerts.ts: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  for (const devices of LEVELS) {
    const runs: RunCpu[] = [];
    for (const senders of SENDERS) runs.push(await run(devices, senders));
    for (const line of compareSenders(runs)) console.log(`${devices} devices: ${line}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
