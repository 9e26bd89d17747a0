/**
 * Search as fans type it, on the world `npm start` serves (BENCH_WORLD, bench/lib/world.ts: the real replayed season
 * by default): what each query costs through the gateway with a signed-in session, its response cache off (every
 * request reaches the football service; BENCH_GATEWAY_CACHE=1 measures cached reads), one connection, each query
 * BENCH_REPEAT times (default 40) after one warm-up read. Prints p50/p95/max per query and over all the reads, and
 * the first player and team found for each, so that a ranking that changes shows beside the figures.
 *
 *   npx tsx bench/search.ts
 *   BENCH_QUERIES=salah,spurs npx tsx bench/search.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SearchResults } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort } from '../scripts/lib/processes';
import { startStack } from '../scripts/lib/stack';
import { benchWorld } from './lib/world';

/** Full names, nicknames, clubs' short names, nations, accents left out, and short starts that match many names. */
const QUERIES = (
  process.env.BENCH_QUERIES ??
  'salah,mohamed salah,casemiro,jota,odegaard,schar,man utd,spurs,wolves,forest,villa,palace,man city,usa,ivory coast,turkey,türkiye,ma,jo,sa,liverpool,arsenal fc'
)
  .split(',')
  .filter(Boolean);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 40);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The first player and the first team found (the screen lists players, then clubs and nations, then leagues). */
function firsts(results: SearchResults): string {
  return `player ${results.players[0]?.name ?? '-'}, team ${results.teams[0]?.name ?? '-'}`;
}

async function main(): Promise<void> {
  const world = benchWorld();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-search-'));
  const env: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'error',
    GATEWAY_RATE_API_PER_10S: '10000000',
    ...(process.env.BENCH_GATEWAY_CACHE === '1' ? {} : { GATEWAY_CACHE_TTL_MS: '0' }),
  };
  const stack = await startStack({ port: await freePort(), dataDir, env, replay: world.replay });
  try {
    const cookie = await signInThroughDevProvider(stack.url, 'bench@example.com');
    const read = async (query: string): Promise<{ ms: number; results: SearchResults }> => {
      const started = performance.now();
      const response = await fetch(new URL(`/api/search?q=${encodeURIComponent(query)}`, stack.url), { headers: { cookie } });
      if (!response.ok) throw new Error(`search "${query}" answered ${response.status}`);
      const results = (await response.json()) as SearchResults;
      return { ms: performance.now() - started, results };
    };
    console.log(
      `bench/search.ts: world ${world.name}, gateway cache ${process.env.BENCH_GATEWAY_CACHE === '1' ? 'on' : 'off'}, ` +
        `${REPEAT} reads a query, one connection; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    const all: number[] = [];
    for (const query of QUERIES) {
      const { results } = await read(query);
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i += 1) times.push((await read(query)).ms);
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(
        `  "${query}": p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
          `max ${times[times.length - 1]!.toFixed(1)} ms; first ${firsts(results)}`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `all ${all.length} reads: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms, ` +
        `max ${all[all.length - 1]!.toFixed(1)} ms (load ${os.loadavg()[0]!.toFixed(2)})`,
    );
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
