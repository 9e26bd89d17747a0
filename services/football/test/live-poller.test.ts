import type { LiveSnapshot, MatchEvent, StandingRow } from '@matchday/contracts';
import { manualClock, type Clock, type Knex } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { createLivePoller, type LivePoller } from '../src/importers/live-poller';
import { liveMatchEvents } from '../src/importers/sources/api-football-live';
import type { ApiFixtureItem, ApiLineupItem } from '../src/importers/sources/api-football-types';
import { saveMatchEvents } from '../src/importers/store';
import { football, startFootball } from '../src/service';
import {
  elsewhere,
  fixtureAt,
  KEY,
  KICK_OFF,
  line,
  matchEvents,
  MIN,
  recordingLogger,
  scheduled,
  seed,
  startStandIn,
  type StandIn,
} from './support/api-football-live';

/**
 * The live feed outside replay against a loopback API-Football that answers /fixtures?live=all,
 * /fixtures/events?fixture=<id> and /fixtures?id=<id> in the v3 documentation's shapes
 * (fixtures/api-football-live/), stepping a match through on a fake clock: Arsenal v Chelsea, kick-off
 * 28 Nov 2026 15:00 UTC; Arsenal 23', Chelsea 37' taken back by VAR at 39', half time, an Arsenal player's own
 * goal for Chelsea 53', a missed penalty 77', Arsenal's penalty 90+3 for 2-1, full time.
 */
