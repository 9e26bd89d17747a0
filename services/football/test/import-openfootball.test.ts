import fs from 'node:fs';
import path from 'node:path';
import { dropMysqlDatabase, migrateLatest, openDatabase, toDate, type Knex } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import type { ImportedMatch } from '../src/importers/model';
import type { ImportContext } from '../src/importers/source';
import { openfootballSource, parseFootballTxt, parseScore, readOpenfootball } from '../src/importers/sources/openfootball';
import { saveAdjustments, saveMatches, savePlayerMatches, saveSquad } from '../src/importers/store';
import { readCsv } from '../src/importers/csv';

const repoRoot = path.resolve(__dirname, '../../..');
const dataDir = process.env.MATCHDAY_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');
const clDir = path.join(dataDir, 'openfootball', 'champions-league');
if (!fs.existsSync(clDir)) {
  throw new Error(`The openfootball data is missing: expected ${clDir} (set MATCHDAY_DATA_DIR to the shared data directory)`);
}

const all = readOpenfootball(clDir);

const fileOf = (m: ImportedMatch) => m.externalId.split(':')[0]!;
const count = (file: string) => all.matches.filter((m) => fileOf(m) === file).length;
const find = (file: string, date: string, home: string) => {
  const match = all.matches.find((m) => fileOf(m) === file && m.externalId.split(':')[1] === date && m.home.name === home);
  if (!match) throw new Error(`no ${home} home match on ${date} in ${file}`);
  return match;
};

