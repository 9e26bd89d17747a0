/**
 * How long `npm start` takes to build its default world: the replay of the real 2024-25 season (Premier League with
 * FPL players and deductions, Champions League, Indian Super League: importers/default-replay.ts), read and written
 * into a fresh replay database, with today on today's calendar day of the season; then a later start on the same
 * DATA_DIR (the replay built before from the same files, served as it is). BENCH_RUNS runs (5), each on a new
 * DATA_DIR; prints each run and the medians. SQLite; MySQL instead when BENCH_MYSQL_URL is set (its
 * matchday_football_replay database is rebuilt each run).
 *   npx tsx bench/replay-start.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, repoRoot } from '@matchday/server';
import { defaultReplayArgs } from '@matchday/football/src/importers/default-replay';
import { prepareReplay, replayTarget } from '@matchday/football/src/importers/replay';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

async function main(): Promise<void> {
  const root = path.resolve(repoRoot, process.env.REAL_DATA_DIR ?? '../shared/data');
  const found = defaultReplayArgs(root);
  if ('missing' in found) throw new Error(`the real data is missing: ${found.missing.join(', ')}`);
  const mysql = process.env.BENCH_MYSQL_URL;
  console.log(
    `default replay build, ${mysql ? 'MySQL' : 'SQLite'}, ${RUNS} run(s), load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const times: number[] = [];
  const later: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-replay-'));
    try {
      const env = { DATA_DIR: dataDir, INIT_CWD: repoRoot, ...(mysql ? { DATABASE_URL: mysql } : {}) };
      // a first start: no replay built before (on MySQL the replay database outlives the run's DATA_DIR)
      if (mysql) await dropMysqlDatabase(replayTarget(env).target.location);
      const started = process.hrtime.bigint();
      await prepareReplay(found.args, env, () => undefined, { sameCalendarDay: true });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      times.push(ms);
      const again = process.hrtime.bigint();
      await prepareReplay(found.args, env, () => undefined, { sameCalendarDay: true });
      const laterMs = Number(process.hrtime.bigint() - again) / 1e6;
      later.push(laterMs);
      console.log(`  run ${run}: ${(ms / 1000).toFixed(2)} s, later start ${(laterMs / 1000).toFixed(2)} s`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return `${(median / 1000).toFixed(2)} s (median; min ${(sorted[0]! / 1000).toFixed(2)}, max ${(sorted.at(-1)! / 1000).toFixed(2)})`;
  };
  console.log(`default replay built in ${summary(times)}; a later start on the same DATA_DIR ${summary(later)}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
