/**
 * The gateway's response cache on repeated Home loads: hit rate and latency, cached against uncached.
 *
 *   npx tsx bench/home-cache.ts
 *
 * It starts the stack as `npm start` does (demo data, SQLite, a temporary DATA_DIR, METRICS_TOKEN set),
 * signs in one admin through the development provider, then loads the Home screen's API calls again
 * and again, the way the page makes them (all at once, each with the `_cb` cache-buster and
 * `cache-control: no-cache` of apiGet):
 *   shell:       /api/auth/user, /api/dataset, /api/referral/my-code
 *   mf-fixtures: /api/fixtures/filter?type=today&tz=UTC, /api/leagues
 * - cold: the cache is emptied (POST /api/admin/clear-cache) before every load, so every football read
 *   goes to the service;
 * - warm: the same loads back to back, so football reads come from the cache (entries expire after the
 *   cache's TTL and are loaded again by the next miss).
 * Hits and misses are read from /metrics (matchday_cache_requests) before and after each phase.
 * Printed: hit rate per phase, p50/p95 of the cached football reads, of the reads the cache does not
 * hold (accounts), and of a whole Home load (the slowest of its calls).
 *
 * The per-session rate limit is raised (one session makes every call). Environment: BENCH_LOADS, Home
 * loads per phase (default 200).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort } from '../scripts/lib/processes';
import { startStack } from '../scripts/lib/stack';

const LOADS = Number(process.env.BENCH_LOADS ?? 200);
const ADMIN = 'bench.cache@example.com';
const METRICS_TOKEN = 'bench-home-cache-metrics-token';

/** The GETs of one Home load, with the gateway service that answers each. */
const HOME_CALLS = [
  { path: '/api/auth/user', football: false },
  { path: '/api/dataset', football: true },
  { path: '/api/referral/my-code', football: false },
  { path: '/api/fixtures/filter?type=today&tz=UTC', football: true },
  { path: '/api/leagues', football: true },
] as const;

interface Phase {
  name: string;
  hits: number;
  misses: number;
  football: number[];
  other: number[];
  page: number[];
  failures: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function cacheCounts(url: string): Promise<{ hits: number; misses: number }> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`/metrics: ${response.status}`);
  const text = await response.text();
  const count = (result: string) =>
    Number(new RegExp(`^matchday_cache_requests\\{[^}]*result="${result}"[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { hits: count('hit'), misses: count('miss') };
}

async function timedGet(url: string, cookie: string): Promise<{ ms: number; ok: boolean }> {
  const separator = url.includes('?') ? '&' : '?';
  const started = performance.now();
  const response = await fetch(`${url}${separator}_cb=${Date.now()}`, {
    headers: { cookie, accept: 'application/json', 'cache-control': 'no-cache', pragma: 'no-cache' },
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, ok: response.ok };
}

async function clearCache(url: string, cookie: string): Promise<void> {
  const response = await fetch(`${url}/api/admin/clear-cache`, { method: 'POST', headers: { cookie, origin: url } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`clear-cache: ${response.status}`);
}

async function runPhase(name: string, url: string, cookie: string, before?: () => Promise<void>, loads = LOADS): Promise<Phase> {
  const phase: Phase = { name, hits: 0, misses: 0, football: [], other: [], page: [], failures: 0 };
  const start = await cacheCounts(url);
  for (let i = 0; i < loads; i += 1) {
    await before?.();
    const pageStarted = performance.now();
    const results = await Promise.all(HOME_CALLS.map(async (call) => ({ call, ...(await timedGet(`${url}${call.path}`, cookie)) })));
    phase.page.push(performance.now() - pageStarted);
    for (const { call, ms, ok } of results) {
      if (!ok) phase.failures += 1;
      (call.football ? phase.football : phase.other).push(ms);
    }
  }
  const end = await cacheCounts(url);
  phase.hits = end.hits - start.hits;
  phase.misses = end.misses - start.misses;
  return phase;
}

function report(phases: Phase[]): void {
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  console.log(
    `\n${LOADS} Home loads per phase, ${HOME_CALLS.length} GETs each (${HOME_CALLS.filter((c) => c.football).length} football reads)\n`,
  );
  console.log(
    `${'phase'.padEnd(6)}${'hit rate'.padStart(10)}${'hits'.padStart(7)}${'misses'.padStart(8)}` +
      `${'football p50'.padStart(14)}${'p95'.padStart(10)}${'accounts p50'.padStart(14)}${'p95'.padStart(10)}${'Home p50'.padStart(11)}${'p95'.padStart(10)}${'failed'.padStart(8)}`,
  );
  for (const p of phases) {
    const rate = p.hits + p.misses ? `${((100 * p.hits) / (p.hits + p.misses)).toFixed(1)} %` : '-';
    console.log(
      `${p.name.padEnd(6)}${rate.padStart(10)}${String(p.hits).padStart(7)}${String(p.misses).padStart(8)}` +
        `${ms(percentile(p.football, 50)).padStart(14)}${ms(percentile(p.football, 95)).padStart(10)}` +
        `${ms(percentile(p.other, 50)).padStart(14)}${ms(percentile(p.other, 95)).padStart(10)}` +
        `${ms(percentile(p.page, 50)).padStart(11)}${ms(percentile(p.page, 95)).padStart(10)}${String(p.failures).padStart(8)}`,
    );
  }
  const [cold, warm] = phases;
  if (cold && warm) {
    const ratio = (a: number[], b: number[], p: number) => (percentile(a, p) / percentile(b, p)).toFixed(1);
    console.log(
      `\nfootball reads: cold/warm p50 x${ratio(cold.football, warm.football, 50)}, p95 x${ratio(cold.football, warm.football, 95)}; ` +
        `whole Home load: p50 x${ratio(cold.page, warm.page, 50)}, p95 x${ratio(cold.page, warm.page, 95)}`,
    );
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-home-cache-'));
  const port = await freePort();
  console.log('Starting the stack (demo data, SQLite)...');
  const stack = await startStack({
    port,
    dataDir,
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: ADMIN,
      METRICS_TOKEN,
      // one session makes every call here; the per-session limit is tested in api-gateway/test/abuse-and-outages.test.ts
      GATEWAY_RATE_API_PER_10S: '10000000',
      GATEWAY_SESSION_IN_FLIGHT: '100000',
    },
  });
  try {
    const cookie = await signInThroughDevProvider(stack.url, ADMIN);
    // One load first, so that neither phase pays for the services' own first-request warm-up.
    await runPhase('warmup', stack.url, cookie, undefined, 20);
    const cold = await runPhase('cold', stack.url, cookie, () => clearCache(stack.url, cookie));
    await clearCache(stack.url, cookie);
    const warm = await runPhase('warm', stack.url, cookie);
    report([cold, warm]);
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
