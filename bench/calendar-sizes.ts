/**
 * Sizes of the calendar feeds (services/football/src/modules/calendar): every team-season and league-season feed,
 * as the endpoints write them (same writer, no HTTP), with and without scores. The bound is 50 KB per team-season.
 * Datasets: the demo seed, and a real import (football-data.co.uk E0 2024-25 + FPL 2024-25 + openfootball
 * Champions League 2024-25), each into a fresh SQLite file.
 *   npx tsx bench/calendar-sizes.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateLatest, openDatabase, repoRoot, type Knex } from '@matchday/server';
import { migrations } from '@matchday/football/src/db/migrations';
import { seedDemo } from '@matchday/football/src/importers/demo/demo';
import { runImport } from '@matchday/football/src/importers/cli';
import { fixtureCalendar } from '@matchday/football/src/modules/calendar/feed';
import { leagueFixtures, type CalendarFixtureRow } from '@matchday/football/src/modules/calendar/repository';

const data = path.resolve(repoRoot, process.env.MATCHDAY_DATA_DIR ?? '../shared/data');
const REAL = [
  ['football-data-co-uk', path.join(data, 'football-data-co-uk', 'E0-2425.csv')],
  ['fpl', path.join(data, 'fpl', '2024-25')],
  ['openfootball', path.join(data, 'openfootball', 'champions-league', '2024-25')],
];
const LIMIT = 50 * 1024;
const ORIGIN = 'https://matchday.example.com';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(label: string, db: Knex): Promise<void> {
  const seasons = (await db('fixtures').distinct('league_id', 'season').orderBy(['league_id', 'season'])) as Array<{
    league_id: number;
    season: number;
  }>;
  const teamNames = new Map(
    ((await db('teams').select('id', 'name')) as Array<{ id: number; name: string }>).map((t) => [Number(t.id), t.name]),
  );
  const byTeamSeason = new Map<string, CalendarFixtureRow[]>();
  const leagueSizes: string[] = [];
  for (const { league_id: leagueId, season } of seasons) {
    const rows = await leagueFixtures(db, Number(leagueId), Number(season));
    const bytes = Buffer.byteLength(fixtureCalendar(`${rows[0]?.league_name} · Matchday`, rows, { scores: true, publicUrl: ORIGIN }));
    leagueSizes.push(`${leagueId}/${season}: ${rows.length} matches ${kb(bytes)}`);
    for (const row of rows) {
      for (const team of [Number(row.home_team_id), Number(row.away_team_id)]) {
        const key = `${team}|${season}`;
        byTeamSeason.set(key, [...(byTeamSeason.get(key) ?? []), row]);
      }
    }
  }
  const sizes = [...byTeamSeason.entries()].map(([key, rows]) => {
    const team = Number(key.split('|')[0]);
    const sorted = [...rows].sort((a, b) => String(a.kickoff_at).localeCompare(String(b.kickoff_at)) || Number(a.id) - Number(b.id));
    const name = `${teamNames.get(team)} · Matchday`;
    return {
      key: `${teamNames.get(team)} ${key.split('|')[1]}`,
      matches: rows.length,
      plain: Buffer.byteLength(fixtureCalendar(name, sorted, { scores: false, publicUrl: ORIGIN })),
      scored: Buffer.byteLength(fixtureCalendar(name, sorted, { scores: true, publicUrl: ORIGIN })),
    };
  });
  sizes.sort((a, b) => b.scored - a.scored);
  const median = sizes[Math.floor(sizes.length / 2)]!;
  const largest = sizes[0]!;
  const over = sizes.filter((s) => s.scored > LIMIT);
  console.log(`${label}: ${sizes.length} team-seasons`);
  console.log(
    `  largest  ${largest.key}: ${largest.matches} matches, ${kb(largest.plain)} (${kb(largest.scored)} with scores), ${Math.round(largest.scored / largest.matches)} B/match`,
  );
  console.log(`  median   ${median.key}: ${median.matches} matches, ${kb(median.plain)} (${kb(median.scored)} with scores)`);
  console.log(`  over 50 KB: ${over.length}`);
  console.log(`  league-seasons (with scores): ${leagueSizes.join('; ')}`);
}

async function fresh(dir: string, name: string): Promise<Knex> {
  const db = await openDatabase({ client: 'sqlite', location: path.join(dir, `${name}.sqlite`) });
  await migrateLatest(db, migrations);
  return db;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-calendar-'));
  try {
    const demo = await fresh(dir, 'demo');
    await seedDemo(demo);
    await measure('demo', demo);
    await demo.destroy();
    if (REAL.some(([, file]) => !fs.existsSync(file!))) throw new Error(`Reference data missing under ${data} (set MATCHDAY_DATA_DIR)`);
    const real = await fresh(dir, 'real');
    for (const argv of REAL) await runImport(argv, { db: real, cwd: repoRoot, progress: false, log: () => undefined });
    await measure(`real (${REAL.map(([source]) => source).join(' + ')} 2024-25)`, real);
    await real.destroy();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
