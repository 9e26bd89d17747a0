import fs from 'node:fs';
import path from 'node:path';
import type { FixtureStats, MatchEvent, StandingRow } from '@matchday/contracts';
import { manualClock, migrateLatest, openDatabase, repoRoot, toDate, type Clock, type DatabaseTarget, type Knex } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import type { FixturesRow } from '../src/db/rows';
import { runImport } from '../src/importers/cli';
import { releaseDue } from '../src/importers/held-results';
import { prepareReplay, readReplay, ReplayDateError, replayShiftDays, writeReplay } from '../src/importers/replay';
import { football, startFootball } from '../src/service';
import { tempDir } from './import-helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const quiet = () => undefined;

/**
 * Four matches of a made-up file, with statistics and Bet365 pre-match (B365*) and closing (B365C*)
 * odds: 1 Sep 2023 (15:00 UK = 14:00 UTC), 1 Dec 2023 20:00, 2 Dec 2023 15:00, 1 Mar 2024 12:30.
 */
function seasonFile(): string {
  const file = path.join(tempDir(), 'E0-2324.csv');
  fs.writeFileSync(
    file,
    [
      'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,HS,AS,HST,AST,B365H,B365D,B365A,B365CH,B365CD,B365CA',
      'E0,01/09/2023,15:00,Arsenal,Chelsea,1,0,12,8,5,2,1.8,3.6,4.5,1.7,3.8,5.0',
      'E0,01/12/2023,20:00,Chelsea,Everton,2,2,15,9,6,4,1.5,4.2,6.5,1.6,4.0,6.0',
      'E0,02/12/2023,15:00,Everton,Arsenal,0,1,7,14,2,5,5.5,4.0,1.6,5.0,4.0,1.65',
      'E0,01/03/2024,12:30,Arsenal,Everton,3,0,20,5,9,1,1.3,5.5,9.0,1.25,6.0,11.0',
    ].join('\n'),
  );
  return file;
}

