/**
 * Import time of one real season (football-data.co.uk E0-2324 + FPL 2023-24: 380 fixtures with stats
 * and odds, 865 players, 29,725 player-match rows) into a fresh database, then of the same imports run
 * again (nothing to change). SQLite always; MySQL too when BENCH_MYSQL_URL (or TEST_MYSQL_URL) is set,
 * e.g. mysql://matchday:matchday@127.0.0.1:33411.
 *   npx tsx bench/import-season.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dropMysqlDatabase, openDatabase, repoRoot, type DatabaseTarget } from '@matchday/server';
import { runImport } from '@matchday/football/src/importers/cli';

const data = path.resolve(repoRoot, process.env.MATCHDAY_DATA_DIR ?? '../shared/data');
const IMPORTS = [
  ['football-data-co-uk', path.join(data, 'football-data-co-uk', 'E0-2324.csv')],
  ['fpl', path.join(data, 'fpl', '2023-24')],
];

async function measure(label: string, target: DatabaseTarget): Promise<void> {
  const db = await openDatabase(target);
  try {
    for (const round of ['first import', 're-import']) {
      const times: string[] = [];
      let total = 0;
      for (const argv of IMPORTS) {
        const started = process.hrtime.bigint();
        const report = await runImport(argv, { db, cwd: repoRoot });
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        total += seconds;
        if (report.problems.length > 0) throw new Error(`${argv[0]}: ${report.problems.length} rows skipped`);
        times.push(`${argv[0]} ${seconds.toFixed(2)} s`);
      }
      console.log(`${label.padEnd(7)} ${round.padEnd(13)} ${total.toFixed(2)} s  (${times.join(', ')})`);
    }
  } finally {
    await db.destroy();
    if (target.client === 'mysql') await dropMysqlDatabase(target.location);
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(IMPORTS[1]![1]!)) throw new Error(`Reference data missing under ${data} (set MATCHDAY_DATA_DIR)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-import-'));
  await measure('sqlite', { client: 'sqlite', location: path.join(dir, 'football.sqlite') });
  const mysql = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
  if (mysql) {
    const url = new URL(mysql);
    url.pathname = `/matchday_bench_import_${randomBytes(3).toString('hex')}`;
    await measure('mysql', { client: 'mysql', location: url.toString() });
  } else {
    console.log('mysql   skipped (set BENCH_MYSQL_URL)');
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
