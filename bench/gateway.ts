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
 * directory: the cached gateway runs under `node --cpu-prof` and writes its profile there at the end.
 */
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Koa from 'koa';
import type { League } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc/src/sign-in';
import { freePort, repoRoot } from '../scripts/lib/processes';
import { startStack } from '../scripts/lib/stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENCODING = process.env.BENCH_ENCODING;

interface Measure {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
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
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** A gateway process on the stack's services and sessions; under `node --cpu-prof` when BENCH_CPU_PROF names a directory. */
async function startGateway(name: string, env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const profile = profileDir && name === 'gateway-cached' ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'api-gateway/src/server.ts'], {
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
    env: {
      LOG_LEVEL: 'error',
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
    ];
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
  console.log(`\nGateway vs bare Koa, ${SECONDS} s per measurement, ${os.cpus().length} cores, Accept-Encoding: ${ENCODING ?? '(none)'}\n`);
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
}

if (process.argv[2] === '--bare') {
  bareServer(Number(process.argv[3]), process.argv[4] ?? '', process.argv[5] ?? 'application/json');
} else {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
