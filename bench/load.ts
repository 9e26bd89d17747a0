/**
 * Load on the whole stack: a mixed workload of signed-in football reads through the gateway at
 * 100, 200, 500 and 1,000 connections (autocannon), on the demo data and SQLite as `npm start` serves them, with
 * production's V8 flags (bench/lib/node-flags.ts; BENCH_NODE_FLAGS=--max-semi-space-size=1 for `npm start`'s).
 * For each level it prints socket errors (connection resets, refused connections, timeouts), 503s
 * (shed by the gateway), other non-2xx answers, p50/p99 latency, throughput, the gateway's peak
 * resident memory, and whether the gateway still answers /healthz and a normal request afterwards.
 *
 *   npx tsx bench/load.ts
 *
 * During the first level of 200 connections or more, BENCH_REFERRALS (default 20) users each fire
 * applies of five other users' referral codes at once, twice over; afterwards the bench checks that
 * every one of them was referred exactly once (no referral granted twice under load).
 *
 * The stack runs with the per-session and referral rate limits raised (one session carries all the
 * load here; the limits themselves are tested in api-gateway/test/abuse-and-outages.test.ts).
 *
 * BENCH_ALERT_BURST=N (default 0): N fans follow a club whose match is live, each with a push device at the stand-in
 * push service (its own process, decrypting every message); 2 s into the first level of 200 connections or more the
 * club scores, and the stack's alert senders (ALERTS_SENDERS, default 1) send its alert to the N devices while the
 * load runs: the bench prints when the burst was accepted. Compare with a run without it, e.g. for sign-in and
 * preferences: BENCH_LEVELS=200 BENCH_PATHS=/api/auth/user,/api/user/preferences [BENCH_ALERT_BURST=10000].
 *
 * Environment: BENCH_LEVELS (comma-separated connection counts, default 100,200,500,1000),
 * BENCH_SECONDS per level (default 10), BENCH_TIMEOUT (autocannon's per-request timeout in seconds,
 * default 10), BENCH_PATHS (comma-separated paths that replace the mixed workload, e.g. `/api/leagues` for one
 * cached read). For every level with timeouts it prints when they fired (seconds into the level) and how many
 * answers arrived in each second, which tells a connection that never got going from a stall mid-run. Levels run one after the other against the same stack; between two levels the bench
 * waits until the gateway answers again, and a level after a dead gateway is reported as such.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ApplyReferralResult, Fixture, ReferralCodeInfo, ReferralRecord } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { openDatabase } from '@matchday/server';
import { freePort } from '../scripts/lib/processes';
import { startStack, type RunningStack } from '../scripts/lib/stack';
import { addFans, addLiveMatch, storeGoal, waitForAwakeSender } from './lib/alert-burst';
import { benchNodeFlags, nodeFlagsLabel } from './lib/node-flags';
import { startPushStandInProcess, type PushStandInProcess } from './lib/push-stand-in';

const LEVELS = (process.env.BENCH_LEVELS ?? '100,200,500,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TIMEOUT = Number(process.env.BENCH_TIMEOUT ?? 10);
const REFERRALS = Number(process.env.BENCH_REFERRALS ?? 20);
const PATHS = process.env.BENCH_PATHS?.split(',').filter(Boolean);
const ALERT_BURST = Number(process.env.BENCH_ALERT_BURST ?? 0);

interface Level {
  connections: number;
  requests: number;
  socketErrors: number;
  timeouts: number;
  shed: number;
  otherNon2xx: number;
  p50: number;
  p99: number;
  rps: number;
  gatewayPeakMb: number;
  aliveAfter: boolean;
}

/** A mixed read workload: the calls a fan's screens make, over several fixtures of the demo data. */
async function workload(url: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${url}/api/fixtures/filter?type=week`, { headers: { cookie } });
  if (!response.ok) throw new Error(`fixtures: ${response.status} ${await response.text()}`);
  const fixtures = ((await response.json()) as Fixture[]).slice(0, 8);
  if (fixtures.length === 0) throw new Error('no fixtures this week in the demo data');
  const paths = ['/api/leagues', '/api/fixtures/filter?type=today', '/api/auth/user'];
  for (const f of fixtures) {
    paths.push(
      `/api/standings?leagueId=${f.leagueId}&season=${f.season}`,
      `/api/h2h?homeTeamId=${f.homeTeamId}&awayTeamId=${f.awayTeamId}`,
      `/api/team-stats?teamId=${f.homeTeamId}&leagueId=${f.leagueId}&season=${f.season}`,
      `/api/players?teamId=${f.homeTeamId}&leagueId=${f.leagueId}&season=${f.season}`,
      `/api/top-scorers/${f.leagueId}/${f.season}`,
    );
  }
  return paths;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Resident memory of a process in MB (Linux /proc), 0 when it is gone. */
function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

async function alive(url: string, cookie: string, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    try {
      const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      const leagues = await fetch(`${url}/api/leagues`, { headers: { cookie }, signal: AbortSignal.timeout(5000) });
      await health.body?.cancel();
      await leagues.body?.cancel();
      if (health.ok && leagues.ok) return true;
    } catch {
      // not answering (yet)
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function level(stack: RunningStack, cookie: string, paths: string[], connections: number): Promise<Level> {
  const gateway = stack.processes.find((p) => p.name === 'gateway')?.child;
  const times: number[] = [];
  let shed = 0;
  let otherNon2xx = 0;
  const statuses = new Map<number, number>();
  const timeoutsAt: number[] = [];
  const answersPerSecond: number[] = [];
  const started = Date.now();
  let peak = rssMb(gateway?.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(gateway?.pid))), 250);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: stack.url,
        connections,
        duration: SECONDS,
        timeout: TIMEOUT,
        headers: { cookie },
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (error: unknown, done: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      const second = Math.floor((Date.now() - started) / 1000);
      answersPerSecond[second] = (answersPerSecond[second] ?? 0) + 1;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 503) shed += 1;
      else if (status < 200 || status >= 300) otherNon2xx += 1;
    });
    instance.on('reqError', (error: Error) => {
      if (error.message === 'request timed out') timeoutsAt.push((Date.now() - started) / 1000);
    });
  });
  clearInterval(sampler);
  process.stderr.write(`    statuses: ${JSON.stringify(Object.fromEntries(statuses))}\n`);
  if (timeoutsAt.length) {
    const bySecond = new Map<number, number>();
    for (const at of timeoutsAt) bySecond.set(Math.floor(at), (bySecond.get(Math.floor(at)) ?? 0) + 1);
    process.stderr.write(`    timeouts by second into the level: ${JSON.stringify(Object.fromEntries(bySecond))}\n`);
    process.stderr.write(`    answers by second: ${JSON.stringify(Array.from(answersPerSecond, (n) => n ?? 0))}\n`);
  }
  times.sort((a, b) => a - b);
  return {
    connections,
    requests: times.length + result.errors,
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    shed,
    otherNon2xx,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: times.length / SECONDS,
    gatewayPeakMb: peak,
    aliveAfter: await alive(stack.url, cookie, 15_000),
  };
}

interface Referrals {
  applies: number;
  granted: number;
  refused: number;
  failed: number;
  referredTwice: number;
  notReferred: number;
}

/** Signs in 2 x REFERRALS users: the first half apply, the second half own the codes. */
async function referralUsers(url: string) {
  const users: Array<{ email: string; cookie: string; code: string }> = [];
  for (let i = 0; i < 2 * REFERRALS; i += 1) {
    const email = `referral-${i}@example.com`;
    const cookie = await signInThroughDevProvider(url, email);
    const code = ((await (await fetch(`${url}/api/referral/my-code`, { headers: { cookie } })).json()) as ReferralCodeInfo).referralCode;
    users.push({ email, cookie, code });
  }
  return { appliers: users.slice(0, REFERRALS), owners: users.slice(REFERRALS) };
}

/** Each applier fires five different codes at once, twice over: exactly one of its ten applies may be granted. */
async function applyUnderLoad(url: string, users: Awaited<ReturnType<typeof referralUsers>>): Promise<Referrals> {
  const outcome: Referrals = { applies: 0, granted: 0, refused: 0, failed: 0, referredTwice: 0, notReferred: 0 };
  const origin = new URL(url).origin;
  await Promise.all(
    users.appliers.flatMap((applier, i) =>
      [0, 1].flatMap(() =>
        [1, 2, 3, 4, 5].map(async (k) => {
          const owner = users.owners[(i + k) % users.owners.length]!;
          outcome.applies += 1;
          try {
            const response = await fetch(`${url}/api/referral/apply`, {
              method: 'POST',
              headers: { cookie: applier.cookie, origin, 'content-type': 'application/json' },
              body: JSON.stringify({ referralCode: owner.code }),
            });
            const body = (await response.json()) as ApplyReferralResult | { message: string };
            if (response.status === 200 && 'freeAccessUntil' in body) outcome.granted += 1;
            else if (response.status === 409 || response.status === 400) outcome.refused += 1;
            else outcome.failed += 1;
          } catch {
            outcome.failed += 1;
          }
        }),
      ),
    ),
  );
  const referredTimes = new Map<string, number>();
  for (const owner of users.owners) {
    const records = (await (
      await fetch(`${url}/api/referral/my-referrals`, { headers: { cookie: owner.cookie } })
    ).json()) as ReferralRecord[];
    for (const record of records) {
      const email = record.referredUser.email ?? '';
      referredTimes.set(email, (referredTimes.get(email) ?? 0) + 1);
    }
  }
  for (const applier of users.appliers) {
    const times = referredTimes.get(applier.email) ?? 0;
    if (times > 1) outcome.referredTwice += 1;
    if (times === 0) outcome.notReferred += 1;
  }
  return outcome;
}

/** The burst's devices and match, in the stack's own databases (its DATA_DIR); resolves once a sender reads the feed. */
async function prepareBurst(
  dataDir: string,
  push: PushStandInProcess,
): Promise<{ score: () => Promise<void>; close: () => Promise<void> }> {
  const footballDb = await openDatabase({ client: 'sqlite', location: path.join(dataDir, 'football.sqlite') });
  const accountsDb = await openDatabase({ client: 'sqlite', location: path.join(dataDir, 'accounts.sqlite') });
  const teamId = await addLiveMatch(footballDb);
  await addFans(accountsDb, push, { prefix: 'burst', count: ALERT_BURST, teamId });
  // the leader looks at the schedule every 30 s: the match is found at its next look
  await waitForAwakeSender(accountsDb, 90_000);
  return {
    score: () => storeGoal(footballDb, 1),
    close: async () => {
      await footballDb.destroy();
      await accountsDb.destroy();
    },
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-load-'));
  const push = ALERT_BURST > 0 ? await startPushStandInProcess() : undefined;
  const pushEnv: NodeJS.ProcessEnv = {};
  if (push) {
    fs.writeFileSync(path.join(dataDir, 'push-ca.pem'), push.ca);
    pushEnv.PUSH_TEST_ORIGINS = push.origin;
    pushEnv.NODE_EXTRA_CA_CERTS = path.join(dataDir, 'push-ca.pem');
  }
  const stack = await startStack({
    port: await freePort(),
    dataDir,
    nodeFlags: benchNodeFlags(),
    env: {
      ...pushEnv,
      LOG_LEVEL: 'error',
      GATEWAY_RATE_API_PER_10S: '10000000',
      GATEWAY_SESSION_IN_FLIGHT: '100000',
      GATEWAY_RATE_APPLY_PER_MINUTE: '100000',
      GATEWAY_RATE_AUTH_PER_MINUTE: '100000',
    },
  });
  const results: Level[] = [];
  let referrals: Referrals | undefined;
  try {
    const cookie = await signInThroughDevProvider(stack.url, 'load@example.com');
    const paths = PATHS ?? (await workload(stack.url, cookie));
    const users = await referralUsers(stack.url);
    const referralLevel = LEVELS.find((c) => c >= 200) ?? LEVELS[0];
    process.stderr.write(`workload: ${paths.length} paths, ${SECONDS} s per level\n`);
    const burst = push ? await prepareBurst(dataDir, push) : undefined;
    let burstLine = '';
    for (const connections of LEVELS) {
      process.stderr.write(`  ${connections} connections...\n`);
      const gateway = stack.processes.find((p) => p.name === 'gateway')?.child;
      if (!gateway || gateway.exitCode !== null || gateway.signalCode !== null) {
        process.stderr.write(`  gateway is down; ${connections} not measured\n`);
        break;
      }
      const applying =
        connections === referralLevel ? new Promise((r) => setTimeout(r, 2000)).then(() => applyUnderLoad(stack.url, users)) : undefined;
      const bursting =
        burst && connections === referralLevel && !burstLine
          ? new Promise((r) => setTimeout(r, 2000)).then(async () => {
              const scored = Date.now();
              await burst.score();
              let accepted = 0;
              while ((accepted = await push!.count()) < ALERT_BURST && Date.now() - scored < SECONDS * 1000) {
                await new Promise((r) => setTimeout(r, 100));
              }
              burstLine =
                `\nAlert burst during the ${connections}-connection level (2 s in): ${accepted}/${ALERT_BURST} devices' alerts accepted ` +
                `${((Date.now() - scored) / 1000).toFixed(1)} s after the goal was stored (${stack.env.ALERTS_SENDERS ?? 1} sender(s))`;
            })
          : undefined;
      results.push(await level(stack, cookie, paths, connections));
      if (applying) referrals = await applying;
      if (bursting) await bursting;
    }
    if (burstLine) console.log(burstLine);
    await burst?.close();
  } finally {
    await stack.stop();
    await push?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const share = (n: number, of: number) => (of ? `${((n / of) * 100).toFixed(1)}%` : '-');
  console.log(
    `\nMixed reads through the gateway, ${SECONDS} s per level, ${os.cpus().length} cores, ${stack.runtime} ${nodeFlagsLabel(stack.runtime === 'compiled' ? benchNodeFlags() : [])}\n`,
  );
  console.log(
    '| connections | requests | socket errors | timeouts | 503 shed | other non-2xx | p50 ms | p99 ms | req/s | gateway peak RSS | alive after |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|');
  for (const r of results) {
    console.log(
      `| ${r.connections} | ${r.requests} | ${r.socketErrors} | ${r.timeouts} | ${r.shed} (${share(r.shed, r.requests)}) | ${r.otherNon2xx} | ${Math.round(r.p50)} | ${Math.round(r.p99)} | ${Math.round(r.rps)} | ${Math.round(r.gatewayPeakMb)} MB | ${r.aliveAfter ? 'yes' : 'NO'} |`,
    );
  }
  if (referrals) {
    const r = referrals;
    console.log(
      `\nReferral applies under load: ${r.applies} sent, ${r.granted} granted, ${r.refused} refused (409/400), ${r.failed} failed otherwise; ` +
        `${REFERRALS} users: ${r.referredTwice} referred twice, ${r.notReferred} not referred${r.referredTwice === 0 && r.granted === REFERRALS - r.notReferred ? ' (no referral granted twice)' : ' — CHECK'}`,
    );
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
