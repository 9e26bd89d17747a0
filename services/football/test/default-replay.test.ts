import fs from 'node:fs';
import path from 'node:path';
import { replayedMatchDay, type DatasetInfo } from '@matchday/contracts';
import { clockFrom, dropMysqlDatabase, migrateLatest, openDatabase, repoRoot } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import { markDemoDataset } from '../src/importers/store';
import { defaultReplayArgs, holdsImportedData, sameDayOfSeason } from '../src/importers/default-replay';
import { runImport } from '../src/importers/cli';
import { prepareReplay } from '../src/importers/replay';
import { football } from '../src/service';
import { tempDir } from './import-helpers';

const DAY = 86_400_000;
const quiet = () => undefined;
const SHARED_DATA = path.resolve(repoRoot, '../shared/data');

describe('sameDayOfSeason', () => {
  const first = new Date('2024-08-16T19:00:00Z');
  const last = new Date('2025-05-31T19:00:00Z');
  const day = (iso: string) => sameDayOfSeason(first, last, new Date(`${iso}T09:12:00Z`));

  it("places today on the same calendar day of the season's year that holds it", () => {
    expect(day('2026-11-28')).toBe('2024-11-28');
    expect(day('2026-03-02')).toBe('2025-03-02');
    expect(day('2027-01-01')).toBe('2025-01-01');
    expect(day('2026-08-16')).toBe('2024-08-16');
    expect(day('2026-05-31')).toBe('2025-05-31');
  });

  it('stands at the nearer end of the season on a day it does not reach', () => {
    expect(day('2026-06-15')).toBe('2025-05-31');
    expect(day('2026-06-30')).toBe('2025-05-31');
    expect(day('2026-07-31')).toBe('2024-08-16');
    expect(day('2026-08-01')).toBe('2024-08-16');
    expect(day('2026-08-15')).toBe('2024-08-16');
  });

  it('takes 29 February as the 28th in a year without one', () => {
    expect(day('2028-02-29')).toBe('2025-02-28');
  });
});

