/**
 * What this machine's cores give when several processes are busy at once: the baseline that every figure of CPU
 * time per unit of work from several processes (bench/alerts.ts with BENCH_SENDERS=2, the scale-out rig) needs
 * beside it. A fixed unit of the alert senders' kind of work (20 SQLite statements through knex on a file, as the
 * senders' queries go, and a P-256 key pair made and agreed, as RFC 8291 does per push) is run in 1, 2 and 3
 * processes at once for BENCH_SECONDS (4) each, BENCH_ROUNDS times (3) in turn. One line per run:
 *   N processes: U µs of CPU a unit (each process), T units/s in all (x R of one process alone)
 * On a machine whose cores are independent, 2 processes give ~2x one's units a second at the same CPU a unit; where
 * they share one physical core (SMT siblings, an overcommitted host), the CPU a unit rises and the total barely
 * does.
 *   npx tsx bench/cores.ts
 *   BENCH_ROUNDS=5 BENCH_SECONDS=2 npx tsx bench/cores.ts
 */
import { fork } from 'node:child_process';
import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@matchday/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const LEVELS = [1, 2, 3];

interface WorkerResult {
  units: number;
  cpuMicros: number;
}

/** The worker's side: units of work until `seconds` have passed, then its count and CPU time to the parent. */
async function work(seconds: number): Promise<WorkerResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-cores-'));
  const db = await openDatabase({ client: 'sqlite', location: path.join(dir, 'work.sqlite') });
  await db.schema.createTable('deliveries', (table) => {
    table.increments('id');
    table.string('claim');
    table.integer('attempts');
  });
  const peer = createECDH('prime256v1');
  peer.generateKeys();
  const started = process.cpuUsage();
  const until = Date.now() + seconds * 1000;
  let units = 0;
  while (Date.now() < until) {
    for (let i = 0; i < 20; i += 1) {
      await db('deliveries')
        .update({ claim: 'c' })
        .whereIn('id', db('deliveries').select('id').where('attempts', '>', i).limit(10));
    }
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    keys.computeSecret(peer.getPublicKey());
    units += 1;
  }
  const used = process.cpuUsage(started);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  return { units, cpuMicros: used.user + used.system };
}

/** Runs `count` worker processes at once; resolves with each one's result. */
function runAtOnce(count: number): Promise<WorkerResult[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<WorkerResult>((resolve, reject) => {
          const child = fork(__filename, [], { env: { ...process.env, BENCH_CORES_WORKER: '1' }, execArgv: ['--import', 'tsx'] });
          child.once('message', (message) => resolve(message as WorkerResult));
          child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`a worker exited (${code})`))));
        }),
    ),
  );
}

async function main(): Promise<void> {
  console.log(`bench/cores.ts: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg()[0]!.toFixed(2)}`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    let alone: number | undefined;
    for (const count of LEVELS) {
      const results = await runAtOnce(count);
      const perSecond = results.reduce((total, r) => total + r.units, 0) / SECONDS;
      alone ??= perSecond;
      const cpu = results.map((r) => (r.cpuMicros / r.units).toFixed(0)).join(' / ');
      console.log(
        `round ${round}, ${count} process${count > 1 ? 'es' : ''}: ${cpu} µs of CPU a unit, ` +
          `${perSecond.toFixed(0)} units/s in all (x ${(perSecond / alone).toFixed(2)} of one process alone); load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
}

if (process.env.BENCH_CORES_WORKER === '1') {
  void work(SECONDS).then((result) => process.send!(result, () => process.exit(0)));
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
