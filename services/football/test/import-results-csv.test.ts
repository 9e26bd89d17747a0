import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, migrateLatest, openDatabase, toDate, type Knex } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import type { RowProblem } from '../src/importers/model';
import type { ImportContext } from '../src/importers/source';
import {
  parseColumnMap,
  parseResultsCsvArgs,
  parseScoreCell,
  parseStageRanges,
  readResultsCsv,
  resultsCsvSource,
  stageFromLabel,
} from '../src/importers/sources/results-csv';
import { saveAdjustments, saveMatches, savePlayerMatches, saveSquad } from '../src/importers/store';

const repoRoot = path.resolve(__dirname, '../../..');
const dataDir = process.env.MATCHDAY_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');
const islDir = path.join(dataDir, 'isl');
if (!fs.existsSync(islDir)) {
  throw new Error(`The ISL data is missing: expected ${islDir} (set MATCHDAY_DATA_DIR to the shared data directory)`);
}
const clean = path.join(islDir, 'isl_2024-25_matches.csv');
const raw = path.join(islDir, 'isl_matches_2024-25_raw.csv');
const RAW_STAGES = 'regular=1-156,playoff=157-158,knockout=159-163';

const isl = { leagueId: 323, season: 2024 };

describe('results-csv parser', () => {
  it('finds the columns of the clean ISL file by their names and reads all 163 matches in IST', () => {
    const { matches, problems, map } = readResultsCsv(clean, isl);
    expect(problems).toEqual([]);
    expect(map).toMatchObject({ home: 'home', away: 'away', date: 'date', time: 'time_ist', homeGoals: 'home_goals', stage: 'stage' });
    expect(matches).toHaveLength(163);
    const stages: Record<string, number> = {};
    for (const m of matches) stages[m.stage] = (stages[m.stage] ?? 0) + 1;
    expect(stages).toEqual({ regular: 156, playoff: 2, knockout: 5 });
    // 19:30 IST (UTC+05:30, no daylight saving) = 14:00 UTC.
    expect(matches[0]).toMatchObject({
      home: { name: 'Mohun Bagan', country: 'India' },
      away: { name: 'Mumbai City' },
      goals: { home: 2, away: 2 },
    });
    expect(matches[0]!.kickoffAt.toISOString()).toBe('2024-09-13T14:00:00.000Z');
    expect(matches[1]!.kickoffAt.toISOString()).toBe('2024-09-14T11:30:00.000Z');
    const final = matches[162]!;
    expect(final).toMatchObject({
      status: 'finished',
      stage: 'knockout',
      round: 'Final',
      home: { name: 'Mohun Bagan' },
      away: { name: 'Bengaluru' },
      goals: { home: 2, away: 1 },
    });
    expect(matches.filter((m) => m.round === 'Semi-finals')).toHaveLength(4);
  });

  it('reads the raw file (U+0096 score separator, blank separator lines) into the same fixtures', () => {
    const a = readResultsCsv(clean, isl).matches;
    const b = readResultsCsv(raw, { ...isl, stages: parseStageRanges(RAW_STAGES) });
    expect(b.problems).toEqual([]);
    expect(b.map).toMatchObject({ home: 'Home', away: 'Away', date: 'Date', time: 'Time', score: 'Score' });
    expect(b.matches).toHaveLength(163);
    const key = (m: (typeof a)[number]) => [m.externalId, m.kickoffAt.toISOString(), m.stage, m.home.name, m.away.name];
    expect(b.matches.map(key)).toEqual(a.map(key));
    // Same scores everywhere except the final, which the raw file does not have.
    expect(b.matches.slice(0, 162).map((m) => m.goals)).toEqual(a.slice(0, 162).map((m) => m.goals));
    expect(b.matches[162]).toMatchObject({ status: 'scheduled', goals: null });
    // Lines count the blank separators: the final is on line 190 of the raw file.
    expect(b.matches[162]!.origin).toEqual({ file: 'isl_matches_2024-25_raw.csv', line: 190 });
  });

  it('parses scores, stages, column maps and stage ranges', () => {
    expect(parseScoreCell('2\u00962')).toEqual({ home: 2, away: 2 });
    expect(parseScoreCell('3 - 1')).toEqual({ home: 3, away: 1 });
    expect(parseScoreCell('1–0')).toEqual({ home: 1, away: 0 });
    expect(parseScoreCell('')).toBeNull();
    expect(parseScoreCell('2-')).toBe('invalid');
    expect(['league', 'playoff', 'semifinal', 'final', 'Group A', 'qualifying', 'nonsense'].map(stageFromLabel)).toEqual([
      'regular',
      'playoff',
      'knockout',
      'knockout',
      'group',
      'qualifying',
      null,
    ]);
    expect(parseColumnMap('home=Home,score=Score')).toEqual({ home: 'Home', score: 'Score' });
    expect(() => parseColumnMap('winner=Home')).toThrow(/bad column mapping/);
    expect(parseStageRanges('playoff=157-158,knockout=163')).toEqual([
      { stage: 'playoff', from: 157, to: 158 },
      { stage: 'knockout', from: 163, to: 163 },
    ]);
  });

  it('checks its command line before anything is read', () => {
    const args = parseResultsCsvArgs(
      [clean, '--league', '323', '--season', '2024', '--tz', 'Asia/Kolkata', '--map', 'home=home'],
      repoRoot,
    );
    expect(args).toMatchObject({ file: clean, leagueId: 323, season: 2024, timeZone: 'Asia/Kolkata', map: { home: 'home' } });
    expect(() => parseResultsCsvArgs([clean, '--season', '2024'], repoRoot)).toThrow(/--league is required/);
    expect(() => parseResultsCsvArgs([clean, '--league', '323', '--season', '2024', '--tz', 'Mars/Olympus'], repoRoot)).toThrow(
      /not an IANA time zone/,
    );
    expect(() => parseResultsCsvArgs(['missing.csv', '--league', '323', '--season', '2024'], repoRoot)).toThrow(/does not exist/);
  });
});

