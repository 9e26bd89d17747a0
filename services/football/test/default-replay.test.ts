import fs from 'node:fs';
import path from 'node:path';
import { replayedMatchDay, type DatasetInfo, type FeedMatches, type HeadToHeadMatch } from '@matchday/contracts';
import { clockFrom, dropMysqlDatabase, migrateLatest, openDatabase, repoRoot, type Knex } from '@matchday/server';
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
  it('is the Premier League 2019-20 to 2023-24 and FPL 2023-24 as earlier seasons, then the Premier League, its FPL players and deductions, the Champions League and the ISL of 2024-25', () => {
    const found = defaultReplayArgs(SHARED_DATA);
    if (!('args' in found)) throw new Error(`the shared data is missing: ${found.missing.join(', ')}`);
    expect(found.args.filter((arg, index) => index === 0 || found.args[index - 1] === '+')).toEqual([
      ...Array<string>(5).fill('football-data-co-uk'),
      'fpl',
      'football-data-co-uk',
      'fpl',
      'adjustments',
      'openfootball',
      'results-csv',
    ]);
    // the earlier seasons first, so that what 2024-25 says of a player is the last word
    expect(found.args.filter((arg) => /E0-\d{4}\.csv$|fpl[\\/]\d{4}-\d{2}$/.test(arg)).map((arg) => path.basename(arg))).toEqual([
      'E0-1920.csv',
      'E0-2021.csv',
      'E0-2122.csv',
      'E0-2223.csv',
      'E0-2324.csv',
      '2023-24',
      'E0-2425.csv',
      '2024-25',
    ]);
    expect(defaultReplayArgs(tempDir())).toEqual({ missing: expect.arrayContaining([expect.stringMatching(/E0-2425\.csv$/)]) });
  });

  it('leaves out an earlier season whose file is missing, and still replays 2024-25', () => {
    const root = tempDir();
    for (const [from, to] of Object.entries({
      'football-data-co-uk/E0-2425.csv': 'football-data-co-uk/E0-2425.csv',
      'football-data-co-uk/E0-2324.csv': 'football-data-co-uk/E0-2324.csv',
      'fpl/2024-25': 'fpl/2024-25',
      'adjustments/points-deductions.csv': 'adjustments/points-deductions.csv',
      'openfootball/champions-league/2024-25': 'openfootball/champions-league/2024-25',
      'isl/isl_2024-25_matches.csv': 'isl/isl_2024-25_matches.csv',
    })) {
      fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
      fs.symlinkSync(path.join(SHARED_DATA, from), path.join(root, to));
    }
    const found = defaultReplayArgs(root);
    if (!('args' in found)) throw new Error(`missing: ${found.missing.join(', ')}`);
    expect(found.args.filter((arg) => arg.endsWith('.csv') && arg.includes('E0-')).map((arg) => path.basename(arg))).toEqual([
      'E0-2324.csv',
      'E0-2425.csv',
    ]);
    expect(found.args).not.toContain(path.join(root, 'fpl', '2023-24'));
  });

  describe('built for 28 November', () => {
    const now = new Date('2026-11-28T09:12:00Z');
    let service: RunningService;
    let db: Knex;
    let dataset: DatasetInfo;
    /** The real day of a stored kick-off: the stored one minus the shift. */
    const real = (at: string | Date) => replayedMatchDay(new Date(at).getTime(), dataset.replay!.shiftMs);

    beforeAll(async () => {
      const found = defaultReplayArgs(SHARED_DATA);
      if (!('args' in found)) throw new Error('the shared data is missing');
      const serviceEnv = await prepareReplay(found.args, { DATA_DIR: tempDir(), INIT_CWD: repoRoot }, quiet, {
        now,
        sameCalendarDay: true,
      });
      const target = { client: 'sqlite' as const, location: path.join(serviceEnv.DATA_DIR!, 'football.sqlite') };
      db = await openDatabase(target);
      // the service runs on the same "now": its release timer holds Liverpool v Manchester City (1 Dec 2024) back
      service = await startService(football, target, { clock: clockFrom(now) });
      dataset = (await (await service.request('/api/dataset')).json()) as DatasetInfo;
    }, 120_000);
    afterAll(async () => {
      await service?.close();
      await db?.destroy();
    });

    it('serves 28 November 2024 on 28 November and says what it replays, with its shift, through GET /api/dataset', async () => {
      const leagues = (await db('fixtures').distinct('league_id').orderBy('league_id')) as Array<{ league_id: number }>;
      expect(leagues.map((row) => Number(row.league_id))).toEqual([2, 39, 323]);
      // the Premier League from 2019-20 (its earlier seasons), the others 2024-25 only
      const seasons = (await db('seasons').orderBy(['league_id', 'year']).select('league_id', 'year')) as Array<{
        league_id: number;
        year: number;
      }>;
      expect(seasons.map((row) => `${Number(row.league_id)}/${Number(row.year)}`)).toEqual([
        '2/2024',
        ...[2019, 2020, 2021, 2022, 2023, 2024].map((year) => `39/${year}`),
        '323/2024',
      ]);
      expect(dataset.demo).toBe(false);
      // what is replayed is 2024-25: the earlier seasons are neither in the label nor in its first and last day
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
        .where('fixtures.season', 2024)
        .select('away.name as away', 'fixtures.status', 'fixtures.kickoff_at', 'fixtures.home_goals', 'fixtures.away_goals')) as Array<{
        away: string;
        status: string;
        kickoff_at: string | Date;
        home_goals: number | null;
        away_goals: number | null;
      }>;
      const madrid = played.find((row) => row.away === 'Real Madrid');
      expect(madrid && { day: real(madrid.kickoff_at), status: madrid.status, score: [madrid.home_goals, madrid.away_goals] }).toEqual({
        day: 'Wed 27 Nov 2024',
        status: 'finished',
        score: [2, 0],
      });
      const city = played.find((row) => row.away !== 'Real Madrid' && real(row.kickoff_at) === 'Sun 1 Dec 2024');
      expect(city && { status: city.status, score: city.home_goals }).toEqual({ status: 'scheduled', score: null });
    });

    it('holds the Premier League 2019-20 to 2023-24 as played history: every match finished, before today, on a real day of its own season', async () => {
      const rows = (await db('fixtures')
        .where({ league_id: 39 })
        .where('season', '<', 2024)
        .select('season', 'status', 'kickoff_at')) as Array<{
        season: number;
        status: string;
        kickoff_at: string | Date;
      }>;
      expect(rows).toHaveLength(5 * 380);
      const bySeason = new Map<number, { statuses: Set<string>; first: string; last: string }>();
      for (const row of rows) {
        const stored = new Date(row.kickoff_at).getTime();
        expect(stored).toBeLessThan(now.getTime());
        const day = new Date(stored - dataset.replay!.shiftMs).toISOString().slice(0, 10);
        const season = bySeason.get(Number(row.season)) ?? { statuses: new Set<string>(), first: day, last: day };
        season.statuses.add(row.status);
        if (day < season.first) season.first = day;
        if (day > season.last) season.last = day;
        bySeason.set(Number(row.season), season);
      }
      // real first and last days: 2019-20 was finished in July 2020, 2020-21 started in September
      expect(
        Object.fromEntries([...bySeason].map(([year, s]) => [year, { statuses: [...s.statuses], first: s.first, last: s.last }])),
      ).toEqual({
        2019: { statuses: ['finished'], first: '2019-08-09', last: '2020-07-26' },
        2020: { statuses: ['finished'], first: '2020-09-12', last: '2021-05-23' },
        2021: { statuses: ['finished'], first: '2021-08-13', last: '2022-05-22' },
        2022: { statuses: ['finished'], first: '2022-08-05', last: '2023-05-28' },
        2023: { statuses: ['finished'], first: '2023-08-11', last: '2024-05-19' },
      });
      // nothing of an earlier season is held back
      const held = (await db('held_results').select('payload')) as Array<{ payload: string }>;
      expect(held.some((row) => /"season":\s*20(19|20|21|22|23)\b|"externalId":"20(19|20|21|22|23):/.test(String(row.payload)))).toBe(
        false,
      );
      // with their statistics, odds and (2023-24) the FPL players' lines; the 2023-24 deductions apply
      const [stats] = (await db('fixture_team_stats as s')
        .join('fixtures as f', 'f.id', 's.fixture_id')
        .where('f.season', '<', 2024)
        .count({ n: '*' })) as Array<{ n: number }>;
      expect(Number(stats!.n)).toBe(2 * 5 * 380);
      const [odds] = (await db('fixture_odds as o')
        .join('fixtures as f', 'f.id', 'o.fixture_id')
        .where('f.season', '<', 2024)
        .countDistinct({
          n: 'o.fixture_id',
        })) as Array<{ n: number }>;
      expect(Number(odds!.n)).toBe(5 * 380);
      const [lines] = (await db('fixture_player_stats as s')
        .join('fixtures as f', 'f.id', 's.fixture_id')
        .where('f.season', 2023)
        .countDistinct({ n: 's.fixture_id' })) as Array<{ n: number }>;
      expect(Number(lines!.n)).toBe(380);
      const table = (await (await service.request('/api/standings?leagueId=39&season=2023')).json()) as Array<{
        teamName: string;
        points: number;
      }>;
      expect(table.find((row) => row.teamName === 'Everton')?.points).toBe(40);
    });

    it('lists the earlier seasons in the league hub and feeds them to the tips model', async () => {
      const leagues = (await (await service.request('/api/leagues')).json()) as Array<{
        id: number;
        currentSeason: number;
        seasons: number[];
      }>;
      expect(leagues.find((league) => league.id === 39)).toMatchObject({
        currentSeason: 2024,
        seasons: [2024, 2023, 2022, 2021, 2020, 2019],
      });
      // what the insights service asks for (services/insights/src/modules/league-feed.ts): its 3-season window
      const from = new Date(now.getTime() - (3 * 365 + 7) * DAY).toISOString().slice(0, 10);
      const feed = (await (await service.request(`/internal/model-feed/matches?leagueId=39&from=${from}`)).json()) as FeedMatches;
      const playedBefore = feed.matches.filter((match) => match.homeGoals !== null && Date.parse(match.kickoffAt) < now.getTime());
      expect(new Set(playedBefore.map((match) => match.season))).toEqual(new Set([2021, 2022, 2023, 2024]));
      expect(
        playedBefore.filter((match) => match.season === 2023).every((match) => match.closing !== null && match.homeShotsOnTarget !== null),
      ).toBe(true);
      expect(feed.seasons).toEqual([2019, 2020, 2021, 2022, 2023, 2024]);
    });

    it('gives head-to-head of Liverpool and Manchester City with their ten meetings before 2024-25, on their real days', async () => {
      const teams = (await db('teams').whereIn('name', ['Liverpool', 'Manchester City']).select('id', 'name')) as Array<{
        id: number;
        name: string;
      }>;
      const id = (name: string) => Number(teams.find((team) => team.name === name)!.id);
      const response = await service.request(`/api/h2h?homeTeamId=${id('Liverpool')}&awayTeamId=${id('Manchester City')}`);
      expect(response.status).toBe(200);
      const meetings = (await response.json()) as HeadToHeadMatch[];
      const earlier = meetings.filter((match) => match.season < 2024);
      expect(earlier).toHaveLength(10);
      expect(earlier.every((match) => match.goalsHome !== null && match.goalsAway !== null)).toBe(true);
      // most recent first; each on its real day: Liverpool 1-1 Manchester City on 10 Mar 2024 ... Liverpool 3-1 on 10 Nov 2019
      expect(real(earlier[0]!.eventDate)).toBe('Sun 10 Mar 2024');
      expect({ home: earlier[0]!.homeTeam, score: [earlier[0]!.goalsHome, earlier[0]!.goalsAway] }).toEqual({
        home: 'Liverpool',
        score: [1, 1],
      });
      const oldest = earlier.at(-1)!;
      expect({ day: real(oldest.eventDate), home: oldest.homeTeam, score: [oldest.goalsHome, oldest.goalsAway] }).toEqual({
        day: 'Sun 10 Nov 2019',
        home: 'Liverpool',
        score: [3, 1],
      });
      expect(earlier.map((match) => match.season)).toEqual([2023, 2023, 2022, 2022, 2021, 2021, 2020, 2020, 2019, 2019]);
      // this season's two meetings are still to come on 28 Nov 2024: listed without a score
      expect(meetings.filter((match) => match.season === 2024).map((match) => [real(match.eventDate), match.goalsHome])).toEqual([
        ['Sun 23 Feb 2025', null],
        ['Sun 1 Dec 2024', null],
      ]);
    });
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
