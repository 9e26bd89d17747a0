import fs from 'node:fs';
import path from 'node:path';
import { dataDir, dropMysqlDatabase, openDatabase, toDate, type DatabaseTarget, type Knex } from '@matchday/server';
import { formatReport, runImport } from './cli';

/**
 * `npm start -- --replay <import args>`: a real season as if it were being played now. The season is
 * imported into its own database (DATA_DIR/replay, or the `matchday_football_replay` MySQL database),
 * then every kick-off moves by whole days so that the middle of the season falls on today. The shift
 * is kept in dataset_meta (`date_shift_days`); the data stays marked as imported, not demo.
 */

const DAY = 86_400_000;

/** Moves every fixture so that the middle of the stored season(s) is today; returns the days moved this time. */
export async function shiftToToday(db: Knex, today: Date = new Date()): Promise<number> {
  const [range] = (await db('fixtures').min({ first: 'kickoff_at' }).max({ last: 'kickoff_at' })) as Array<{
    first: unknown;
    last: unknown;
  }>;
  const first = toDate(range?.first);
  const last = toDate(range?.last);
  if (!first || !last) return 0;
  const middle = (first.getTime() + last.getTime()) / 2;
  const midnight = (ms: number) => Math.floor(ms / DAY) * DAY;
  const days = Math.round((midnight(today.getTime()) - midnight(middle)) / DAY);
  await db.transaction(async (trx) => {
    if (days !== 0) {
      const expression =
        trx.client.config.client === 'mysql2'
          ? trx.raw('DATE_ADD(kickoff_at, INTERVAL ? DAY)', [days])
          : trx.raw("strftime('%Y-%m-%d %H:%M:%f', kickoff_at, ? || ' days')", [`${days >= 0 ? '+' : ''}${days}`]);
      await trx('fixtures').update({ kickoff_at: expression });
    }
    const previous = (await trx('dataset_meta').where({ key: 'date_shift_days' }).first('value')) as { value: string } | undefined;
    const total = String(Number(previous?.value ?? 0) + days);
    if (previous) await trx('dataset_meta').where({ key: 'date_shift_days' }).update({ value: total });
    else await trx('dataset_meta').insert({ key: 'date_shift_days', value: total });
  });
  return days;
}

/** The replay database beside the normal one: returned with the environment the football service needs to use it. */
export function replayTarget(env: NodeJS.ProcessEnv): { target: DatabaseTarget; serviceEnv: NodeJS.ProcessEnv } {
  const mysql = env.FOOTBALL_DATABASE_URL || env.DATABASE_URL;
  if (mysql) {
    const url = new URL(mysql);
    url.pathname = '/matchday_football_replay';
    const location = url.toString();
    return { target: { client: 'mysql', location }, serviceEnv: { FOOTBALL_DATABASE_URL: location } };
  }
  const dir = path.join(dataDir(env), 'replay');
  return { target: { client: 'sqlite', location: path.join(dir, 'football.sqlite') }, serviceEnv: { DATA_DIR: dir } };
}

/**
 * Builds the replay database from scratch: `args` are import arguments, several imports separated by
 * "+" (e.g. `football-data-co-uk E0-2324.csv + fpl ../shared/data/fpl/2023-24`).
 */
export async function prepareReplay(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = (line) => console.log(line),
): Promise<NodeJS.ProcessEnv> {
  const imports: string[][] = [[]];
  for (const arg of args) {
    if (arg === '+') imports.push([]);
    else imports[imports.length - 1]!.push(arg);
  }
  if (imports.some((argv) => argv.length === 0))
    throw new Error('--replay needs import arguments, e.g. --replay fpl ../shared/data/fpl/2023-24');
  const { target, serviceEnv } = replayTarget(env);
  if (target.client === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target.location}${suffix}`, { force: true });
  } else {
    await dropMysqlDatabase(target.location);
  }
  const db = await openDatabase(target);
  try {
    for (const argv of imports) {
      log(`  Replay: importing ${argv.join(' ')}`);
      const report = await runImport(argv, { db, env, progress: true, log });
      log(formatReport(report, 10).replace(/^/gm, '  '));
    }
    const days = await shiftToToday(db);
    log(`  Replay: kick-offs moved by ${days} days so that the middle of the season is today`);
  } finally {
    await db.destroy();
  }
  return serviceEnv;
}
