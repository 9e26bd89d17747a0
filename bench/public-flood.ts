/**
 * A flood of a public feed against a signed-in fan's reads: BENCH_CONNECTIONS (default 150) connections fetch a
 * league's calendar feed without signing in for BENCH_SECONDS (default 6) s (autocannon, from one address), while a
 * signed-in user reads `/api/fixture-events/<id>` (never cached: a live read, through to the football service)
 * once every BENCH_PACE_MS (default 20) ms. The same reads are timed first without the flood. Printed: the user's
 * p50/p95/max with and without the flood and their ratio, and the flood's answers by status. The whole stack runs as
 * `npm start` runs it (demo data, SQLite), with production's V8 flags (bench/lib/node-flags.ts).
 *
 *   npx tsx bench/public-flood.ts
 *   GATEWAY_CACHE_TTL_MS=0 GATEWAY_RATE_PUBLIC_PER_10S=10000000 npx tsx bench/public-flood.ts
 *
 * The second line serves public feeds as the gateway did before they were cached and limited (every request
 * forwarded to the service, no per-address limit); the response cache is off then, which the user's reads never
 * use anyway. BENCH_FEED gives another feed path (default the league-season of the first fixture this week).
 * Everything (the stack, autocannon, the user) shares this machine's cores: compare the ratio, not absolute times.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { benchNodeFlags, nodeFlagsLabel } from './lib/node-flags';
import { reportUserReads, userReads, withFloodStack } from './lib/flood';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 150);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 20);

async function main(): Promise<void> {
  await withFloodStack('public-flood', async ({ stack, cookie, feed, read }) => {
    // warm: the user's path and the feed once each
    await userReads(read, cookie, 1_000, PACE_MS);

    const alone = await userReads(read, cookie, SECONDS * 1000, PACE_MS);
    const statuses = new Map<number, number>();
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      const flood = autocannon(
        { url: `${stack.url}${feed}`, connections: CONNECTIONS, duration: SECONDS, timeout: 10 },
        (error: unknown, done: autocannon.Result) => (error ? reject(error as Error) : resolve(done)),
      );
      flood.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
    });
    const [flooded, result] = await Promise.all([
      // the user's reads start once the flood has its connections open, and end with it
      new Promise((resolve) => setTimeout(resolve, 300)).then(() => userReads(read, cookie, SECONDS * 1000 - 600, PACE_MS)),
      finished,
    ]);
    console.log(
      `\nbench/public-flood.ts: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ${stack.runtime} ` +
        `${nodeFlagsLabel(stack.runtime === 'compiled' ? benchNodeFlags() : [])}; ` +
        `GATEWAY_CACHE_TTL_MS=${process.env.GATEWAY_CACHE_TTL_MS ?? '(default)'}, ` +
        `GATEWAY_RATE_PUBLIC_PER_10S=${process.env.GATEWAY_RATE_PUBLIC_PER_10S ?? '(default)'}`,
    );
    console.log(`flood: ${CONNECTIONS} connections x ${SECONDS} s on GET ${feed}, no sign-in`);
    console.log(
      `  ${result.requests.total} answers (${Math.round(result.requests.average)}/s), by status: ` +
        [...statuses].map(([status, n]) => `${status} ${n}`).join(', ') +
        `; ${result.errors} errors, ${result.timeouts} timeouts`,
    );
    reportUserReads(read, PACE_MS, 'flood', alone, flooded);
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
