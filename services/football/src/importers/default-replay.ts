import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, resolveDatabaseTarget, type Knex } from '@matchday/server';
import { datasetSource } from '../domain/dataset';
import { utcDay } from './dates';

/**
 * The world `npm start` serves when nothing else is asked for: a real season, replayed through the replay
 * mechanism (replay.ts) with today's calendar day placed on the same day of that season. The synthetic demo
 * season stays behind `npm start -- --demo`, and a DATA_DIR holding imported data is served as it is.
 */

/** What the default replay is, in words (the launcher prints it). */
export const DEFAULT_REPLAY_DESCRIPTION =
  'Premier League 2024-25 (results, statistics, odds, FPL players), UEFA Champions League 2024-25 and Indian Super League 2024-25, ' +
  "with the Premier League's 2019-20 to 2023-24 seasons (and FPL 2023-24) as earlier seasons";

/** The Premier League seasons before the replayed one that the default replay loads as history (start years). */
export const DEFAULT_EARLIER_SEASONS = [2019, 2020, 2021, 2022, 2023] as const;

const seasonCode = (year: number) => `${String(year % 100).padStart(2, '0')}${String((year + 1) % 100).padStart(2, '0')}`;

/** The files of the default replay under a data root (`../shared/data` beside the repository by default). */
export function defaultReplayFiles(dataRoot: string) {
  return {
    premierLeague: path.join(dataRoot, 'football-data-co-uk', 'E0-2425.csv'),
    fpl: path.join(dataRoot, 'fpl', '2024-25'),
    deductions: path.join(dataRoot, 'adjustments', 'points-deductions.csv'),
    championsLeague: path.join(dataRoot, 'openfootball', 'champions-league', '2024-25'),
    isl: path.join(dataRoot, 'isl', 'isl_2024-25_matches.csv'),
  };
}

/**
 * The earlier seasons' files under a data root: the Premier League's results, statistics and odds of 2019-20 to
 * 2023-24 and FPL 2023-24. They are history (replay.ts: a league's seasons before its latest are written as played,
 * never held back); each is loaded where present, and one that is missing leaves the replay without it.
 */
export function defaultEarlierFiles(dataRoot: string) {
  return {
    premierLeague: DEFAULT_EARLIER_SEASONS.map((year) => path.join(dataRoot, 'football-data-co-uk', `E0-${seasonCode(year)}.csv`)),
    fpl: [path.join(dataRoot, 'fpl', '2023-24')],
  };
}

/** Whether an FPL season folder holds the four files the fpl import reads. */
const fplSeasonPresent = (dir: string) =>
  ['teams.csv', 'players_raw.csv', 'fixtures.csv', 'merged_gw.csv'].every((name) => fs.existsSync(path.join(dir, name)));

/**
 * The import arguments of the default replay (several imports separated by "+", as `--replay` takes them), or the
 * files that are missing under `dataRoot`. The earlier seasons come first, so that what the 2024-25 season says of a
 * player (his name, his details) is the last word.
 */
export function defaultReplayArgs(dataRoot: string): { args: string[] } | { missing: string[] } {
  const files = defaultReplayFiles(dataRoot);
  const missing = Object.values(files).filter((file) => !fs.existsSync(file));
  if (missing.length > 0) return { missing };
  const earlier = defaultEarlierFiles(dataRoot);
  return {
    args: [
      ...earlier.premierLeague.filter((file) => fs.existsSync(file)).flatMap((file) => ['football-data-co-uk', file, '+']),
      ...earlier.fpl.filter(fplSeasonPresent).flatMap((dir) => ['fpl', dir, '+']),
      ...['football-data-co-uk', files.premierLeague, '+', 'fpl', files.fpl, '+', 'adjustments', files.deductions],
      ...['+', 'openfootball', files.championsLeague],
      ...['+', 'results-csv', files.isl, '--league', '323', '--season', '2024'],
    ],
  };
}

/**
 * Today's calendar day in a season that runs from `first` to `last` (kick-offs): 28 November is 28 November of
 * the season's year that holds it (a season from August 2024 to May 2025 makes it 2024-11-28, and 2 March
 * 2025-03-02). A day the season does not reach gives its nearer end: its first or last day of play.
 */
export function sameDayOfSeason(first: Date, last: Date, today: Date): string {
  const firstDay = utcDay(first.getTime());
  const lastDay = utcDay(last.getTime());
  const month = today.getUTCMonth();
  const candidates: string[] = [];
  for (let year = first.getUTCFullYear(); year <= last.getUTCFullYear(); year++) {
    // 29 February in a year without one is the 28th
    const monthDays = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    candidates.push(utcDay(Date.UTC(year, month, Math.min(today.getUTCDate(), monthDays))));
  }
  const inside = candidates.find((day) => day >= firstDay && day <= lastDay);
  if (inside) return inside;
  // outside the season: the end that the nearest of those days is closest to
  let best = { gap: Infinity, end: firstDay };
  for (const day of candidates) {
    const at = Date.parse(day);
    const before = { gap: Date.parse(firstDay) - at, end: firstDay };
    const after = { gap: at - Date.parse(lastDay), end: lastDay };
    const near = before.gap > 0 ? before : after;
    if (near.gap < best.gap) best = near;
  }
  return best.end;
}

/**
 * Whether the football database that `env` names holds imported (non-demo, non-replay) data: such a database is
 * served as it is, and the default never writes over it. Nothing is written to find out (no SQLite file is created; a
 * MySQL database that does not exist yet is created empty, as the football service would create it).
 */
export async function holdsImportedData(env: NodeJS.ProcessEnv): Promise<boolean> {
  const target = resolveDatabaseTarget('football', env);
  if (target.client === 'sqlite' && !fs.existsSync(target.location)) return false;
  let db: Knex | undefined;
  try {
    db = await openDatabase(target);
    if (!(await db.schema.hasTable('dataset_meta'))) return false;
    return (await datasetSource(db)) === 'import';
  } catch {
    // a MySQL database that does not exist yet holds nothing
    return false;
  } finally {
    await db?.destroy();
  }
}