describe('openfootball Football.TXT parser', () => {
  it('reads every file without a problem, with the match counts of their headers', () => {
    expect(all.problems).toEqual([]);
    expect(all.files.map((f) => f.label)).toEqual([
      '2021-22/cl.txt',
      '2022-23/cl.txt',
      '2023-24/cl.txt',
      '2024-25/cl.txt',
      '2024-25/clq.txt',
      '2025-26/cl.txt',
      '2025-26/clq.txt',
    ]);
    expect(['2021-22/cl.txt', '2022-23/cl.txt', '2023-24/cl.txt', '2024-25/cl.txt', '2025-26/cl.txt'].map(count)).toEqual([
      125, 125, 125, 189, 189,
    ]);
    expect(count('2024-25/clq.txt')).toBe(90);
    expect(count('2025-26/clq.txt')).toBe(92);
    expect(new Set(all.matches.map((m) => m.externalId)).size).toBe(all.matches.length);
  });

  it('names seasons by their starting year and stages by the format of the season', () => {
    const stages = (file: string) => {
      const out: Record<string, number> = {};
      for (const m of all.matches.filter((x) => fileOf(x) === file)) out[m.stage] = (out[m.stage] ?? 0) + 1;
      return out;
    };
    expect(new Set(all.matches.filter((m) => fileOf(m).startsWith('2023-24')).map((m) => m.season))).toEqual(new Set([2023]));
    expect(stages('2021-22/cl.txt')).toEqual({ group: 96, knockout: 29 });
    expect(stages('2023-24/cl.txt')).toEqual({ group: 96, knockout: 29 });
    expect(stages('2024-25/cl.txt')).toEqual({ 'league-phase': 144, playoff: 16, knockout: 29 });
    expect(stages('2025-26/clq.txt')).toEqual({ qualifying: 92 });
    expect(all.matches.every((m) => m.leagueId === 2 && m.source === 'openfootball')).toBe(true);

    // Group names in the group-by-group layout, the German "Gruppe G/H" headers included: 8 groups of 12 matches.
    for (const file of ['2021-22/cl.txt', '2022-23/cl.txt']) {
      const groups: Record<string, number> = {};
      for (const m of all.matches.filter((x) => fileOf(x) === file && x.stage === 'group')) groups[m.group!] = (groups[m.group!] ?? 0) + 1;
      expect(groups).toEqual({ A: 12, B: 12, C: 12, D: 12, E: 12, F: 12, G: 12, H: 12 });
    }
    expect(find('2021-22/cl.txt', '2021-09-14', 'BSC Young Boys').group).toBe('F');
    // 2023-24 is laid out by matchday without group names: groups follow from who plays whom.
    const groups2023: Record<string, Set<string>> = {};
    for (const m of all.matches.filter((x) => fileOf(x) === '2023-24/cl.txt' && x.stage === 'group')) {
      (groups2023[m.group!] ??= new Set()).add(m.home.name).add(m.away.name);
    }
    expect(Object.keys(groups2023).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect([...groups2023.A!].sort()).toEqual(['FC Bayern München', 'FC København', 'Galatasaray SK', 'Manchester United FC']);
    expect([...groups2023.G!].sort()).toEqual(['BSC Young Boys', 'FK Crvena Zvezda', 'Manchester City FC', 'RB Leipzig']);
    expect(find('2022-23/cl.txt', '2022-09-06', 'Dinamo Zagreb').round).toBe('Group E');
    expect(find('2024-25/cl.txt', '2025-02-11', 'Manchester City FC').round).toBe('Knockout play-offs - Matchday 1');
    expect(find('2023-24/cl.txt', '2024-06-01', 'Borussia Dortmund').round).toBe('Final');
  });

  it('keeps the 90-minute score, half time, extra time and shoot-out apart', () => {
    const arsenal = find('2023-24/cl.txt', '2024-03-12', 'Arsenal FC');
    expect(arsenal).toMatchObject({
      goals: { home: 1, away: 0 },
      halfTime: { home: 1, away: 0 },
      extraTime: { home: 1, away: 0 },
      penalties: { home: 4, away: 2 },
      status: 'finished',
    });
    const madrid = find('2021-22/cl.txt', '2022-04-12', 'Real Madrid');
    expect(madrid).toMatchObject({
      goals: { home: 1, away: 3 },
      halfTime: { home: 0, away: 1 },
      extraTime: { home: 2, away: 3 },
      penalties: null,
    });
    // "3-2 pen. 0-0 a.e.t. (0-0)": a goalless 120 minutes writes one score in brackets.
    const kairat = find('2025-26/clq.txt', '2025-08-26', 'FK Kairat');
    expect(kairat).toMatchObject({ goals: { home: 0, away: 0 }, halfTime: { home: 0, away: 0 }, extraTime: { home: 0, away: 0 } });
    expect(kairat.penalties).toEqual({ home: 3, away: 2 });
    expect(parseScore('11-10 pen. 2-0 a.e.t. (2-0, 2-0)')).toEqual({
      goals: { home: 2, away: 0 },
      halfTime: { home: 2, away: 0 },
      extraTime: { home: 2, away: 0 },
      penalties: { home: 11, away: 10 },
    });
    expect(parseScore('2-1')).toEqual({ goals: { home: 2, away: 1 }, halfTime: null, extraTime: null, penalties: null });
    expect(parseScore('2-1 (1-x)')).toBeNull();
  });

  it('converts kick-offs to UTC: CET/CEST with daylight saving, UK time for the 2025-26 qualifiers', () => {
    // 3 Nov 2021 is after the October change: 21.00 CET = 20:00Z; 19 Oct 2021 still CEST: 21.00 = 19:00Z.
    expect(find('2021-22/cl.txt', '2021-11-03', 'Liverpool FC').kickoffAt.toISOString()).toBe('2021-11-03T20:00:00.000Z');
    expect(find('2021-22/cl.txt', '2021-10-19', 'Paris Saint-Germain').kickoffAt.toISOString()).toBe('2021-10-19T19:00:00.000Z');
    // Kairat in Almaty at 16.30 CET (20:30 local, not 16:30 local).
    expect(find('2025-26/cl.txt', '2025-12-09', 'FK Kairat').kickoffAt.toISOString()).toBe('2025-12-09T15:30:00.000Z');
    // 2024-25 qualifier in Shymkent, reported as 20:00 Kazakh time (UTC+5) = 17.00 CEST in the file.
    expect(find('2024-25/clq.txt', '2024-07-10', 'FK Ordabasy').kickoffAt.toISOString()).toBe('2024-07-10T15:00:00.000Z');
    // 2025-26 qualifier in Dublin at 19:45 Irish summer time (file 19.45).
    expect(find('2025-26/clq.txt', '2025-07-09', 'Shelbourne FC').kickoffAt.toISOString()).toBe('2025-07-09T18:45:00.000Z');
  });

  it('leaves the unplayed 2025-26 final scheduled', () => {
    const final = find('2025-26/cl.txt', '2026-05-30', 'Paris Saint-Germain FC');
    expect(final).toMatchObject({ status: 'scheduled', goals: null, stage: 'knockout', round: 'Final' });
    expect(final.away).toEqual({ name: 'Arsenal FC', country: 'England', code: null });
    expect(final.kickoffAt.toISOString()).toBe('2026-05-30T16:00:00.000Z');
    expect(all.matches.filter((m) => m.status === 'scheduled')).toHaveLength(1);
  });

  it('agrees with every row of the derived ucl_matches_2021-2026.csv', () => {
    const rows = readCsv(path.join(dataDir, 'openfootball', 'ucl_matches_2021-2026.csv')).records.map((record) => record.values);
    expect(rows).toHaveLength(935);
    const byKey = new Map(all.matches.map((m) => [`${fileOf(m)}|${m.externalId.split(':')[1]}|${m.home.name}|${m.away.name}`, m]));
    const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
    const pairOrNull = (a: string | undefined, b: string | undefined) => (num(a) === null ? null : { home: num(a), away: num(b) });
    for (const row of rows) {
      const file = `${row.season}/${row.competition === 'UCL qualifying' ? 'clq' : 'cl'}.txt`;
      const match = byKey.get(`${file}|${row.date}|${row.team1}|${row.team2}`);
      expect(match).toBeDefined();
      expect(match!.home.country).toBeTruthy();
      expect(match!.status).toBe(row.status === 'played' ? 'finished' : 'scheduled');
      expect(match!.goals ?? null).toEqual(pairOrNull(row.ft1, row.ft2));
      if (row.ht1) expect(match!.halfTime).toEqual(pairOrNull(row.ht1, row.ht2));
      expect(match!.extraTime ?? null).toEqual(pairOrNull(row.aet1, row.aet2));
      expect(match!.penalties ?? null).toEqual(pairOrNull(row.pen1, row.pen2));
    }
  });

  it('reports unreadable lines with file and line and keeps the rest', () => {
    const text = [
      '= UEFA Champions League 2030/31',
      '',
      '» Gruppe H',
      '  Tue Dec/10 2030',
      '    21.00  Alpha FC (ENG)  v  Beta FC (ESP)  2-1 (1-0)',
      '           Gamma SC (POR)  v  Delta (ITA)    2-x (1-0)',
      '  Tue Feb/11',
      '    18.45  Beta FC (ESP)  v  Alpha FC (ENG)  0-0',
      '  Wed Feb/11',
      '    21.00  Delta (ITA)  v  Gamma SC (POR)  1-1 (0-1)',
      'this is not Football.TXT',
    ].join('\n');
    const { matches, problems } = parseFootballTxt(text, { file: 'test/cl.txt' });
    expect(matches.map((m) => [m.home.name, m.kickoffAt.toISOString(), m.group])).toEqual([
      ['Alpha FC', '2030-12-10T20:00:00.000Z', 'H'],
      // A yearless date in the new year: Tue Feb/11 is a Tuesday in 2031.
      ['Beta FC', '2031-02-11T17:45:00.000Z', 'H'],
    ]);
    expect(matches[1]!.halfTime).toEqual({ home: 0, away: 0 });
    expect(problems).toEqual([
      { file: 'test/cl.txt', line: 6, message: 'unreadable score "2-x (1-0)"' },
      { file: 'test/cl.txt', line: 9, message: 'cannot place "Wed Feb/11" in season 2030' },
      { file: 'test/cl.txt', line: 10, message: 'match without a date line before it' },
      { file: 'test/cl.txt', line: 11, message: 'unrecognised line "this is not Football.TXT"' },
    ]);
  });
});

/** The context the import command gives a source, writing straight through the store. */
function directContext(db: Knex, problems: unknown[]): ImportContext {
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

describe.each(testDatabases())('openfootball import on %s', (_label, makeTarget) => {
  let db: Knex;
  let target: ReturnType<typeof makeTarget>;

  beforeAll(async () => {
    target = makeTarget('football');
    db = await openDatabase(target);
    await migrateLatest(db, migrations);
  });

  afterAll(async () => {
    await db.destroy();
    if (target.client === 'mysql') await dropMysqlDatabase(target.location);
  });

  it('stores every match once, with its stage, scores and UTC kick-off, and changes nothing on a re-run', async () => {
    const problems: unknown[] = [];
    await openfootballSource.prepare([clDir], repoRoot)(directContext(db, problems));
    expect(problems).toEqual([]);

    const counts = (await db('fixtures')
      .where({ league_id: 2 })
      .select('season', 'stage')
      .count({ n: '*' })
      .groupBy('season', 'stage')) as Array<{
      season: number;
      stage: string;
      n: number | string;
    }>;
    const table = Object.fromEntries(counts.map((c) => [`${c.season} ${c.stage}`, Number(c.n)]));
    expect(table).toEqual({
      '2021 group': 96,
      '2021 knockout': 29,
      '2022 group': 96,
      '2022 knockout': 29,
      '2023 group': 96,
      '2023 knockout': 29,
      '2024 league-phase': 144,
      '2024 playoff': 16,
      '2024 knockout': 29,
      '2024 qualifying': 90,
      '2025 league-phase': 144,
      '2025 playoff': 16,
      '2025 knockout': 29,
      '2025 qualifying': 92,
    });

    const arsenal = await db('fixtures as f')
      .join('teams as h', 'h.id', 'f.home_team_id')
      .join('teams as a', 'a.id', 'f.away_team_id')
      .where('f.season', 2023)
      .andWhere('f.stage', 'knockout')
      .andWhere('f.home_goals_et', 1)
      .andWhere('f.home_penalties', 4)
      .first('f.*', 'h.country as home_country', 'a.country as away_country');
    expect(arsenal).toMatchObject({
      status: 'finished',
      home_goals: 1,
      away_goals: 0,
      home_goals_ht: 1,
      away_goals_ht: 0,
      away_goals_et: 0,
      away_penalties: 2,
      home_country: 'England',
      away_country: 'Portugal',
    });
    expect(toDate(arsenal.kickoff_at)!.toISOString()).toBe('2024-03-12T20:00:00.000Z');

    const final = await db('fixtures').where({ league_id: 2, season: 2025, status: 'scheduled' }).select('home_goals', 'stage');
    expect(final).toEqual([{ home_goals: null, stage: 'knockout' }]);

    const before = await db('fixtures').count({ n: '*' }).first();
    const again = await saveMatches(db, readOpenfootball(clDir).matches);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 935, problems: [] });
    expect(await db('fixtures').count({ n: '*' }).first()).toEqual(before);
  });
});