describe('the default replay', () => {
  it('is the Premier League, its FPL players and deductions, the Champions League and the ISL of 2024-25', () => {
    const found = defaultReplayArgs(SHARED_DATA);
    if (!('args' in found)) throw new Error(`the shared data is missing: ${found.missing.join(', ')}`);
    expect(found.args.filter((arg, index) => index === 0 || found.args[index - 1] === '+')).toEqual([
      'football-data-co-uk',
      'fpl',
      'adjustments',
      'openfootball',
      'results-csv',
    ]);
    expect(found.args).toContain(path.join(SHARED_DATA, 'football-data-co-uk', 'E0-2425.csv'));
    expect(defaultReplayArgs(tempDir())).toEqual({ missing: expect.arrayContaining([expect.stringMatching(/E0-2425\.csv$/)]) });
  });

  let service: RunningService | undefined;
  afterAll(async () => service?.close());

  it('serves 28 November 2024 on 28 November and says what it replays, with its shift, through GET /api/dataset', async () => {
    const found = defaultReplayArgs(SHARED_DATA);
    if (!('args' in found)) throw new Error('the shared data is missing');
    const dataDir = tempDir();
    const now = new Date('2026-11-28T09:12:00Z');
    const serviceEnv = await prepareReplay(found.args, { DATA_DIR: dataDir, INIT_CWD: repoRoot }, quiet, { now, sameCalendarDay: true });
    const target = { client: 'sqlite' as const, location: path.join(serviceEnv.DATA_DIR!, 'football.sqlite') };
    const db = await openDatabase(target);
    try {
      const leagues = (await db('fixtures').distinct('league_id').orderBy('league_id')) as Array<{ league_id: number }>;
      expect(leagues.map((row) => Number(row.league_id))).toEqual([2, 39, 323]);
      // one season each: the deductions file's 2023-24 rows are not of this replay (they made an empty 2023-24)
      const seasons = (await db('seasons').orderBy(['league_id', 'year']).select('league_id', 'year')) as Array<{
        league_id: number;
        year: number;
      }>;
      expect(seasons.map((row) => `${Number(row.league_id)}/${Number(row.year)}`)).toEqual(['2/2024', '39/2024', '323/2024']);
      // the service runs on the same "now": its release timer holds Liverpool v Manchester City (1 Dec 2024) back
      service = await startService(football, target, { clock: clockFrom(now) });
      const dataset = (await (await service.request('/api/dataset')).json()) as DatasetInfo;
      expect(dataset.demo).toBe(false);
      expect(dataset.replay).toEqual({
        label: '2024-25 season: Premier League, Champions League, Indian Super League',
        shiftMs: 730 * DAY,
        // the Champions League's first qualifying round to its final
        first: expect.stringMatching(/^2024-07-09T/),
        last: expect.stringMatching(/^2025-05-31T/),
      });
      // the real date of a stored kick-off is the stored one minus the shift: the replay's today is Thu 28 Nov 2024
      expect(replayedMatchDay(now.getTime(), dataset.replay!.shiftMs)).toBe('Thu 28 Nov 2024');
      // Liverpool 2-0 Real Madrid was played on 27 Nov 2024 (over), Liverpool v Manchester City on 1 Dec 2024 (to come)
      const played = (await db('fixtures')
        .join('teams as home', 'home.id', 'fixtures.home_team_id')
        .join('teams as away', 'away.id', 'fixtures.away_team_id')
        .where('home.name', 'Liverpool')
        .whereIn('away.name', ['Real Madrid', 'Man City', 'Manchester City'])
        .select('away.name as away', 'fixtures.status', 'fixtures.kickoff_at', 'fixtures.home_goals', 'fixtures.away_goals')) as Array<{
        away: string;
        status: string;
        kickoff_at: string | Date;
        home_goals: number | null;
        away_goals: number | null;
      }>;
      const real = (at: string | Date) => replayedMatchDay(new Date(at).getTime(), dataset.replay!.shiftMs);
      const madrid = played.find((row) => row.away === 'Real Madrid');
      expect(madrid && { day: real(madrid.kickoff_at), status: madrid.status, score: [madrid.home_goals, madrid.away_goals] }).toEqual({
        day: 'Wed 27 Nov 2024',
        status: 'finished',
        score: [2, 0],
      });
      const city = played.find((row) => row.away !== 'Real Madrid' && real(row.kickoff_at) === 'Sun 1 Dec 2024');
      expect(city && { status: city.status, score: city.home_goals }).toEqual({ status: 'scheduled', score: null });
    } finally {
      await service?.close();
      service = undefined;
      await db.destroy();
    }
  });

  it.each(testDatabases())(
    'tells a database holding imported data from one holding none or the demo, on %s',
    async (_label, makeTarget) => {
      const target = makeTarget('football');
      const env = target.client === 'mysql' ? { FOOTBALL_DATABASE_URL: target.location } : { DATA_DIR: path.dirname(target.location) };
      expect(await holdsImportedData(env)).toBe(false);
      const db = await openDatabase(target);
      try {
        await migrateLatest(db, migrations);
        expect(await holdsImportedData(env)).toBe(false);
        await markDemoDataset(db, '2026-11-28');
        expect(await holdsImportedData(env)).toBe(false);
        await db('dataset_meta').where({ key: 'source' }).update({ value: 'import' });
        expect(await holdsImportedData(env)).toBe(true);
      } finally {
        await db.destroy();
        if (target.client === 'mysql') await dropMysqlDatabase(target.location);
      }
    },
  );

  it('leaves a DATA_DIR that holds imported data to be served as it is, and never creates a database to find out', async () => {
    const dataDir = tempDir();
    expect(await holdsImportedData({ DATA_DIR: dataDir })).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'football.sqlite'))).toBe(false);
    await runImport(['results-csv', path.join(SHARED_DATA, 'isl', 'isl_2024-25_matches.csv'), '--league', '323', '--season', '2024'], {
      env: { DATA_DIR: dataDir, INIT_CWD: repoRoot },
    });
    expect(await holdsImportedData({ DATA_DIR: dataDir })).toBe(true);
  });
});
