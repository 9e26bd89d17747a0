/**
 * HEADs of a public calendar from three addresses, each within its limit, against a signed-in fan's reads:
 * 127.0.0.2, .3 and .4 each send a HEAD of a league's calendar feed (no sign-in) at BENCH_HEAD_SHARE (default 0.9) of
 * the public limit (GATEWAY_RATE_PUBLIC_PER_10S, default 200 a 10 s: 18 a second each, 54 in all), on a fixed
 * schedule (a slow answer does not slow the next), for BENCH_SECONDS (default 8) s, while a signed-in user reads
 * `/api/fixture-events/<id>` (never cached: through to the football service) once every BENCH_PACE_MS (default 20) ms.
 * The same reads are timed first without the HEADs. Printed: the user's p50/p95/max with and without them and the
 * HEADs' answers by status (none should be a 429: they stay within the limits). The whole stack runs as `npm start`
 * runs it (demo data, SQLite), with production's V8 flags (bench/lib/node-flags.ts).
 *
 *   npx tsx bench/head-flood.ts
 *   GATEWAY_CACHE_TTL_MS=0 npx tsx bench/head-flood.ts
 *
 * The gateway answers a HEAD from the entry its cache keeps for the GET; the second line turns the cache off, so that
 * every HEAD makes the football service build the whole feed, as each did when HEAD went past the cache. Everything
 * (the stack, the HEADs, the user) shares this machine's cores: compare the ratio, not absolute times.
 */
import http from 'node:http';
import os from 'node:os';
import { benchNodeFlags, nodeFlagsLabel } from './lib/node-flags';
import { reportUserReads, userReads, withFloodStack } from './lib/flood';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 20);
const SHARE = Number(process.env.BENCH_HEAD_SHARE ?? 0.9);
const PUBLIC_PER_10S = Number(process.env.GATEWAY_RATE_PUBLIC_PER_10S ?? 200);
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];

/** HEADs of `url` from `address` at `perSecond` for `ms`, each sent on schedule; answers by status (0: no answer). */
async function heads(url: string, address: string, perSecond: number, ms: number): Promise<Map<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const statuses = new Map<number, number>();
  const sent: Array<Promise<void>> = [];
  const count = Math.floor((perSecond * ms) / 1000);
  const started = Date.now();
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / perSecond;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    sent.push(
      new Promise<void>((resolve) => {
        const request = http.request(url, { method: 'HEAD', agent, localAddress: address, timeout: 10_000 }, (response) => {
          response.resume();
          response.on('end', () => {
            statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        });
        request.on('error', () => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          resolve();
        });
        request.end();
      }),
    );
  }
  await Promise.all(sent);
  agent.destroy();
  return statuses;
}

async function main(): Promise<void> {
  await withFloodStack('head-flood', async ({ stack, cookie, feed, read }) => {
    // warm: the user's path once
    await userReads(read, cookie, 1_000, PACE_MS);

    const alone = await userReads(read, cookie, SECONDS * 1000, PACE_MS);
    const perAddress = (SHARE * PUBLIC_PER_10S) / 10;
    // over IPv4 (the gateway listens on 0.0.0.0), so that each HEAD leaves from its own loopback address
    const headUrl = Object.assign(new URL(feed, stack.url), { hostname: '127.0.0.1' }).toString();
    const [flooded, ...answers] = await Promise.all([
      // the user's reads start once the HEADs are under way, and end before them
      new Promise((resolve) => setTimeout(resolve, 300)).then(() => userReads(read, cookie, SECONDS * 1000 - 600, PACE_MS)),
      ...ADDRESSES.map((address) => heads(headUrl, address, perAddress, SECONDS * 1000)),
    ]);
    const statuses = new Map<number, number>();
    for (const byStatus of answers) for (const [status, n] of byStatus) statuses.set(status, (statuses.get(status) ?? 0) + n);
    console.log(
      `\nbench/head-flood.ts: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ${stack.runtime} ` +
        `${nodeFlagsLabel(stack.runtime === 'compiled' ? benchNodeFlags() : [])}; ` +
        `GATEWAY_CACHE_TTL_MS=${process.env.GATEWAY_CACHE_TTL_MS ?? '(default)'}, GATEWAY_RATE_PUBLIC_PER_10S=${PUBLIC_PER_10S}`,
    );
    console.log(`HEADs: ${ADDRESSES.join(', ')}, ${perAddress.toFixed(1)}/s each for ${SECONDS} s, of ${feed}, no sign-in`);
    console.log(`  answers by status: ${[...statuses].map(([status, n]) => `${status || 'none'} ${n}`).join(', ')}`);
    reportUserReads(read, PACE_MS, 'HEADs', alone, flooded);
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
