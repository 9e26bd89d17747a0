import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, toDate, type Knex } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { runImport, type ImportReport } from '../src/importers/cli';
import { oddsColumns, seasonFromFileName } from '../src/importers/sources/football-data-co-uk';
import { UsageError, MissingInputError } from '../src/importers/source';
import { seedDemo } from '../src/importers/demo/demo';
import { count, freshDatabase, sharedData, snapshot, tempDir } from './import-helpers';

const E0_2324 = sharedData('football-data-co-uk', 'E0-2324.csv');
const FPL_2324 = sharedData('fpl', '2023-24');

const run = (db: Knex, ...argv: string[]) => runImport(argv, { db, cwd: repoRoot });

function totals(report: ImportReport, kind: keyof ImportReport['totals']) {
  return report.totals[kind];
}

async function fixtureOf(db: Knex, home: string, away: string, season = 2023) {
  const row = await db('fixtures as f')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where({ 'h.name': home, 'a.name': away, 'f.league_id': 39, 'f.season': season })
    .first('f.*');
  if (!row) throw new Error(`no fixture ${home} v ${away}`);
  return row as Record<string, unknown> & { id: number };
}

describe('football-data.co.uk columns', () => {
  it('finds every bookmaker, opening and closing, with Pinnacle under one name', () => {
    const header = fs.readFileSync(E0_2324, 'utf8').split('\n')[0]!.split(',');
    const found = oddsColumns(header).map((o) => `${o.bookmaker}:${o.timing}`);
    expect(found.sort()).toEqual(
      ['Avg', 'B365', 'BW', 'IW', 'Max', 'PS', 'VC', 'WH'].flatMap((b) => [`${b}:closing`, `${b}:opening`]).sort(),
    );
    const pinnacle = oddsColumns(header).find((o) => o.bookmaker === 'PS' && o.timing === 'closing');
    expect(pinnacle).toMatchObject({ home: 'PSCH', over25: 'PC>2.5', ahHome: 'PCAHH' });
    expect(seasonFromFileName('E0-2324.csv')).toBe(2023);
    expect(seasonFromFileName('E0_1920.csv')).toBe(2019);
    expect(seasonFromFileName('results.csv')).toBeUndefined();
  });
});

