import path from 'node:path';
import type { Fixture, FixtureStats, LiveMatch, LiveSnapshot, MatchEvent, StandingRow } from '@matchday/contracts';
import { manualClock, migrateLatest, openDatabase, repoRoot, toDate, type Clock, type DatabaseTarget, type Knex } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import { readReplay, writeReplay } from '../src/importers/replay';
import { football, startFootball } from '../src/service';

const MIN = 60_000;
const WORLD_CUP = path.resolve(repoRoot, '../shared/data/openfootball/worldcup-2022');
const quiet = () => undefined;

/**
 * The World Cup 2022 final replayed as it was played, with a fake clock: as of 16:40 UTC it is
 * live at Argentina 2-2 France in the 84th minute with four goals in its timeline; a restart mid-match
 * changes nothing; extra time and the shoot-out come on the clock; a finished match leaves /api/live.
 */
describe.each(testDatabases())('the World Cup final, live on the replay clock, on %s', (_label, makeTarget) => {
  // Fake "now": 25 Nov 2026 12:00 UTC is the real 18 Dec 2022 16:40 UTC (kick-off 15:00 UTC).
  const start = Date.parse('2026-11-25T12:00:00Z');
  const kickoff = start - 100 * MIN;
  const clock = manualClock(start);
  let target: DatabaseTarget;
  let service: RunningService | undefined;
  const definition = {
    ...football,
    onStart: (db: Knex, at: Clock) => startFootball(db, at, { releaser: { maxWaitMs: 20 } }),
  };
  const get = async <T>(url: string): Promise<T> => {
    const response = await service!.request(url);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const finalId = async () =>
    Number(
      ((await service!.db('fixtures').where({ league_id: 1, season: 2022, round: 'Final' }).first('id')) as { id: number } | undefined)?.id,
    );
  const live = async (): Promise<LiveMatch | undefined> => {
    const id = await finalId();
    return (await get<LiveSnapshot>('/api/live')).matches.find((m) => m.fixtureId === id);
  };
  const goals = async () =>
    (await get<MatchEvent[]>(`/api/fixture-events/${await finalId()}`))
      .filter((e) => e.kind === 'goal')
      .map((e) => `${e.scorer} ${e.minute}${e.goalKind === 'penalty' ? ' (pen.)' : ''}`);
  const until = async (what: () => Promise<boolean>) => {
    const deadline = Date.now() + 15_000;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    target = makeTarget('football');
    const db = await openDatabase(target);
    try {
      await migrateLatest(db, migrations);
      const read = await readReplay(['openfootball', WORLD_CUP], { INIT_CWD: repoRoot }, quiet, {
        asOf: '2022-12-18T16:40:00Z',
        now: new Date(start),
      });
      expect(read.problems).toEqual([]);
      await writeReplay(db, read);
    } finally {
      await db.destroy();
    }
    service = await startService(definition, target, { clock });
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  it('as of 16:40 UTC the final is live at 2-2 in the 84th minute; its timeline holds Messi 23 (pen.), Di María 36, Mbappé 80 (pen.), 81', async () => {
    const final = await live();
    expect(final).toMatchObject({ status: 'live', period: '2H', minute: '84', goalsHome: 2, goalsAway: 2 });
    expect(await goals()).toEqual(['Lionel Messi 23 (pen.)', 'Ángel Di María 36', 'Kylian Mbappé 80 (pen.)', 'Kylian Mbappé 81']);
    const fixture = (await service!
      .db('fixtures')
      .where({ id: await finalId() })
      .first()) as { kickoff_at: unknown };
    expect(toDate(fixture.kickoff_at)!.getTime()).toBe(kickoff);
  });

  it('a restart mid-match neither replays nor loses an event', async () => {
    const before = await get<MatchEvent[]>(`/api/fixture-events/${await finalId()}`);
    const held = Number(((await service!.db('held_results').count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);
    await service!.close({ keepDatabase: true });
    service = await startService(definition, target, { clock });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await get<MatchEvent[]>(`/api/fixture-events/${await finalId()}`)).toEqual(before);
    expect(Number(((await service.db('held_results').count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n)).toBe(held);
  });

  it('extra time on the clock: half time of extra time, then Messi 108 and Mbappé 118 (pen.) for 3-3', async () => {
    clock.set(kickoff + 132 * MIN); // extra time's first half ends at 105 + 1 (no stoppage goal)
    await until(async () => (await live())?.minute === 'ET');
    expect(await live()).toMatchObject({ period: 'ETHT', goalsHome: 2, goalsAway: 2 });
    clock.set(kickoff + 146 * MIN); // 106-120 from kick-off + 133: the 118th minute is at + 145
    await until(async () => (await live())?.goalsAway === 3);
    expect(await live()).toMatchObject({ period: 'ET2', minute: '119', goalsHome: 3, goalsAway: 3 });
    expect((await goals()).slice(4)).toEqual(['Lionel Messi 108', 'Kylian Mbappé 118 (pen.)']);
  });

  it('the shoot-out, then full time: 3-3 (4-2 pens), finished, off the live list; every event once, in order', async () => {
    clock.set(kickoff + 155 * MIN);
    await until(async () => (await live())?.minute === 'Pens');
    clock.set(kickoff + 164 * MIN);
    await until(async () => (await live()) === undefined);
    const fixture = (await service!
      .db('fixtures')
      .where({ id: await finalId() })
      .first()) as Record<string, number | string>;
    expect(fixture).toMatchObject({ status: 'finished', home_goals: 2, away_goals: 2, home_goals_et: 3, away_goals_et: 3 });
    expect([Number(fixture.home_penalties), Number(fixture.away_penalties)]).toEqual([4, 2]);
    // the screens' replies say how it was decided: 3-3, a.e.t., 4-2 on penalties
    const id = await finalId();
    expect(await get<FixtureStats>(`/api/fixture-stats/${id}`)).toMatchObject({
      homeTeamGoalScored: 3,
      awayTeamGoalScored: 3,
      afterExtraTime: true,
      penaltiesHome: 4,
      penaltiesAway: 2,
    });
    const list = await get<Fixture[]>('/api/fixtures/filter?leagueId=1&season=2022');
    expect(list.find((f) => f.id === id)).toMatchObject({
      goalsHome: 3,
      goalsAway: 3,
      afterExtraTime: true,
      penaltiesHome: 4,
      penaltiesAway: 2,
    });
    // a tie decided in 90 minutes carries neither field
    const thirdPlace = list.find((f) => f.round === 'Match for third place')!;
    expect(thirdPlace).toMatchObject({ goalsHome: 2, goalsAway: 1 });
    expect('afterExtraTime' in thirdPlace || 'penaltiesHome' in thirdPlace).toBe(false);
    const timeline = await get<MatchEvent[]>(`/api/fixture-events/${await finalId()}`);
    expect(timeline.map((e) => e.seq)).toEqual(timeline.map((_, i) => i + 1));
    expect(timeline.map((e) => e.kind)).toEqual([
      'kick-off',
      'goal',
      'goal',
      'half-time',
      'second-half',
      'goal',
      'goal',
      'end-of-90',
      'extra-time',
      'extra-time-half-time',
      'extra-time-second-half',
      'goal',
      'goal',
      'end-of-extra-time',
      'shoot-out',
      'full-time',
    ]);
  });
});

/**
 * "As it stands": the same table function counts live matches with their current score when asked.
 * As of 29 Nov 2022 15:50 UTC, Group A's last round is at half time: Ecuador 0-1 Senegal, Netherlands 1-0 Qatar.
 */
describe.each(testDatabases())('Group A as it stands at half time of its last round, on %s', (_label, makeTarget) => {
  const start = Date.parse('2026-11-25T12:00:00Z');
  let service: RunningService | undefined;

  beforeAll(async () => {
    const target = makeTarget('football');
    const db = await openDatabase(target);
    try {
      await migrateLatest(db, migrations);
      await writeReplay(
        db,
        await readReplay(['openfootball', WORLD_CUP], { INIT_CWD: repoRoot }, quiet, {
          asOf: '2022-11-29T15:50:00Z',
          now: new Date(start),
        }),
      );
    } finally {
      await db.destroy();
    }
    service = await startService(
      { ...football, onStart: (db: Knex, at: Clock) => startFootball(db, at, { releaser: { maxWaitMs: 20 } }) },
      target,
      {
        clock: manualClock(start),
      },
    );
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  const groupA = async (query: string) => {
    const response = await service!.request(`/api/standings?leagueId=1&season=2022${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as StandingRow[])
      .filter((row) => row.group === 'A')
      .map((row) => `${row.teamName} ${row.played} ${row.points}${row.playingNow ? ' live' : ''} ${row.teamStatus}`);
  };

  it('the final table counts finished matches only; live=1 counts the two live matches and marks their teams', async () => {
    // before the last round: Ecuador and the Netherlands level on everything (1-1 between them), Ecuador first by name
    expect((await groupA('')).map((r) => r.split(' ').slice(0, 3).join(' '))).toEqual([
      'Ecuador 2 4',
      'Netherlands 2 4',
      'Senegal 2 3',
      'Qatar 2 0',
    ]);
    expect(await groupA('&live=1')).toEqual([
      'Netherlands 3 7 live up',
      'Senegal 3 6 live up',
      'Ecuador 3 4 live down',
      'Qatar 3 0 live same',
    ]);
    const bad = await service!.request('/api/standings?leagueId=1&season=2022&live=yes');
    expect(bad.status).toBe(400);
  });
});