describe.each(testDatabases())('the live feed from API-Football on %s', (_label, makeTarget) => {
  const clock = manualClock(KICK_OFF - 60 * MIN);
  let standIn: StandIn;
  let service: RunningService;
  let poller: LivePoller;
  let fixtureId: number;
  const logs: string[] = [];

  const get = async <T>(url: string): Promise<T> => {
    const response = await service.request(url);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const timeline = async () => (await get<MatchEvent[]>(`/api/fixture-events/${fixtureId}`)).map(line);
  const fixtureRow = async () =>
    (await service
      .db('fixtures')
      .where({ id: fixtureId })
      .first('status', 'home_goals', 'away_goals', 'home_goals_ht', 'away_goals_ht')) as Record<string, unknown>;
  const table = async () =>
    (await get<StandingRow[]>('/api/standings?leagueId=39&season=2026&live=1')).map(
      (r) => `${r.teamName} ${r.played} ${r.points} ${r.goalsFor}-${r.goalsAgainst}`,
    );
  /** Sets the clock and what API-Football says, polls once; the requests that poll sent. */
  const poll = async (at: number, playing: ApiFixtureItem | null, eventsSoFar: number) => {
    clock.set(at);
    standIn.live = playing ? [elsewhere, playing] : [elsewhere];
    standIn.events.set('910001', matchEvents.slice(0, eventsSoFar));
    const before = standIn.requests.length;
    const summary = await poller.tick();
    expect(summary.requests).toBe(standIn.requests.length - before);
    return { summary, requests: standIn.requests.slice(before) };
  };
  const LIVE = '/fixtures?live=all';
  const EVENTS = '/fixtures/events?fixture=910001';

  beforeAll(async () => {
    standIn = await startStandIn();
    service = await startService(
      {
        ...football,
        onStart: (db: Knex, at: Clock) => startFootball(db, at, { releaser: { maxWaitMs: 50 }, live: null }),
      },
      makeTarget('football'),
      { clock },
    );
    fixtureId = await seed(service.db, scheduled);
    poller = createLivePoller(service.db, { key: KEY, baseUrl: standIn.url, now: clock, logger: recordingLogger(logs) });
  }, 60_000);

  afterAll(async () => {
    await poller?.stop();
    await service?.close();
    await standIn?.close();
  });

  it('line-ups: asked for from kick-off - 65 min every 5 min until both XIs are out, then stored and not asked again', async () => {
    const LINEUPS = '/fixtures/lineups?fixture=910001';
    const side = (team: ApiFixtureItem['teams']['home'], first: number): ApiLineupItem => ({
      team,
      startXI: Array.from({ length: 11 }, (_, k) => ({
        player: { id: first + k, name: `Starter ${first + k}`, pos: k === 0 ? 'G' : 'M' },
      })),
      substitutes: [{ player: { id: first + 11, name: `Substitute ${first + 11}`, pos: 'F' } }],
    });
    const named = async () =>
      (await service.db('fixture_lineups').where({ fixture_id: fixtureId }).select('starting')).map((r: { starting: unknown }) =>
        Number(r.starting),
      );
    clock.set(KICK_OFF - 64 * MIN);
    const before = standIn.requests.length;
    expect((await poller.tick()).lineups).toBe(0);
    expect(standIn.requests.slice(before)).toEqual([LINEUPS]);
    expect(await named()).toEqual([]);
    clock.set(KICK_OFF - 62 * MIN);
    await poller.tick();
    expect(standIn.requests.slice(before)).toEqual([LINEUPS]);
    standIn.lineups.set('910001', [side(scheduled.teams.home, 5000), side(scheduled.teams.away, 6000)]);
    clock.set(KICK_OFF - 59 * MIN);
    expect((await poller.tick()).lineups).toBe(24);
    expect(standIn.requests.slice(before)).toEqual([LINEUPS, LINEUPS]);
    const stored = await named();
    expect(stored.filter((s) => s === 1)).toHaveLength(22);
    expect(stored.filter((s) => s === 0)).toHaveLength(2);
    clock.set(KICK_OFF - 50 * MIN);
    await poller.tick();
    expect(standIn.requests.slice(before)).toEqual([LINEUPS, LINEUPS]);
  });

  it('outside the live window nothing is polled: 0 requests; inside it, before kick-off, the live list only', async () => {
    expect((await poll(KICK_OFF - 70 * MIN, null, 0)).requests).toEqual([]);
    expect((await poll(KICK_OFF - 3 * MIN, null, 0)).requests).toEqual([LIVE]);
    expect(await timeline()).toEqual([]);
    expect(await fixtureRow()).toMatchObject({ status: 'scheduled', home_goals: null });
  });

  it('kick-off: the fixture is live at 0-0 with its kick-off, dated by API-Football’s first-half start', async () => {
    const { requests, summary } = await poll(KICK_OFF + MIN, fixtureAt('1H', 1, [0, 0]), 0);
    expect(requests).toEqual([LIVE, EVENTS]);
    expect(summary.created).toBe(1);
    expect(await timeline()).toEqual(['kick-off 0-0']);
    expect((await get<MatchEvent[]>(`/api/fixture-events/${fixtureId}`))[0]!.at).toBe(new Date(KICK_OFF).toISOString());
    expect(await fixtureRow()).toMatchObject({ status: 'live', home_goals: 0, away_goals: 0 });
  });

  it('a card at its minute with the player booked, a goal, then a second goal: 1-1 in the fixture and the table as it stands', async () => {
    expect((await poll(KICK_OFF + 24 * MIN, fixtureAt('1H', 24, [1, 0]), 2)).requests).toEqual([LIVE, EVENTS]);
    expect(await timeline()).toEqual(['kick-off 0-0', 'yellow-card 12 M. Midfield', 'goal 23 B. Striker 1-0']);
    const [card, goal] = (await get<MatchEvent[]>(`/api/fixture-events/${fixtureId}`)).slice(1);
    expect(card).toMatchObject({ kind: 'yellow-card', player: 'M. Midfield', scorer: null, homeScore: null });
    const teams = (await service.db('fixtures').where({ id: fixtureId }).first('home_team_id', 'away_team_id')) as Record<string, number>;
    expect(goal).toMatchObject({ teamId: Number(teams.home_team_id), goalKind: 'goal' });

    expect((await poll(KICK_OFF + 38 * MIN, fixtureAt('1H', 38, [1, 1]), 3)).requests).toEqual([LIVE, EVENTS]);
    expect(await timeline()).toEqual(['kick-off 0-0', 'yellow-card 12 M. Midfield', 'goal 23 B. Striker 1-0', 'goal 37 G. Forward 1-1']);
    expect(await fixtureRow()).toMatchObject({ status: 'live', home_goals: 1, away_goals: 1 });
    expect(await table()).toEqual(['Arsenal 1 1 1-1', 'Chelsea 1 1 1-1']);
  });

  it('VAR cancels the second goal: the score is back to 1-0, the goal marked cancelled, the fixture and the table drop it', async () => {
    const { requests, summary } = await poll(KICK_OFF + 40 * MIN, fixtureAt('1H', 40, [1, 0]), 4);
    expect(requests).toEqual([LIVE, EVENTS]);
    expect(summary.created).toBe(1);
    expect(await timeline()).toEqual([
      'kick-off 0-0',
      'yellow-card 12 M. Midfield',
      'goal 23 B. Striker 1-0',
      'goal 37 G. Forward 1-1 cancelled',
      'goal-cancelled 39 G. Forward 1-0',
    ]);
    expect(await fixtureRow()).toMatchObject({ status: 'live', home_goals: 1, away_goals: 0 });
    expect(await table()).toEqual(['Arsenal 1 3 1-0', 'Chelsea 1 0 0-1']);
    const live = (await get<LiveSnapshot>('/api/live')).matches.find((m) => m.fixtureId === fixtureId);
    expect(live).toMatchObject({ status: 'live', period: '1H', minute: '41', goalsHome: 1, goalsAway: 0, lastSeq: 5 });
  });

  it('polling the same data again stores nothing and does not even read the events', async () => {
    const again = await poll(KICK_OFF + 40 * MIN + 15_000, fixtureAt('1H', 40, [1, 0]), 4);
    expect(again.requests).toEqual([LIVE]);
    expect(again.summary.created).toBe(0);
    expect(await timeline()).toHaveLength(5);
  });

  it('half time: the same events read again add only the half-time, with the half-time score', async () => {
    const { requests, summary } = await poll(KICK_OFF + 47 * MIN, fixtureAt('HT', 45, [1, 0]), 4);
    expect(requests).toEqual([LIVE, EVENTS]);
    expect(summary.created).toBe(1);
    expect((await timeline()).slice(5)).toEqual(['half-time 1-0']);
    expect(await fixtureRow()).toMatchObject({ status: 'live', home_goals_ht: 1, away_goals_ht: 0 });
  });

  it('second half, then an own goal by an Arsenal player counts for Chelsea (a substitution before it is not stored)', async () => {
    expect((await poll(KICK_OFF + 61 * MIN, fixtureAt('2H', 46, [1, 0]), 4)).summary.created).toBe(1);
    expect((await poll(KICK_OFF + 69 * MIN, fixtureAt('2H', 54, [1, 1]), 6)).requests).toEqual([LIVE, EVENTS]);
    expect((await timeline()).slice(6)).toEqual(['second-half 1-0', 'goal 53 H. Defender 1-1']);
    const own = (await get<MatchEvent[]>(`/api/fixture-events/${fixtureId}`))[7]!;
    const teams = (await service.db('fixtures').where({ id: fixtureId }).first('away_team_id')) as Record<string, number>;
    expect(own).toMatchObject({ goalKind: 'own-goal', teamId: Number(teams.away_team_id) });
    expect(await fixtureRow()).toMatchObject({ home_goals: 1, away_goals: 1 });
  });

  it('full time, once the match has left the live list: the last goal, full time, and the full record through saveMatches', async () => {
    standIn.fixtures.set('910001', fixtureAt('FT', 90, [2, 1]));
    const { requests, summary } = await poll(KICK_OFF + 113 * MIN, null, matchEvents.length);
    expect(requests).toEqual([LIVE, '/fixtures?id=910001', EVENTS]);
    expect(summary).toMatchObject({ created: 3, finalRecords: 1 });
    const events = await get<MatchEvent[]>(`/api/fixture-events/${fixtureId}`);
    expect(events.map(line)).toEqual([
      'kick-off 0-0',
      'yellow-card 12 M. Midfield',
      'goal 23 B. Striker 1-0',
      'goal 37 G. Forward 1-1 cancelled',
      'goal-cancelled 39 G. Forward 1-0',
      'half-time 1-0',
      'second-half 1-0',
      'goal 53 H. Defender 1-1',
      'red-card 84 M. Midfield',
      'goal 90+3 B. Striker 2-1',
      'full-time 2-1',
    ]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(events[9]!.goalKind).toBe('penalty');
    expect(await fixtureRow()).toMatchObject({ status: 'finished', home_goals: 2, away_goals: 1, home_goals_ht: 1, away_goals_ht: 0 });
    expect(await table()).toEqual(['Arsenal 1 3 2-1', 'Chelsea 1 0 1-2']);
    expect((await get<LiveSnapshot>('/api/live')).matches).toEqual([]);

    // A finished match is out of the window: no request any more.
    expect((await poll(KICK_OFF + 114 * MIN, null, matchEvents.length)).requests).toEqual([]);
    // Every event of the match written again from nothing stores nothing new.
    const all = liveMatchEvents({ item: fixtureAt('FT', 90, [2, 1]), events: matchEvents, stored: [], now: new Date(clock()) });
    expect(all.map((e) => e.key)).toHaveLength(11);
    expect(await saveMatchEvents(service.db, all)).toMatchObject({ created: 0, unchanged: 11, problems: [] });
    expect(logs.filter((l) => !l.startsWith('info'))).toEqual([]);
  });

  describe('a second match, kicking off at 23:00 UTC', () => {
    const kickOff = Date.parse('2026-11-28T23:00:00Z');
    const at = (short: string, elapsed: number, goals: [number, number]) =>
      fixtureAt(short, elapsed, goals, { id: 910002, kickOff, home: scheduled.teams.away, away: scheduled.teams.home });
    const poll2 = async (p: LivePoller, time: number, playing: ApiFixtureItem) => {
      clock.set(time);
      standIn.live = [elsewhere, playing];
      const before = standIn.requests.length;
      await p.tick();
      return standIn.requests.slice(before);
    };

    const EVENTS2 = '/fixtures/events?fixture=910002';
    let id2 = 0;
    const events2 = async () => (await get<MatchEvent[]>(`/api/fixture-events/${id2}`)).map(line);

    beforeAll(async () => {
      id2 = await seed(
        service.db,
        fixtureAt('NS', 0, [0, 0], { id: 910002, kickOff, home: scheduled.teams.away, away: scheduled.teams.home }),
      );
    });

    it('a failed poll is logged and tried again at the next tick', async () => {
      const lines: string[] = [];
      const p = createLivePoller(service.db, { key: KEY, baseUrl: standIn.url, now: clock, logger: recordingLogger(lines) });
      try {
        standIn.failOnce.add(LIVE);
        await expect(poll2(p, kickOff + MIN, at('1H', 1, [0, 0]))).resolves.toEqual([LIVE]);
        expect(lines).toEqual(['warn live feed: request failed; tried again at the next poll']);
        // the live list this time, its events not: nothing written (periods and goals go together)
        standIn.failOnce.add(EVENTS2);
        await expect(poll2(p, kickOff + MIN + 15_000, at('1H', 1, [0, 0]))).resolves.toEqual([LIVE, EVENTS2]);
        expect(lines).toHaveLength(2);
        expect(await events2()).toEqual([]);
        // the next tick has both
        await expect(poll2(p, kickOff + MIN + 30_000, at('1H', 1, [0, 0]))).resolves.toEqual([LIVE, EVENTS2]);
        expect(await events2()).toEqual(['kick-off 0-0']);
      } finally {
        await p.stop();
      }
    });

    it('the daily budget: one log line when used up, no request until UTC midnight; API-Football’s own quota too', async () => {
      const lines: string[] = [];
      const p = createLivePoller(service.db, {
        key: KEY,
        baseUrl: standIn.url,
        now: clock,
        logger: recordingLogger(lines),
        dailyRequests: 3,
      });
      try {
        expect(await poll2(p, kickOff + 2 * MIN, at('1H', 2, [0, 0]))).toEqual([LIVE, EVENTS2]);
        expect(await poll2(p, kickOff + 3 * MIN, at('1H', 3, [0, 0]))).toEqual([LIVE]);
        expect(await poll2(p, kickOff + 4 * MIN, at('1H', 4, [0, 0]))).toEqual([]);
        expect(await poll2(p, kickOff + 5 * MIN, at('1H', 5, [0, 0]))).toEqual([]);
        expect(lines).toEqual([
          'warn live feed: the daily request budget (LIVE_DAILY_REQUESTS=3) is used up; no polling until UTC midnight',
        ]);
        // 00:01 UTC: a new day, a new budget
        expect(await poll2(p, kickOff + 61 * MIN, at('2H', 46, [0, 0]))).toEqual([LIVE, EVENTS2]);
        expect(lines[1]).toBe('info live feed: a new UTC day, polling API-Football again');
        // API-Football says its daily quota is used up: that request was the last one today
        standIn.dailyRemaining = 0;
        expect(await poll2(p, kickOff + 62 * MIN, at('2H', 47, [0, 0]))).toEqual([LIVE]);
        expect(await poll2(p, kickOff + 63 * MIN, at('2H', 48, [0, 0]))).toEqual([]);
        expect(lines.slice(2)).toEqual([
          'warn live feed: API-Football says the daily request quota is used up; no polling until UTC midnight',
        ]);
      } finally {
        standIn.dailyRemaining = 7400;
        await p.stop();
      }
      expect(await events2()).toEqual(['kick-off 0-0', 'half-time 0-0', 'second-half 0-0']);
    });

    it('startFootball polls on its timer when given the live feed, and stops polling when stopped', async () => {
      clock.set(kickOff + 64 * MIN);
      standIn.live = [elsewhere, at('2H', 49, [0, 0])];
      const before = standIn.requests.length;
      const stop = await startFootball(service.db, clock, {
        releaser: { maxWaitMs: 50 },
        live: { key: KEY, baseUrl: standIn.url, pollMs: 20 },
      });
      try {
        const deadline = Date.now() + 10_000;
        while (standIn.requests.length - before < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(standIn.requests.length - before).toBeGreaterThanOrEqual(3);
      } finally {
        await stop();
      }
      // (a request already on its way when it stopped may still reach the stand-in)
      await new Promise((resolve) => setTimeout(resolve, 50));
      const after = standIn.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(standIn.requests.length).toBe(after);
    });
  });
});
