/**
 * Scale-out figures, on the rig of scripts/lib/rig.ts (MariaDB, redis-server, gateways A and B, the
 * round-robin front):
 *  1. cached signed-in reads of /api/leagues: gateway A alone, then both gateways through the front, and a bare Koa
 *     app serving the same bytes (its own process), each at BENCH_CONNECTIONS connections for BENCH_SECONDS;
 *  2. one rate-limit check (rate-limiter-flexible consume), in memory and on the rig's Redis: latency one at a time,
 *     and throughput with 100 at once.
 *
 *   npx tsx bench/scale-out.ts
 *
 * The load generator (autocannon) runs on the same machine as everything it measures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import Koa from 'koa';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort } from '../scripts/lib/processes';
import { startRig } from '../scripts/lib/rig';
import { benchNodeFlags, nodeFlagsLabel } from './lib/node-flags';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PATH = '/api/leagues';

interface Measure {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function throughput(url: string, cookie: string, connections = CONNECTIONS): Promise<Measure> {
  const result = await autocannon({ url: `${url}${PATH}`, connections, duration: SECONDS, headers: { cookie } });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Both gateways at once, straight (no front), half the connections each: the sum. */
async function both(urls: readonly string[], cookie: string): Promise<Measure> {
  const parts = await Promise.all(urls.map((url) => throughput(url, cookie, Math.ceil(CONNECTIONS / urls.length))));
  return {
    rps: parts.reduce((n, m) => n + m.rps, 0),
    p99: Math.max(...parts.map((m) => m.p99)),
    non2xx: parts.reduce((n, m) => n + m.non2xx, 0),
    errors: parts.reduce((n, m) => n + m.errors, 0),
  };
}

/** The bare app (this file with --bare port file): the same bytes for every GET. */
function bareServer(port: number, file: string): void {
  const body = fs.readFileSync(file);
  const app = new Koa();
  app.use((ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
  });
  app.listen(port, '127.0.0.1', () => process.send?.('ready'));
}

async function startBare(body: Buffer): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `matchday-bare-${process.pid}.json`);
  fs.writeFileSync(file, body);
  const child = fork(__filename, ['--bare', String(port), file], { stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare app exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function limiterFigures(name: string, limiter: RateLimiterAbstract): Promise<string> {
  const one: number[] = [];
  for (let i = 0; i < 5000; i += 1) {
    const started = process.hrtime.bigint();
    await limiter.consume(`bench-${i % 100}`);
    one.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  one.sort((a, b) => a - b);
  const started = Date.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 100 }, async (_, worker) => {
      while (Date.now() - started < 3000) {
        await limiter.consume(`bench-${worker}`);
        done += 1;
      }
    }),
  );
  const perSecond = done / ((Date.now() - started) / 1000);
  return `| ${name} | ${(one.reduce((a, b) => a + b, 0) / one.length).toFixed(3)} ms | ${percentile(one, 50).toFixed(3)} ms | ${percentile(one, 99).toFixed(3)} ms | ${Math.round(perSecond).toLocaleString('en')} |`;
}

async function main(): Promise<void> {
  console.log(
    `Scale-out bench: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  const nodeFlags = benchNodeFlags();
  const rig = await startRig({
    nodeFlags,
    env: { LOG_LEVEL: 'error', GATEWAY_RATE_API_PER_10S: '10000000', GATEWAY_SESSION_IN_FLIGHT: '100000' },
  });
  let bare: ChildProcess | undefined;
  try {
    console.log(`rig: ${rig.frontKind} front, ${rig.stack.runtime} ${nodeFlagsLabel(rig.stack.runtime === 'compiled' ? nodeFlags : [])}`);
    const cookie = await signInThroughDevProvider(rig.front, 'bench.scale@example.com');
    const sample = await fetch(`${rig.gateways[0]}${PATH}`, { headers: { cookie } });
    const body = Buffer.from(await sample.arrayBuffer());
    const started = await startBare(body);
    bare = started.child;
    // warm both caches
    for (const url of rig.gateways) await (await fetch(`${url}${PATH}`, { headers: { cookie } })).arrayBuffer();

    const bareFigures = await throughput(started.url, '');
    const one = await throughput(rig.gateways[0], cookie);
    const two = await throughput(rig.front, cookie);
    const twoDirect = await both(rig.gateways, cookie);
    console.log(`\nCached signed-in ${PATH} (${body.length} bytes):\n`);
    console.log('| target | req/s | p99 | non-2xx | errors | / bare Koa |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [name, m] of [
      ['bare Koa (1 process)', bareFigures],
      ['gateway A alone', one],
      [`A + B through the ${rig.frontKind} front`, two],
      ['A + B straight, half the connections each', twoDirect],
    ] as const) {
      console.log(
        `| ${name} | ${Math.round(m.rps).toLocaleString('en')} | ${m.p99} ms | ${m.non2xx} | ${m.errors} | ${(m.rps / bareFigures.rps).toFixed(2)} |`,
      );
    }
    console.log(
      `\ntwo gateways / one: ${(two.rps / one.rps).toFixed(2)} through the front, ${(twoDirect.rps / one.rps).toFixed(2)} straight`,
    );

    const redis = new Redis(rig.redis.url, { enableOfflineQueue: true });
    const rows = [
      await limiterFigures('memory', new RateLimiterMemory({ keyPrefix: 'bench-m', points: 1e9, duration: 60 })),
      await limiterFigures(
        'Redis (loopback)',
        new RateLimiterRedis({
          storeClient: redis,
          useRedisPackage: false,
          keyPrefix: 'bench-r',
          points: 1e9,
          duration: 60,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: 'bench-i', points: 1e9, duration: 60 }),
        }),
      ),
    ];
    await redis.quit();
    console.log('\nRate-limit check (one consume):\n');
    console.log('| store | mean | p50 | p99 | checks/s, 100 at once |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const row of rows) console.log(row);
  } finally {
    bare?.kill();
    await rig.stop();
  }
}

if (process.argv[2] === '--bare') bareServer(Number(process.argv[3]), process.argv[4]!);
else
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
