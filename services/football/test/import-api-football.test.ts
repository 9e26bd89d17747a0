import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, migrateLatest, openDatabase, toDate, type Knex } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import type { RowProblem } from '../src/importers/model';
import type { ImportContext } from '../src/importers/source';
import {
  apiFootballSource,
  fetchApiFootballSeason,
  mapTeamStatistics,
  numberValue,
  stageOfRound,
  statusOf,
} from '../src/importers/sources/api-football';
import { ApiFootballClient, ApiFootballError } from '../src/importers/sources/api-football-client';
import { saveAdjustments, saveMatches, savePlayerMatches, saveSquad } from '../src/importers/store';
import { standings } from '../src/modules/standings/service';

const KEY = 'test-key-0123';
const fixturesDir = path.join(__dirname, 'fixtures', 'api-football');

/** Request (path + sorted query) -> the response file written for it in the documented v3 shape. */
const ROUTES: Record<string, string> = {
  '/leagues?id=39&season=2023': 'leagues.json',
  '/teams?league=39&season=2023': 'teams.json',
  '/fixtures?league=39&season=2023': 'fixtures.json',
  '/fixtures/statistics?fixture=900001': 'fixtures-statistics-900001.json',
  '/fixtures/players?fixture=900001': 'fixtures-players-900001.json',
  '/players/squads?team=42': 'players-squads-42.json',
  '/players/squads?team=49': 'players-squads-49.json',
};

interface Replay {
  url: string;
  requests: Array<{ route: string; key: string | undefined; headers: string[] }>;
  /** Routes that answer 429 (with Retry-After: 2) the first time they are asked. */
  tooManyOnce: Set<string>;
  dailyRemaining: number;
  close(): Promise<void>;
}