describe.each(testDatabases())('football-data-co-uk import on %s', (_label, makeTarget) => {
  let db: Knex;
  let close: () => Promise<void>;
  let first: ImportReport;
  let fpl: ImportReport;

  beforeAll(async () => {
    ({ db, close } = await freshDatabase(makeTarget('football')));
    // The database starts with the demo season: the first import must remove it.
    await seedDemo(db);
    first = await run(db, 'football-data-co-uk', E0_2324);
    fpl = await run(db, 'fpl', FPL_2324);
  }, 240_000);

  afterAll(async () => {
    await close();
  });

  it('replaces the demo data and stores 380 fixtures of 20 clubs', async () => {
    expect(first.problems).toEqual([]);
    expect(totals(first, 'fixtures')).toEqual({ created: 380, updated: 0, unchanged: 0 });
    expect(await db('dataset_meta').where({ key: 'source' }).first('value')).toEqual({ value: 'import' });
    expect(await count(db('fixtures'))).toBe(380);
    expect(await count(db('fixtures').where({ league_id: 39, season: 2023, stage: 'regular' }))).toBe(380);
    expect(await count(db('teams'))).toBe(20);
    expect(await count(db('teams').whereIn('name', ['Mumbai Mariners', 'Northbridge United']))).toBe(0);
    expect((await db('leagues').select('id')).map((l: { id: number }) => l.id)).toEqual([39]);
    const season = await db('seasons').where({ league_id: 39, year: 2023 }).first();
    expect(season).toMatchObject({ name: '2023-24', format: 'league', tiebreak: 'points-gd-gf' });
  });

  it('lands FPL on the same fixtures: no duplicates, each fixture known to both sources', async () => {
    expect(fpl.problems).toEqual([]);
    expect(totals(fpl, 'fixtures').created).toBe(0);
    expect(await count(db('fixtures'))).toBe(380);
    expect(await count(db('teams'))).toBe(20);
    const pairs = (await db('fixtures')
      .select('home_team_id', 'away_team_id')
      .groupBy('home_team_id', 'away_team_id')
      .count({ n: '*' })) as Array<{
      n: number | string;
    }>;
    expect(pairs).toHaveLength(380);
    expect(pairs.every((p) => Number(p.n) === 1)).toBe(true);
    const links = (await db('external_ids')
      .where({ entity: 'fixture' })
      .select('entity_id')
      .groupBy('entity_id')
      .count({ n: '*' })) as Array<{
      n: number | string;
    }>;
    expect(links).toHaveLength(380);
    expect(links.every((l) => Number(l.n) === 2)).toBe(true);
    // FPL brings the gameweek, football-data the referee: one row has both.
    const opener = await fixtureOf(db, 'Burnley', 'Manchester City');
    expect(opener).toMatchObject({ round: 'Regular Season - 1', referee: 'C Pawson' });
  });

  it('stores the result, half-time, referee, statistics and odds of a match as the CSV has them', async () => {
    // E0,11/08/2023,20:00,Burnley,Man City,0,3,A,0,2,A,C Pawson,6,17,1,8,11,8,6,5,0,0,1,0,8.0,5.5,1.33,...
    const fixture = await fixtureOf(db, 'Burnley', 'Manchester City');
    expect(toDate(fixture.kickoff_at)!.toISOString()).toBe('2023-08-11T19:00:00.000Z'); // 20:00 BST
    expect(fixture).toMatchObject({ status: 'finished', home_goals: 0, away_goals: 3, home_goals_ht: 0, away_goals_ht: 2 });
    const stats = await db('fixture_team_stats').where({ fixture_id: fixture.id }).orderBy('is_home', 'desc');
    expect(
      stats.map((s: Record<string, unknown>) => [s.total_shots, s.shots_on_target, s.fouls, s.corner_kicks, s.yellow_cards, s.red_cards]),
    ).toEqual([
      [6, 1, 11, 6, 0, 1],
      [17, 8, 8, 5, 0, 0],
    ]);
    const b365 = await db('fixture_odds').where({ fixture_id: fixture.id, bookmaker: 'B365' }).orderBy('timing', 'desc');
    expect(b365.map((o: Record<string, unknown>) => [o.timing, o.home, o.draw, o.away, o.over_2_5, o.under_2_5])).toEqual([
      ['opening', 8, 5.5, 1.33, 1.67, 2.2],
      ['closing', 9, 5.25, 1.33, 1.67, 2.2],
    ]);
    expect(b365[0]).toMatchObject({ asian_handicap_line: 1.5, asian_handicap_home: 1.86, asian_handicap_away: 2.07 });
    expect(await count(db('fixture_odds').where({ fixture_id: fixture.id }))).toBe(16);
    // Interwetten had no price for 182 matches: no empty odds rows for them.
    expect(await count(db('fixture_odds').where({ bookmaker: 'IW', timing: 'opening' }))).toBe(380 - 182);
  });

  it('converts UK local time with daylight saving', async () => {
    // 23/12/2023 15:00 GMT and 28/10/2023 12:30 BST
    expect(toDate((await fixtureOf(db, 'Fulham', 'Burnley')).kickoff_at)!.toISOString()).toBe('2023-12-23T15:00:00.000Z');
    expect(toDate((await fixtureOf(db, 'Chelsea', 'Brentford')).kickoff_at)!.toISOString()).toBe('2023-10-28T11:30:00.000Z');
    // FPL says 12:00 UTC for Arsenal v Forest, football-data 12:30 BST: the higher-ranked source wins in either order.
    expect(toDate((await fixtureOf(db, 'Arsenal', 'Nottingham Forest')).kickoff_at)!.toISOString()).toBe('2023-08-12T11:30:00.000Z');
  });

  it('changes nothing when both imports run again', async () => {
    const before = await snapshot(db);
    const again = await run(db, 'football-data-co-uk', E0_2324);
    const fplAgain = await run(db, 'fpl', FPL_2324);
    expect(totals(again, 'fixtures')).toEqual({ created: 0, updated: 0, unchanged: 380 });
    expect(totals(fplAgain, 'fixtures')).toEqual({ created: 0, updated: 0, unchanged: 380 });
    expect(totals(fplAgain, 'player match rows')).toMatchObject({ created: 0, updated: 0 });
    expect(await snapshot(db)).toEqual(before);
  }, 240_000);

  it('reports a malformed row with file and line, skips it and keeps what is stored', async () => {
    const before = await snapshot(db);
    const dir = tempDir();
    const file = path.join(dir, 'E0-2324.csv');
    fs.writeFileSync(
      file,
      [
        'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR',
        'E0,11/08/2023,20:00,Burnley,Man City,0,3,A',
        'E0,32/08/2023,15:00,Arsenal,Chelsea,1,1,D',
        'E0,12/08/2023,15:00,Everton,Fulham,x,1,A',
        'XX,12/08/2023,15:00,Everton,Fulham,0,1,A',
      ].join('\n'),
    );
    const report = await run(db, 'football-data-co-uk', file);
    expect(report.problems).toEqual([
      { file: 'E0-2324.csv', line: 3, message: 'bad date "32/08/2023" (dd/mm/yyyy expected)' },
      { file: 'E0-2324.csv', line: 4, message: 'bad full-time score "x-1"' },
      { file: 'E0-2324.csv', line: 5, message: 'unknown division "XX" (use --league)' },
    ]);
    expect(totals(report, 'fixtures')).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses an unknown source, a bad option and a missing file before touching the database', async () => {
    await expect(run(db, 'no-such-source', 'x')).rejects.toThrow(UsageError);
    await expect(run(db, 'football-data-co-uk', E0_2324, '--season', 'soon')).rejects.toThrow(/--season must be a whole number/);
    await expect(run(db, 'football-data-co-uk', 'missing.csv')).rejects.toThrow(MissingInputError);
  });
});

describe('npm run import (command line)', () => {
  const cli = (args: string[], dataDir: string) =>
    spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/import.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', FOOTBALL_DATABASE_URL: '', INIT_CWD: repoRoot },
      encoding: 'utf8',
    });

  it('exits 0 with skipped rows listed, and 1 with a clear message for a missing file or unknown source', () => {
    const dir = tempDir();
    const file = path.join(dir, 'E0-2324.csv');
    fs.writeFileSync(
      file,
      ['Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG', 'E0,11/08/2023,20:00,Burnley,Man City,0,3', 'E0,11/08/2023,20:00,Burnley'].join('\n'),
    );
    const ok = cli(['football-data-co-uk', file], path.join(dir, 'data'));
    expect(ok.stderr).not.toMatch(/Import failed/);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/fixtures\s+1 created, 0 updated, 0 unchanged/);
    expect(ok.stdout).toMatch(/E0-2324\.csv:3: missing team name/);
    expect(fs.existsSync(path.join(dir, 'data', 'football.sqlite'))).toBe(true);

    const missing = cli(['fpl', path.join(dir, 'nowhere')], path.join(dir, 'data'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/nowhere does not exist/);
    const unknown = cli(['csv-of-dreams'], path.join(dir, 'data'));
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown source "csv-of-dreams"/);
  }, 60_000);
});