function directContext(db: Knex, problems: RowProblem[]): ImportContext {
  return {
    db,
    reportProblems: (p) => problems.push(...p),
    log: () => {},
    saveMatches: (m) => saveMatches(db, m),
    saveSquad: (m) => saveSquad(db, m),
    savePlayerMatches: (l) => savePlayerMatches(db, l),
    saveAdjustments: (a) => saveAdjustments(db, a),
  };
}

describe.each(testDatabases())('results-csv import on %s', (_label, makeTarget) => {
  let db: Knex;
  let target: ReturnType<typeof makeTarget>;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-results-csv-'));

  beforeAll(async () => {
    target = makeTarget('football');
    db = await openDatabase(target);
    await migrateLatest(db, migrations);
  });

  afterAll(async () => {
    await db.destroy();
    if (target.client === 'mysql') await dropMysqlDatabase(target.location);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const run = async (args: string[]) => {
    const problems: RowProblem[] = [];
    await resultsCsvSource.prepare(args, repoRoot)(directContext(db, problems));
    return problems;
  };

  it('imports the ISL season: 156 league + 7 play-off matches, the final 2-1, idempotent', async () => {
    expect(await run([clean, '--league', '323', '--season', '2024'])).toEqual([]);
    const stages = (await db('fixtures')
      .where({ league_id: 323, season: 2024 })
      .select('stage')
      .count({ n: '*' })
      .groupBy('stage')) as Array<{
      stage: string;
      n: number | string;
    }>;
    expect(Object.fromEntries(stages.map((s) => [s.stage, Number(s.n)]))).toEqual({ regular: 156, playoff: 2, knockout: 5 });
    expect(await db('teams').where({ country: 'India' }).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect(Number((await db('teams').count({ n: '*' }).first())!.n)).toBe(13);

    const final = await db('fixtures as f')
      .join('teams as h', 'h.id', 'f.home_team_id')
      .join('teams as a', 'a.id', 'f.away_team_id')
      .where({ 'f.league_id': 323, 'f.round': 'Final' })
      .first('h.name as home', 'a.name as away', 'f.home_goals', 'f.away_goals', 'f.status', 'f.kickoff_at');
    expect(final).toMatchObject({ home_goals: 2, away_goals: 1, status: 'finished' });
    expect(final.home).toMatch(/Mohun Bagan/);
    expect(final.away).toMatch(/Bengaluru/);
    expect(toDate(final.kickoff_at)!.toISOString()).toBe('2025-04-12T14:00:00.000Z');

    const again = await saveMatches(db, readResultsCsv(clean, isl).matches);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 163, problems: [] });
  });

  it('lands the raw file on the same 163 fixtures', async () => {
    const before = await db('fixtures')
      .orderBy('id')
      .select('id', 'home_team_id', 'away_team_id', 'kickoff_at', 'stage', 'status', 'home_goals', 'away_goals');
    expect(await run([raw, '--league', '323', '--season', '2024', '--stages', RAW_STAGES])).toEqual([]);
    const after = await db('fixtures')
      .orderBy('id')
      .select('id', 'home_team_id', 'away_team_id', 'kickoff_at', 'stage', 'status', 'home_goals', 'away_goals');
    expect(after).toHaveLength(163);
    expect(after).toEqual(before);
  });

  it('reports a malformed row with file and line, skips it and keeps the rest', async () => {
    const file = path.join(tmp, 'broken.csv');
    fs.writeFileSync(
      file,
      [
        'date,time,home,away,home_goals,away_goals,stage',
        '2030-08-01,19:30,Alpha FC,Beta FC,1,0,league',
        '2030-08-02,19:30,Gamma FC,Delta FC,two,0,league',
        '2030-13-03,19:30,Beta FC,Alpha FC,0,0,league',
        '2030-08-04,19:30,Delta FC,Gamma FC,3,3,group of death',
        '2030-08-05,25:99,Alpha FC,Gamma FC,1,1,league',
        '2030-08-06,19:30,Beta FC,Delta FC,,,league',
        '',
      ].join('\n'),
    );
    const problems = await run([file, '--league', '323', '--season', '2030']);
    expect(problems).toEqual([
      { file: 'broken.csv', line: 3, message: 'bad score "two" - "0"' },
      { file: 'broken.csv', line: 4, message: 'bad date "2030-13-03" (YYYY-MM-DD or DD/MM/YYYY expected)' },
      { file: 'broken.csv', line: 5, message: 'unknown stage "group of death"' },
      { file: 'broken.csv', line: 6, message: 'bad time "25:99" (HH:MM expected)' },
    ]);
    const stored = await db('fixtures').where({ league_id: 323, season: 2030 }).orderBy('kickoff_at').select('status', 'home_goals');
    expect(stored).toEqual([
      { status: 'finished', home_goals: 1 },
      { status: 'scheduled', home_goals: null },
    ]);
    // The season imported before is untouched.
    expect(Number((await db('fixtures').where({ league_id: 323, season: 2024 }).count({ n: '*' }).first())!.n)).toBe(163);
  });
});
