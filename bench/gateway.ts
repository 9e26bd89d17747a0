/**
 * What the gateway costs on a read: in one run, the same bytes served by a bare Koa app, by the gateway
 * from its response cache, and by the gateway with the cache off (every read goes to the football
 * service), for /api/leagues and a standings read.
 *
 *   npx tsx bench/gateway.ts
 *
 * It starts the stack as `npm start` does (demo data, SQLite, a temporary DATA_DIR), signs in, then
 * starts two more gateway processes on the same services and sessions: one as configured (cached)
 * and one with GATEWAY_CACHE_TTL_MS=0 (uncached). The bare Koa app runs in its own process too
 * (this file with --bare), so no server shares a thread with autocannon. Each target is measured at
 * 20 connections (req/s; the ratio cached/bare has a goal of >= 0.7) and at 200 connections (p99).
 *
 * Environment: BENCH_SECONDS per measurement (default 5); BENCH_ENCODING, an Accept-Encoding sent with
 * every request (default none: identity bytes, which is what the bare app serves); BENCH_CPU_PROF, a
 * directory: the cached gateway runs under `node --cpu-prof` and writes its profile there at the end, and the bench
 * prints what each middleware costs per request from it (below); BENCH_READS, names of the reads to run
 * (comma-separated, `/api/leagues` and/or `standings`; default both).
 *
 * The gateways run as production runs them: the compiled output (`node --enable-source-maps api-gateway/dist/server.js`,
 * V8's default heap; BENCH_NODE_FLAGS=--max-semi-space-size=1 for `npm start`'s) when it is current
 * (`npm run build:servers`), else the sources through tsx.
 *
 * Per-middleware table: every sample of the profile goes to the nearest frame on its stack that belongs to a
 * middleware (a file of api-gateway/src or libs/server/src, mapped back through the source map; an inline middleware of
 * app.ts by its line) or to a package in node_modules (koa, koa-session, ...), so a middleware's share is its own code
 * and what it calls, without the middlewares after it (next()). Samples with no such frame are Node itself: the HTTP
 * parser, sockets, timers ("node internals"), the garbage collector, or idle; the socket write system call is counted
 * on its own (it would otherwise land on the nearest wrapper of res.end). The same table for any profile:
 *
 *   npx tsx bench/gateway.ts --profile-table <file.cpuprofile> [requests served while profiling]
 */
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Koa from 'koa';
import type { League } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { compiledPathOf } from '../scripts/lib/build-servers';
import { freePort, repoRoot } from '../scripts/lib/processes';
import { resolveRuntime, startStack } from '../scripts/lib/stack';
import { benchNodeFlags, nodeFlagsLabel } from './lib/node-flags';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENCODING = process.env.BENCH_ENCODING;
const READS = process.env.BENCH_READS?.split(',').filter(Boolean);