/** A loopback API-Football that replays the files above, checks the key and reports rate limits. */
async function startReplay(): Promise<Replay> {
  const state = {
    requests: [] as Replay['requests'],
    tooManyOnce: new Set<string>(),
    dailyRemaining: 7000,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
    const route = `${url.pathname}${query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}`;
    const key = req.headers['x-apisports-key'] as string | undefined;
    state.requests.push({ route, key, headers: Object.keys(req.headers) });
    const minuteLeft = Math.max(0, 300 - state.requests.length);
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-ratelimit-limit', '300');
    res.setHeader('x-ratelimit-remaining', String(minuteLeft));
    res.setHeader('x-ratelimit-requests-limit', '7500');
    res.setHeader('x-ratelimit-requests-remaining', String(state.dailyRemaining));
    if (state.tooManyOnce.delete(route)) {
      res.statusCode = 429;
      res.setHeader('retry-after', '2');
      res.end(JSON.stringify({ message: 'Too many requests' }));
      return;
    }
    if (key !== KEY) {
      res.end(JSON.stringify({ get: '', parameters: [], errors: { token: 'Error/Missing application key' }, results: 0, response: [] }));
      return;
    }
    const file = ROUTES[route];
    if (!file) {
      res.statusCode = 404;
      res.end(JSON.stringify({ message: `no replay for ${route}` }));
      return;
    }
    res.end(fs.readFileSync(path.join(fixturesDir, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    tooManyOnce: state.tooManyOnce,
    get dailyRemaining() {
      return state.dailyRemaining;
    },
    set dailyRemaining(value: number) {
      state.dailyRemaining = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('API-Football mapping', () => {
  it('maps status codes, rounds and statistics as the v3 documentation names them', () => {
    expect(['FT', 'AET', 'PEN', 'NS', 'TBD', '1H', 'HT', '2H', 'ET', 'P', 'LIVE', 'PST', 'CANC', 'XYZ'].map(statusOf)).toEqual([
      'finished',
      'finished',
      'finished',
      'scheduled',
      'scheduled',
      'live',
      'live',
      'live',
      'live',
      'live',
      'live',
      'postponed',
      'postponed',
      null,
    ]);
    expect(stageOfRound('Regular Season - 9', 'league')).toEqual({ stage: 'regular', group: null });
    expect(stageOfRound('Group C - 2', 'cup')).toEqual({ stage: 'group', group: 'C' });
    expect(stageOfRound('League Stage - 3', 'cup')).toEqual({ stage: 'league-phase', group: null });
    expect(stageOfRound('Knockout Round Play-offs', 'cup')).toEqual({ stage: 'playoff', group: null });
    expect(stageOfRound('Round of 16', 'cup')).toEqual({ stage: 'knockout', group: null });
    expect(stageOfRound('2nd Qualifying Round', 'cup')).toEqual({ stage: 'qualifying', group: null });
    expect(numberValue('55%')).toBe(55);
    expect(numberValue('7.3')).toBe(7.3);
    expect(numberValue(null)).toBeNull();
    expect(
      mapTeamStatistics([
        { type: 'Ball Possession', value: '55%' },
        { type: 'Shots on Goal', value: 4 },
        { type: 'Red Cards', value: null },
        { type: 'Passes %', value: '81%' },
        { type: 'expected_goals', value: '1.20' },
      ]),
    ).toEqual({ BallPossession: 55, ShotsOnGoal: 4, RedCards: null, PassesPercent: 81 });
  });
});

describe('API-Football client', () => {
  let replay: Replay;
  let tmp: string;
  beforeAll(async () => {
    replay = await startReplay();
  });
  afterAll(() => replay.close());
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-apif-'));
    replay.requests.length = 0;
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('fails with the API error when the key is refused, and caches nothing', async () => {
    const client = new ApiFootballClient({ key: 'wrong', baseUrl: replay.url, cacheDir: tmp });
    await expect(client.get('/leagues', { id: 39, season: 2023 })).rejects.toThrow(/token: Error\/Missing application key/);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('stops when the daily quota is used up, keeping what it fetched', async () => {
    replay.dailyRemaining = 0;
    try {
      const client = new ApiFootballClient({ key: KEY, baseUrl: replay.url, cacheDir: tmp });
      expect((await client.get('/leagues', { season: 2023, id: 39 })).results).toBe(1);
      await expect(client.get('/teams', { league: 39, season: 2023 })).rejects.toThrow(ApiFootballError);
      await expect(client.get('/teams', { league: 39, season: 2023 })).rejects.toThrow(/daily request quota/);
      expect(replay.requests.map((r) => r.route)).toEqual(['/leagues?id=39&season=2023']);
      // The cache key does not depend on the order of the query parameters.
      expect(fs.existsSync(client.cacheFile('/leagues', { id: 39, season: 2023 }))).toBe(true);
    } finally {
      replay.dailyRemaining = 7000;
    }
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

describe.each(testDatabases())('api-football import on %s', (_label, makeTarget) => {
  let db: Knex;
  let target: ReturnType<typeof makeTarget>;
  let replay: Replay;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-apif-data-'));
  const cacheDir = path.join(dataDir, 'api-football-cache');

  beforeAll(async () => {
    replay = await startReplay();
    target = makeTarget('football');
    db = await openDatabase(target);
    await migrateLatest(db, migrations);
  });

  afterAll(async () => {
    await replay.close();
    await db.destroy();
    if (target.client === 'mysql') await dropMysqlDatabase(target.location);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the fixtures, their team and player statistics and the squads; honours a 429', async () => {
    replay.tooManyOnce.add('/fixtures/statistics?fixture=900001');
    const waits: number[] = [];
    const client = new ApiFootballClient({
      key: KEY,
      baseUrl: replay.url,
      cacheDir,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const season = await fetchApiFootballSeason(client, { leagueId: 39, season: 2023, details: true, squads: true });
    expect(season.problems).toEqual([
      { file: 'api-football /players/squads?team=49', line: 0, message: 'Chelsea: I. Fullback has an unknown position "Coach"' },
    ]);
    expect(await saveMatches(db, season.matches)).toMatchObject({ created: 3, problems: [] });
    expect(await saveSquad(db, season.squad)).toMatchObject({ problems: [] });
    expect(await savePlayerMatches(db, season.playerMatches)).toMatchObject({ problems: [] });

    // Every request carried the key and nothing else of ours; the 429 was waited out (Retry-After: 2) and retried.
    expect(replay.requests.every((r) => r.key === KEY)).toBe(true);
    expect(replay.requests.filter((r) => r.route === '/fixtures/statistics?fixture=900001')).toHaveLength(2);
    expect(waits).toEqual([2000]);
    expect(client.networkRequests).toBe(8);
    // Only the finished fixture was asked for details.
    expect(replay.requests.some((r) => r.route.includes('900002') || r.route.includes('900003'))).toBe(false);

    const league = await db('leagues').where({ id: 39 }).first('name');
    expect(league.name).toBe('Premier League');
    const fixtures = await db('fixtures').where({ league_id: 39, season: 2023 }).orderBy('kickoff_at').select('*');
    expect(fixtures.map((f) => f.status)).toEqual(['finished', 'postponed', 'scheduled']);
    const played = fixtures[0];
    expect(played).toMatchObject({
      home_goals: 2,
      away_goals: 1,
      home_goals_ht: 1,
      away_goals_ht: 0,
      home_goals_et: null,
      home_penalties: null,
      referee: 'A. Referee',
      stage: 'regular',
      round: 'Regular Season - 9',
    });
    expect(toDate(played.kickoff_at)!.toISOString()).toBe('2023-10-21T16:30:00.000Z');
    const venue = await db('venues').where({ id: played.venue_id }).first('name', 'city');
    expect(venue).toEqual({ name: 'Emirates Stadium', city: 'London' });
    const arsenal = await db('teams').where({ id: played.home_team_id }).first('name', 'short_name', 'code', 'logo');
    expect(arsenal).toMatchObject({ name: 'Arsenal', short_name: 'ARS', code: 'ARS' });
    // team.code is the short name the standings carry
    expect((await standings(db, 39, 2023)).find((row) => row.teamName === 'Arsenal')?.teamShortName).toBe('ARS');

    const stats = await db('fixture_team_stats').where({ fixture_id: played.id }).orderBy('is_home', 'desc').select('*');
    expect(stats).toHaveLength(2);
    expect(stats[0]).toMatchObject({
      team_id: played.home_team_id,
      shots_on_target: 6,
      total_shots: 15,
      blocked_shots: 4,
      shots_inside_box: 10,
      shots_outside_box: 5,
      ball_possession: 58,
      total_passes: 541,
      passes_accurate: 462,
      passes_percent: 85,
      goalkeeper_saves: 2,
      fouls: 9,
      corner_kicks: 7,
      offsides: 2,
      yellow_cards: 1,
      red_cards: null,
    });
    expect(stats[1]).toMatchObject({ team_id: played.away_team_id, ball_possession: 42, red_cards: 1, yellow_cards: 3 });

    const lines = await db('fixture_player_stats as s')
      .join('players as p', 'p.id', 's.player_id')
      .where('s.fixture_id', played.id)
      .orderBy('p.name')
      .select('p.name', 's.*');
    expect(lines.map((l) => l.name)).toEqual([
      'B. Striker',
      'C. Playmaker',
      'D. Replacement',
      'E. Bench',
      'F. Goalie',
      'G. Forward',
      'K. Keeper',
    ]);
    const byName = Object.fromEntries(lines.map((l) => [l.name as string, l]));
    expect(byName['B. Striker']).toMatchObject({
      team_id: played.home_team_id,
      position: 'Attacker',
      minutes: 78,
      goals: 2,
      assists: 0,
      passes_total: 28,
      passes_key: 3,
      passes_accuracy: 21,
      tackles_total: 1,
      duels_total: 14,
      duels_won: 8,
      fouls_drawn: 3,
      fouls_committed: 1,
      yellow_cards: 1,
      red_cards: 0,
    });
    expect(Number(byName['B. Striker'].rating)).toBeCloseTo(8.4);
    expect(Boolean(byName['B. Striker'].started)).toBe(true);
    expect(byName['C. Playmaker']).toMatchObject({ assists: 1, passes_key: 4, tackles_blocks: 1, tackles_interceptions: 2 });
    expect(Boolean(byName['D. Replacement'].subbed_in)).toBe(true);
    expect(Boolean(byName['D. Replacement'].started)).toBe(false);
    expect(byName['E. Bench']).toMatchObject({ minutes: 0, rating: null });
    expect(byName['F. Goalie']).toMatchObject({ team_id: played.away_team_id, saves: 4, goals_conceded: 2, position: 'Goalkeeper' });
    expect(byName['G. Forward']).toMatchObject({ goals: 1, red_cards: 1 });

    const squad = await db('squad_members as m')
      .join('players as p', 'p.id', 'm.player_id')
      .where('m.season', 2023)
      .orderBy('p.name')
      .select('p.name', 'm.position', 'm.shirt_number');
    expect(squad).toHaveLength(8);
    expect(squad.find((m) => m.name === 'H. Defender')).toEqual({ name: 'H. Defender', position: 'Defender', shirt_number: 6 });
    // Squad and match lines meet on one player row per API player id.
    expect(Number((await db('players').count({ n: '*' }).first())!.n)).toBe(8);
  });

  it('re-runs from the cache through the import command: zero requests, nothing changed', async () => {
    const before = replay.requests.length;
    const env = {
      API_FOOTBALL_KEY: process.env.API_FOOTBALL_KEY,
      API_FOOTBALL_URL: process.env.API_FOOTBALL_URL,
      DATA_DIR: process.env.DATA_DIR,
    };
    Object.assign(process.env, { API_FOOTBALL_KEY: KEY, API_FOOTBALL_URL: replay.url, DATA_DIR: dataDir });
    const saved: string[] = [];
    const problems: RowProblem[] = [];
    try {
      const context = directContext(db, problems);
      const run = apiFootballSource.prepare(['--league', '39', '--season', '2023'], process.cwd());
      await run({
        ...context,
        saveMatches: async (m) => {
          const summary = await saveMatches(db, m);
          saved.push(`matches ${summary.created}/${summary.updated}/${summary.unchanged}`);
          return summary;
        },
        savePlayerMatches: async (l) => {
          const summary = await savePlayerMatches(db, l);
          saved.push(`player lines ${summary.created}/${summary.updated}`);
          return summary;
        },
      });
    } finally {
      for (const [k, v] of Object.entries(env)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    expect(replay.requests.length).toBe(before);
    expect(problems).toHaveLength(1);
    expect(saved).toEqual(['matches 0/0/3', 'player lines 0/0']);
    expect(Number((await db('fixture_player_stats').count({ n: '*' }).first())!.n)).toBe(7);
  });
});
