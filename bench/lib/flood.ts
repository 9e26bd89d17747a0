import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Fixture } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort } from '../../scripts/lib/processes';
import { startStack, type RunningStack } from '../../scripts/lib/stack';
import { benchNodeFlags } from './node-flags';

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface TimedReads {
  /** Each successful read's latency in ms, ascending. */
  latencies: number[];
  /** Reads that failed or answered other than 200. */
  errors: number;
}

/** A signed-in user's reads of `url`, one every `paceMs` for `ms`, each timed to its last byte. */
export async function userReads(url: string, cookie: string, ms: number, paceMs: number): Promise<TimedReads> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - started);
      else errors += 1;
    } catch {
      errors += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, paceMs));
  }
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

/** "p50 6.1 ms, p95 9.8 ms, max 14.0 ms over 280 reads (0 errors)". */
const readsSummary = (reads: TimedReads) =>
  `p50 ${percentile(reads.latencies, 50).toFixed(1)} ms, p95 ${percentile(reads.latencies, 95).toFixed(1)} ms, ` +
  `max ${reads.latencies[reads.latencies.length - 1]?.toFixed(1)} ms over ${reads.latencies.length} reads (${reads.errors} errors)`;

/** The fan's reads (`read`, one every `paceMs`) without and with the flood (`what`), and their p95s' ratio. */
export function reportUserReads(read: string, paceMs: number, what: string, alone: TimedReads, flooded: TimedReads): void {
  const ratio = percentile(flooded.latencies, 95) / percentile(alone.latencies, 95);
  const without = `without the ${what}:`;
  console.log(`signed-in GET ${new URL(read).pathname}, one every ${paceMs} ms:`);
  console.log(`  ${without} ${readsSummary(alone)}`);
  console.log(`  ${`with the ${what}:`.padEnd(without.length)} ${readsSummary(flooded)}`);
  console.log(`  p95 with / without: ${ratio.toFixed(2)}x`);
}

/** What a flood bench measures against: the stack, a fan signed in, this week's first fixture, a public feed. */
export interface FloodSetup {
  stack: RunningStack;
  /** The signed-in fan's cookie. */
  cookie: string;
  fixture: Fixture;
  /** A public feed (no sign-in): BENCH_FEED, by default the calendar of the fixture's league-season. */
  feed: string;
  /** The fan's read, never cached (a live read, through to the football service): the fixture's timeline. */
  read: string;
}

/**
 * Runs a flood bench on the whole stack as `npm start` runs it (demo data, SQLite), with production's V8 flags
 * (./node-flags.ts) and no limit on the fan's own reads, then stops it. The feed is read once first (it must answer 200).
 */
export async function withFloodStack(name: string, bench: (setup: FloodSetup) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `matchday-bench-${name}-`));
  const stack = await startStack({
    port: await freePort(),
    dataDir,
    nodeFlags: benchNodeFlags(),
    env: { LOG_LEVEL: 'error', GATEWAY_RATE_API_PER_10S: '10000000', GATEWAY_SESSION_IN_FLIGHT: '100000' },
  });
  try {
    const cookie = await signInThroughDevProvider(stack.url, `${name}-victim@example.com`);
    const week = await fetch(`${stack.url}/api/fixtures/filter?type=week`, { headers: { cookie } });
    if (!week.ok) throw new Error(`fixtures: ${week.status} ${await week.text()}`);
    const [fixture] = (await week.json()) as Fixture[];
    if (!fixture) throw new Error('no fixtures this week in the demo data');
    const feed = process.env.BENCH_FEED ?? `/api/calendar/league/${fixture.leagueId}/${fixture.season}.ics`;
    const check = await fetch(`${stack.url}${feed}`);
    if (check.status !== 200) throw new Error(`${feed}: ${check.status}`);
    await check.arrayBuffer();
    await bench({ stack, cookie, fixture, feed, read: `${stack.url}/api/fixture-events/${fixture.id}` });
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