interface Measure {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

interface Row {
  name: string;
  bytes: number;
  bare20: Measure;
  cached20: Measure;
  uncached20: Measure;
  bare200: Measure;
  cached200: Measure;
  uncached200: Measure;
}

/** The bare app: answers every GET with the bytes and type it was handed (argv: port, file, type). */
function bareServer(port: number, file: string, contentType: string): void {
  const body = fs.readFileSync(file);
  const app = new Koa();
  app.use((ctx) => {
    ctx.type = contentType;
    ctx.body = body;
  });
  app.listen(port, '127.0.0.1', () => process.send?.('ready'));
}

async function startBare(body: Buffer, contentType: string, dir: string): Promise<{ url: string; stop: () => void }> {
  const file = path.join(dir, `bare-${body.length}-${Date.now()}.bin`);
  fs.writeFileSync(file, body);
  const port = await freePort();
  const child = fork(__filename, ['--bare', String(port), file, contentType], { stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare app exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function measure(url: string, pathAndQuery: string, cookie: string, connections: number): Promise<Measure> {
  const headers: Record<string, string> = { cookie };
  if (ENCODING) headers['accept-encoding'] = ENCODING;
  const result = await autocannon({ url: `${url}${pathAndQuery}`, connections, duration: SECONDS, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

/** A gateway process on the stack's services and sessions; under `node --cpu-prof` when BENCH_CPU_PROF names a directory. */
async function startGateway(name: string, env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const profile = profileDir && name === 'gateway-cached' ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const compiled = resolveRuntime().runtime === 'compiled' ? compiledPathOf('api-gateway/src/server.ts') : undefined;
  const entry = compiled ? ['--enable-source-maps', ...benchNodeFlags(), compiled] : ['--import', 'tsx', 'api-gateway/src/server.ts'];
  const child = spawn(process.execPath, [...profile, ...entry], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 60_000) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      // SIGTERM: the gateway drains and exits normally, which is when --cpu-prof writes its profile.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-gateway-'));
  const stack = await startStack({
    port: await freePort(),
    dataDir,
    nodeFlags: benchNodeFlags(),
    env: {
      LOG_LEVEL: 'error',
      // the tips' first-start backfill (seconds of both cores) would run under the first measurements
      TIPS_BACKFILL: 'off',
      GATEWAY_RATE_API_PER_10S: '10000000',
      GATEWAY_SESSION_IN_FLIGHT: '100000',
      GATEWAY_RATE_AUTH_PER_MINUTE: '100000',
    },
  });
  const gateways: Array<{ stop: () => Promise<void> }> = [];
  const rows: Row[] = [];
  try {
    const cookie = await signInThroughDevProvider(stack.url, 'bench-gateway@example.com');
    const cached = await startGateway('gateway-cached', stack.env);
    gateways.push(cached);
    const uncached = await startGateway('gateway-uncached', { ...stack.env, GATEWAY_CACHE_TTL_MS: '0' });
    gateways.push(uncached);

    const leagues = await fetch(`${cached.url}/api/leagues`, { headers: { cookie } });
    if (!leagues.ok) throw new Error(`/api/leagues: ${leagues.status} ${await leagues.text()}`);
    const first = ((await leagues.json()) as League[])[0];
    if (!first) throw new Error('no leagues in the demo data');
    const targets = [
      { name: '/api/leagues', path: '/api/leagues' },
      { name: 'standings', path: `/api/standings?leagueId=${first.id}&season=${first.currentSeason}` },
    ].filter((t) => !READS || READS.includes(t.name));
    for (const target of targets) {
      // The bytes the gateway sends (identity), and a check that both gateways answer 200.
      const answer = await fetch(`${cached.url}${target.path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
      const body = Buffer.from(await answer.arrayBuffer());
      if (!answer.ok) throw new Error(`${target.path}: ${answer.status} ${body.toString()}`);
      const check = await fetch(`${uncached.url}${target.path}`, { headers: { cookie } });
      await check.body?.cancel();
      if (!check.ok) throw new Error(`${target.path} (uncached): ${check.status}`);
      const bare = await startBare(body, answer.headers.get('content-type') ?? 'application/json; charset=utf-8', dataDir);
      try {
        process.stderr.write(`${target.name} (${body.length} bytes): 20 connections...\n`);
        const bare20 = await measure(bare.url, target.path, cookie, 20);
        const cached20 = await measure(cached.url, target.path, cookie, 20);
        const uncached20 = await measure(uncached.url, target.path, cookie, 20);
        process.stderr.write(`${target.name}: 200 connections...\n`);
        const bare200 = await measure(bare.url, target.path, cookie, 200);
        const cached200 = await measure(cached.url, target.path, cookie, 200);
        const uncached200 = await measure(uncached.url, target.path, cookie, 200);
        rows.push({ name: target.name, bytes: body.length, bare20, cached20, uncached20, bare200, cached200, uncached200 });
      } finally {
        bare.stop();
      }
    }
  } finally {
    for (const gateway of gateways) await gateway.stop();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const n = (value: number) => Math.round(value).toLocaleString('en-GB');
  const failures = (m: Measure) => (m.non2xx || m.errors ? ` (${m.non2xx} non-2xx, ${m.errors} errors)` : '');
  console.log(
    `\nGateway vs bare Koa, ${SECONDS} s per measurement, ${os.cpus().length} cores, Accept-Encoding: ${ENCODING ?? '(none)'}, ${nodeFlagsLabel(resolveRuntime().runtime === 'compiled' ? benchNodeFlags() : [])}\n`,
  );
  console.log(
    '| read | bytes | bare req/s | cached req/s | uncached req/s | cached/bare | p99 bare @200 | p99 cached @200 | p99 uncached @200 | cached req/s @200 |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${n(r.bytes)} | ${n(r.bare20.rps)}${failures(r.bare20)} | ${n(r.cached20.rps)}${failures(r.cached20)} | ` +
        `${n(r.uncached20.rps)}${failures(r.uncached20)} | ${(r.cached20.rps / r.bare20.rps).toFixed(2)} | ` +
        `${n(r.bare200.p99)} ms | ${n(r.cached200.p99)} ms${failures(r.cached200)} | ${n(r.uncached200.p99)} ms${failures(r.uncached200)} | ` +
        `${n(r.cached200.rps)} |`,
    );
  }
  console.log('\nreq/s at 20 connections; p99 at 200 connections.');
  const profileDir = process.env.BENCH_CPU_PROF;
  if (profileDir) {
    const newest = fs
      .readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(profileDir, f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
    const served = rows.reduce((n, r) => n + r.cached20.total + r.cached200.total, 0);
    if (newest) printProfileTable(newest, served);
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The inline middlewares of api-gateway/src/app.ts, by the first line of their function (the `app.use(` line). */
function appMiddlewareName(line: number, source: string[]): string {
  for (let l = line; l >= 0; l -= 1) {
    if (!/^\s*app\.use\(/.test(source[l] ?? '')) continue;
    const comment = (source[l - 1] ?? '').trim();
    const what = comment.startsWith('//') ? comment.slice(3) : (source[l + 1] ?? '').trim();
    return `app.ts:${l + 1} inline middleware: ${what.slice(0, 50)}`;
  }
  return `app.ts:${line + 1}`;
}

/** What a frame belongs to: a middleware (source file or package), or undefined (Node internals, a builtin). */
function bucketOf(
  frame: ProfileNode['callFrame'],
  maps: Map<string, SourceMap | null>,
  sources: Map<string, string[]>,
): string | undefined {
  const { url } = frame;
  if (!url.startsWith('file://')) return undefined;
  const file = fileURLToPath(url);
  let original = file;
  let line = frame.lineNumber;
  if (!maps.has(file))
    maps.set(file, fs.existsSync(`${file}.map`) ? new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as never) : null);
  const map = maps.get(file);
  if (map) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number };
    if (entry.originalSource) {
      original = entry.originalSource.startsWith('file://')
        ? fileURLToPath(entry.originalSource)
        : path.resolve(path.dirname(file), entry.originalSource);
      line = entry.originalLine ?? 0;
    }
  }
  const relative = path.relative(repoRoot, original);
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(relative);
  if (modules) return modules[1] === 'tsx' ? undefined : `${modules[1]} (package)`;
  if (relative === path.join('api-gateway', 'src', 'app.ts')) {
    if (!sources.has(original)) sources.set(original, fs.readFileSync(original, 'utf8').split('\n'));
    return appMiddlewareName(line, sources.get(original)!);
  }
  return relative;
}

/** Prints each middleware's share of the gateway's CPU time (see the header), and its microseconds per request. */
function printProfileTable(file: string, requests: number): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const maps = new Map<string, SourceMap | null>();
  const sources = new Map<string, string[]>();
  const ownBucket = new Map<number, string | undefined>();
  const bucketOfNode = (id: number): string => {
    const leaf = byId.get(id)!.callFrame;
    if (leaf.functionName === '(garbage collector)' || leaf.functionName === '(idle)' || leaf.functionName === '(program)')
      return leaf.functionName;
    // The write system call under res.end (under whichever wrapper of res.end is nearest, e.g. compression's).
    if (!leaf.url && /^write/.test(leaf.functionName)) return 'socket writes (the writev system call: loopback TCP in the kernel)';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (!ownBucket.has(at)) ownBucket.set(at, bucketOf(byId.get(at)!.callFrame, maps, sources));
      const bucket = ownBucket.get(at);
      if (bucket) return bucket;
    }
    return 'node internals (HTTP parser, sockets, timers)';
  };
  // Per bucket: time in its own JavaScript (the leaf frame is its code), and in Node/V8 code it called (the leaf frame is a
  // builtin or node:internal, e.g. the socket write under res.end): a wrapper such as compression's res.end carries the latter.
  const own = new Map<string, number>();
  const below = new Map<string, number>();
  const nodeBucket = new Map<number, [string, boolean]>();
  profile.samples.forEach((id, i) => {
    if (!nodeBucket.has(id)) {
      const leaf = byId.get(id)!.callFrame;
      const leafOwn = ownBucket.has(id) ? ownBucket.get(id) : bucketOf(leaf, maps, sources);
      nodeBucket.set(id, [bucketOfNode(id), leafOwn !== undefined]);
    }
    const [bucket, isOwn] = nodeBucket.get(id)!;
    const into = isOwn ? own : below;
    into.set(bucket, (into.get(bucket) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = (bucket: string) => (own.get(bucket) ?? 0) + (below.get(bucket) ?? 0);
  const buckets = [...new Set([...own.keys(), ...below.keys()])];
  const idle = total('(idle)');
  const busy = buckets.reduce((n, b) => n + total(b), 0) - idle;
  const perRequest = (us: number) => (requests ? ` ${(us / requests).toFixed(1)} |` : '');
  console.log(
    `\nGateway CPU profile ${path.basename(file)}: ${(busy / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle` +
      `${requests ? `, ${requests.toLocaleString('en-GB')} requests, ${(busy / requests).toFixed(0)} µs of CPU per request` : ''}\n`,
  );
  console.log(
    `| where the time goes (nearest middleware or package on the stack) | share of busy time | of which in Node/V8 below it |${requests ? ' µs per request |' : ''}`,
  );
  console.log(`|---|---:|---:|${requests ? '---:|' : ''}`);
  let rest = 0;
  for (const bucket of buckets.filter((b) => b !== '(idle)').sort((a, b) => total(b) - total(a))) {
    const us = total(bucket);
    if (us / busy < 0.005) {
      rest += us;
      continue;
    }
    console.log(
      `| ${bucket} | ${((us / busy) * 100).toFixed(1)}% | ${(((below.get(bucket) ?? 0) / busy) * 100).toFixed(1)}% |${perRequest(us)}`,
    );
  }
  console.log(`| everything else (each < 0.5%) | ${((rest / busy) * 100).toFixed(1)}% | |${perRequest(rest)}`);

  // The same time by middleware of api-gateway/src/app.ts: each package goes to the middleware that uses it.
  const byMiddleware = new Map<string, number>();
  for (const bucket of buckets.filter((b) => b !== '(idle)')) {
    const group = MIDDLEWARE_OF.find(([test]) => test.test(bucket))?.[1] ?? bucket;
    byMiddleware.set(group, (byMiddleware.get(group) ?? 0) + total(bucket));
  }
  console.log(`\n| middleware (app.ts order) or part of Node | share of busy time |${requests ? ' µs per request |' : ''}`);
  console.log(`|---|---:|${requests ? '---:|' : ''}`);
  rest = 0;
  for (const [group, us] of [...byMiddleware].sort((a, b) => b[1] - a[1])) {
    if (us / busy < 0.005) {
      rest += us;
      continue;
    }
    console.log(`| ${group} | ${((us / busy) * 100).toFixed(1)}% |${perRequest(us)}`);
  }
  console.log(`| everything else (each < 0.5%) | ${((rest / busy) * 100).toFixed(1)}% |${perRequest(rest)}`);
}

/** Which middleware of app.ts a bucket (source file or package) belongs to, for the second table. */
const MIDDLEWARE_OF: Array<[RegExp, string]> = [
  [
    /^(koa|koa-compose|delegates|on-finished|ee-first|destroy|statuses|only|encodeurl|escape-html|content-disposition|type-is|accepts|fresh|http-errors|parseurl|depd|cache-content-type|mime-types|negotiator) \(package\)$/,
    'Koa itself (context, compose, respond)',
  ],
  [
    /^(compression|on-headers|vary|compressible|bytes|debug|safe-buffer) \(package\)$|cache\/compression\.ts$/,
    'compressAnswers (compression)',
  ],
  [/^(prom-client|tdigest|bintrees) \(package\)$|metrics\.ts$/, 'gatewayMetrics (prom-client)'],
  [
    /^(pino|pino-http|@pinojs\/redact|pino-std-serializers|fast-redact|quick-format-unescaped|sonic-boom|atomic-sleep|thread-stream|safe-stable-stringify|on-exit-leak-free) \(package\)$|libs\/server\/src\/(http|logger)\.ts$/,
    'jsonErrors + requestLogging (pino-http, request id)',
  ],
  [
    /^(koa-session|crc|cookies|keygrip|tsscmp|copy-to|is-type|uuid) \(package\)$|api-gateway\/src\/sessions\//,
    'session (koa-session, cookie signing, session store, lifetime)',
  ],
  [
    /^(rate-limiter-flexible) \(package\)$|middleware\/rate-limit\.ts$|inline middleware: const sessionKey/,
    'rate limits (by IP, per session)',
  ],
  [
    /^(lru-cache|p-queue|eventemitter3|p-timeout) \(package\)$|cache\/response-cache\.ts$|proxy\/|inline middleware: Everything else under \/api/,
    '/api middleware (route, session in flight, response cache, proxy)',
  ],
  [/middleware\/security-headers\.ts$/, 'securityHeaders'],
  [/middleware\/request-body\.ts$/, 'requestBodies'],
  [/middleware\/turns\.ts$/, 'turns (createTurns)'],
  [/^(@koa\/router|path-to-regexp|methods|koa-compose) \(package\)$|auth\//, 'auth routes and grant'],
];

if (process.argv[2] === '--bare') {
  bareServer(Number(process.argv[3]), process.argv[4] ?? '', process.argv[5] ?? 'application/json');
} else if (process.argv[2] === '--profile-table') {
  printProfileTable(process.argv[3] ?? '', Number(process.argv[4] ?? 0));
} else {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