describe('replayShiftDays', () => {
  const first = new Date('2023-09-01T14:00:00Z');
  const last = new Date('2024-03-01T12:30:00Z');
  const today = new Date('2026-11-22T10:00:00Z');

  it('puts the middle of the season on today without --as-of, and the given real day with it', () => {
    // 1 Sep 2023 .. 1 Mar 2024: the middle is 31 Nov/1 Dec 2023, 1087 days before 2026-11-22
    expect(replayShiftDays(first, last, today)).toBe(1087);
    expect(replayShiftDays(first, last, today, '2023-12-01')).toBe(1087);
    expect(replayShiftDays(first, last, today, '2023-09-01')).toBe(1178);
    expect(replayShiftDays(first, last, today, '2024-03-01')).toBe(996);
  });

  it('refuses a day outside the season or not a date with one line naming its first and last day', () => {
    const bounds = /from 2023-09-01 to 2024-03-01$/;
    for (const bad of ['2023-08-31', '2024-03-02', '2025-01-02']) {
      expect(() => replayShiftDays(first, last, today, bad)).toThrow(ReplayDateError);
      expect(() => replayShiftDays(first, last, today, bad)).toThrow(new RegExp(`^--as-of ${bad} is outside the season`));
      expect(() => replayShiftDays(first, last, today, bad)).toThrow(bounds);
    }
    for (const bad of ['soon', '2023-02-30', '1/12/2023', '', '2023-12-1']) {
      expect(() => replayShiftDays(first, last, today, bad)).toThrow(/is not a date/);
      expect(() => replayShiftDays(first, last, today, bad)).toThrow(bounds);
    }
    try {
      replayShiftDays(first, last, today, 'soon');
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

type ReplayedFixture = Pick<FixturesRow, 'id' | 'status' | 'home_goals' | 'away_goals' | 'home_goals_ht' | 'away_goals_ht' | 'kickoff_at'>;

async function fixtureOf(db: Knex, home: string, away: string): Promise<ReplayedFixture> {
  const [row] = (await db('fixtures as f')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where({ 'h.name': home, 'a.name': away })
    .select('f.id', 'f.status', 'f.home_goals', 'f.away_goals', 'f.home_goals_ht', 'f.away_goals_ht', 'f.kickoff_at')) as ReplayedFixture[];
  if (!row) throw new Error(`no fixture ${home} - ${away}`);
  return {
    ...row,
    home_goals: row.home_goals === null ? null : Number(row.home_goals),
    away_goals: row.away_goals === null ? null : Number(row.away_goals),
    home_goals_ht: row.home_goals_ht === null ? null : Number(row.home_goals_ht),
    away_goals_ht: row.away_goals_ht === null ? null : Number(row.away_goals_ht),
  };
}

async function until(what: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabases())('replay as of a day, with a fake clock, on %s', (_label, makeTarget) => {
  // Fake "now": 22 Nov 2026 18:00 UTC is the real 1 Dec 2023 18:00 (--as-of 2023-12-01).
  const start = Date.parse('2026-11-22T18:00:00Z');
  const days = 1087;
  const chelseaEvertonKickoff = Date.parse('2023-12-01T20:00:00Z') + days * DAY;
  const clock = manualClock(start);
  let target: DatabaseTarget;
  let service: RunningService | undefined;
  // The running service's timers read the clock through here: each read is one look (the releaser looks once to
  // release what is due and once to plan its next look), so a test can wait for a release to have been done.
  let looks = 0;
  const definition = {
    ...football,
    onStart: (db: Knex, at: Clock) =>
      startFootball(
        db,
        () => {
          looks += 1;
          return at();
        },
        { releaser: { maxWaitMs: 20 }, live: null },
      ),
  };
  /** Resolves once the service's timers have looked at the clock `count` more times. */
  const releaserLooks = async (count: number) => {
    const from = looks;
    await until(async () => looks >= from + count);
  };
  const get = async <T>(url: string): Promise<T> => {
    const response = await service!.request(url);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const table = async () => {
    const rows = await get<StandingRow[]>('/api/standings?leagueId=39&season=2023');
    return Object.fromEntries(rows.map((r) => [r.teamName, { played: r.played, points: r.points, rank: r.teamRank }]));
  };
  const held = async () => Number(((await service!.db('held_results').count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);

  beforeAll(async () => {
    target = makeTarget('football');
    const db = await openDatabase(target);
    try {
      await migrateLatest(db, migrations);
      const read = await readReplay(['football-data-co-uk', seasonFile()], { INIT_CWD: repoRoot }, quiet, {
        asOf: '2023-12-01',
        now: new Date(start),
      });
      expect(read.days).toBe(days);
      await writeReplay(db, read);
    } finally {
      await db.destroy();
    }
    service = await startService(definition, target, { clock });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('before kick-off the match is scheduled: no score, no statistics, pre-match odds only; the table counts the past only', async () => {
    const db = service!.db;
    const past = await fixtureOf(db, 'Arsenal', 'Chelsea');
    expect(past).toMatchObject({ status: 'finished', home_goals: 1, away_goals: 0 });
    const next = await fixtureOf(db, 'Chelsea', 'Everton');
    expect(next).toMatchObject({ status: 'scheduled', home_goals: null, away_goals: null });
    expect(toDate(next.kickoff_at)!.getTime()).toBe(chelseaEvertonKickoff);
    expect(await db('fixture_team_stats').where({ fixture_id: next.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await db('fixture_odds').where({ fixture_id: next.id }).select('timing')).toEqual([{ timing: 'opening' }]);
    expect(
      (await db('fixture_odds').where({ fixture_id: past.id }).orderBy('timing').select('timing')).map((r: { timing: string }) => r.timing),
    ).toEqual(['closing', 'opening']);
    const stats = await get<FixtureStats>(`/api/fixture-stats/${next.id}`);
    expect(stats).toMatchObject({ status: 'scheduled', homeTeamGoalScored: null, awayTeamGoalScored: null, homeTeamTotalShots: null });
    expect(stats.homeTeamShotsOnGoal ?? null).toBeNull();
    expect(await table()).toMatchObject({
      Arsenal: { played: 1, points: 3 },
      Chelsea: { played: 1, points: 0 },
      Everton: { played: 0, points: 0 },
    });
    // per match still to come: kick-off, half time, second half, full time, then its full record
    expect(await held()).toBe(15);
  });

  it('a restart before kick-off releases nothing', async () => {
    clock.set(chelseaEvertonKickoff - 60_000);
    // a release that read the clock before it moved may be under way; by the third look from now, one that read
    // the moved clock has ended (each release is followed by the look that plans the next)
    await releaserLooks(3);
    expect(await held()).toBe(15);
    await service!.close({ keepDatabase: true });
    // the restarted service looks at the clock for its demo check, for its release at start, and then to plan its
    // next look: by the third look the release at start is done
    const stopped = looks;
    service = await startService(definition, target, { clock });
    await until(async () => looks >= stopped + 3);
    expect(await fixtureOf(service.db, 'Chelsea', 'Everton')).toMatchObject({ status: 'scheduled', home_goals: null });
    expect(await held()).toBe(15);
    expect(await table()).toMatchObject({ Chelsea: { played: 1 }, Everton: { played: 0 } });
  });

  it('in play, a source with neither minutes nor a half-time score shows no running score; the table waits for full time', async () => {
    clock.set(chelseaEvertonKickoff + 10 * 60_000);
    await until(async () => (await fixtureOf(service!.db, 'Chelsea', 'Everton')).status === 'live');
    expect(await fixtureOf(service!.db, 'Chelsea', 'Everton')).toMatchObject({ status: 'live', home_goals: null, away_goals: null });
    clock.set(chelseaEvertonKickoff + 50 * 60_000); // half time is at kick-off + 47 min
    await until(async () => (await held()) === 13);
    const live = await fixtureOf(service!.db, 'Chelsea', 'Everton');
    // this file has no HTHG/HTAG: nothing is invented
    expect(live).toMatchObject({ status: 'live', home_goals: null, away_goals: null, home_goals_ht: null, away_goals_ht: null });
    const timeline = await get<MatchEvent[]>(`/api/fixture-events/${live.id}`);
    expect(timeline.map((e) => [e.seq, e.kind, e.homeScore])).toEqual([
      [1, 'kick-off', null],
      [2, 'half-time', null],
    ]);
    expect(await table()).toMatchObject({ Chelsea: { played: 1 }, Everton: { played: 0 } });
  });

  it('at the final whistle (kick-off + 111 min) the running service finishes the match and the table moves, without a restart', async () => {
    clock.set(chelseaEvertonKickoff + 111 * 60_000);
    await until(async () => (await fixtureOf(service!.db, 'Chelsea', 'Everton')).status === 'finished');
    const db = service!.db;
    const done = await fixtureOf(db, 'Chelsea', 'Everton');
    expect(done).toMatchObject({ home_goals: 2, away_goals: 2 });
    expect(await get<FixtureStats>(`/api/fixture-stats/${done.id}`)).toMatchObject({
      status: 'finished',
      homeTeamTotalShots: 15,
      homeTeamShotsOnGoal: 6,
    });
    expect(await db('fixture_team_stats').where({ fixture_id: done.id }).count({ n: '*' })).toEqual([{ n: 2 }]);
    expect(
      (await db('fixture_odds').where({ fixture_id: done.id }).orderBy('timing').select('timing')).map((r: { timing: string }) => r.timing),
    ).toEqual(['closing', 'opening']);
    expect(await table()).toMatchObject({
      Arsenal: { played: 1, points: 3 },
      Chelsea: { played: 2, points: 1 },
      Everton: { played: 1, points: 1 },
    });
    // The next day's match is still to come.
    expect(await fixtureOf(db, 'Everton', 'Arsenal')).toMatchObject({ status: 'scheduled', home_goals: null });
    expect(await held()).toBe(10);
  });

  it('a restart after the release loses nothing, and releasing again changes nothing', async () => {
    const before = await service!.db('fixtures').orderBy('id').select('*');
    await service!.close({ keepDatabase: true });
    const stopped = looks;
    service = await startService(definition, target, { clock });
    await until(async () => looks >= stopped + 3); // the release at start is done
    expect(await service.db('fixtures').orderBy('id').select('*')).toEqual(before);
    expect(await releaseDue(service.db, new Date(clock()))).toMatchObject({ rows: 0 });
    expect(await held()).toBe(10);
  });

  it('once the season is over every result is out and the table equals a straight import of the same file', async () => {
    clock.set(Date.parse('2024-03-01T12:30:00Z') + days * DAY + 2 * HOUR);
    await until(async () => (await held()) === 0);
    const replayed = await table();
    const direct = await startService(football, makeTarget('football'));
    try {
      await runImport(['football-data-co-uk', seasonFile()], { db: direct.db, cwd: repoRoot });
      const rows = (await (await direct.request('/api/standings?leagueId=39&season=2023')).json()) as StandingRow[];
      expect(replayed).toEqual(Object.fromEntries(rows.map((r) => [r.teamName, { played: r.played, points: r.points, rank: r.teamRank }])));
      expect(replayed).toMatchObject({
        Arsenal: { played: 3, points: 9 },
        Chelsea: { played: 2, points: 1 },
        Everton: { played: 3, points: 1 },
      });
    } finally {
      await direct.close();
    }
  });
});

describe('prepareReplay', () => {
  it('imports into DATA_DIR/replay and hands the football service that directory', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, INIT_CWD: repoRoot };
    const file = seasonFile();
    const now = new Date('2026-11-22T10:00:00Z');
    const serviceEnv = await prepareReplay(['football-data-co-uk', file], env, quiet, { now });
    expect(serviceEnv).toEqual({ DATA_DIR: path.join(dataDir, 'replay') });
    const db = await openDatabase({ client: 'sqlite', location: path.join(dataDir, 'replay', 'football.sqlite') });
    try {
      expect(await db('fixtures').count({ n: '*' })).toEqual([{ n: 4 }]);
      const shift = (await db('dataset_meta').where({ key: 'date_shift_days' }).first('value')) as { value: string };
      expect(shift.value).toBe('1087');
      const first = toDate((await db('fixtures').min({ at: 'kickoff_at' }))[0]!.at)!;
      expect(first.getTime() - Number(shift.value) * DAY).toBe(Date.parse('2023-09-01T14:00:00Z'));
      // 10:00 on the real 1 Dec 2023: one match played (1 Sep), three to come (the first at 20:00 that evening)
      expect(await db('fixtures').groupBy('status').orderBy('status').select('status').count({ n: '*' })).toEqual([
        { status: 'finished', n: 1 },
        { status: 'scheduled', n: 3 },
      ]);
      expect(await fixtureOf(db, 'Arsenal', 'Chelsea')).toMatchObject({ status: 'finished', home_goals: 1, away_goals: 0 });
      expect(await fixtureOf(db, 'Chelsea', 'Everton')).toMatchObject({ status: 'scheduled', home_goals: null });
      expect(await db('dataset_meta').where({ key: 'source' }).first('value')).toEqual({ value: 'import' });
    } finally {
      await db.destroy();
    }
    expect(fs.existsSync(path.join(dataDir, 'football.sqlite'))).toBe(false);
    await expect(prepareReplay([], env, quiet)).rejects.toThrow(/--replay needs import arguments/);
  });

  it('serves a replay built before from the same files with the same shift as it is, and rebuilds it when either changed', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, INIT_CWD: repoRoot };
    const file = seasonFile();
    const location = path.join(dataDir, 'replay', 'football.sqlite');
    const build = async (now: string, asOf?: string) => {
      const lines: string[] = [];
      await prepareReplay(['football-data-co-uk', file], env, (line) => lines.push(line), { now: new Date(now), asOf });
      const db = await openDatabase({ client: 'sqlite', location });
      try {
        const meta = (await db('dataset_meta').whereIn('key', ['date_shift_days', 'marker']).select('key', 'value')) as Array<{
          key: string;
          value: string;
        }>;
        // a row the next start must keep when it serves the replay as it is, and lose when it rebuilds it
        await db('dataset_meta').insert({ key: 'marker', value: now }).onConflict('key').merge();
        const fixtures = Number(((await db('fixtures').count({ n: '*' })) as Array<{ n: number }>)[0]!.n);
        return {
          reused: lines.some((line) => line.includes('served as it is')),
          fixtures,
          meta: Object.fromEntries(meta.map((m) => [m.key, m.value])),
        };
      } finally {
        await db.destroy();
      }
    };
    expect(await build('2026-11-22T10:00:00Z')).toEqual({ reused: false, fixtures: 4, meta: { date_shift_days: '1087' } });
    // a later start the same day: same files, same shift
    expect(await build('2026-11-22T18:00:00Z')).toEqual({
      reused: true,
      fixtures: 4,
      meta: { date_shift_days: '1087', marker: '2026-11-22T10:00:00Z' },
    });
    // the next day the middle of the season is a day further: another shift, rebuilt
    expect(await build('2026-11-23T10:00:00Z')).toEqual({ reused: false, fixtures: 4, meta: { date_shift_days: '1088' } });
    // another --as-of: rebuilt, and again the same one: served as it is
    expect(await build('2026-11-23T11:00:00Z', '2023-12-01')).toEqual({ reused: false, fixtures: 4, meta: { date_shift_days: '1088' } });
    expect((await build('2026-11-23T12:00:00Z', '2023-12-01')).reused).toBe(true);
    // a file that changed: rebuilt from it
    fs.appendFileSync(file, '\nE0,02/03/2024,15:00,Chelsea,Arsenal,1,1,10,10,4,4,2.5,3.4,2.8,2.5,3.4,2.8');
    expect(await build('2026-11-23T13:00:00Z', '2023-12-01')).toMatchObject({ reused: false, fixtures: 5 });
    // a bad --as-of fails as a build does, before anything is written
    await expect(prepareReplay(['football-data-co-uk', file], env, quiet, { asOf: '2025-01-02' })).rejects.toThrow(
      '--as-of 2025-01-02 is outside the season, which runs from 2023-09-01 to 2024-03-02',
    );
  });

  it('stops on a bad --as-of before touching the replay database', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, INIT_CWD: repoRoot };
    await expect(prepareReplay(['football-data-co-uk', seasonFile()], env, quiet, { asOf: '2025-01-02' })).rejects.toThrow(
      '--as-of 2025-01-02 is outside the season, which runs from 2023-09-01 to 2024-03-01',
    );
    await expect(prepareReplay(['football-data-co-uk', seasonFile()], env, quiet, { asOf: 'tomorrow' })).rejects.toThrow(
      '--as-of "tomorrow" is not a date: give a day of the season (YYYY-MM-DD), from 2023-09-01 to 2024-03-01',
    );
    expect(fs.existsSync(path.join(dataDir, 'replay'))).toBe(false);
  });
});
