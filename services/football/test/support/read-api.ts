import type { DatabaseTarget, Knex } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '../../src/service';

/**
 * The football service on the demo data plus the mini league below, shared by the endpoint tests beside
 * each module (src/modules/<module>/test/*.api.test.ts) and test/read-endpoints.test.ts.
 */

export async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return JSON.parse(text) as T;
}

export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A small hand-made league (id 900, season 2019) next to the demo data, with results chosen so that
 * every derived number can be checked by hand:
 *
 *   R1  Alpha 2-0 Bravo      Charlie 1-1 Delta
 *   R2  Bravo 1-0 Charlie    Delta 0-3 Alpha
 *   R3  Alpha 1-1 Charlie    Bravo 0-2 Delta
 *   play-off (not in the table)  Alpha 5-0 Delta;   R4 (scheduled)  Alpha v Delta
 *
 * Bravo has a 1-point deduction. Table: Alpha 7, Delta 4, then Bravo and Charlie on 2: Bravo beat
 * Charlie, so Bravo is 3rd by head-to-head (the season's rule), where goal difference (Bravo -3,
 * Charlie -1) would have put Charlie 3rd. One round earlier: Alpha 6, Bravo 2, Charlie and Delta 1
 * (drew with each other; Charlie ahead on overall goal difference).
 *
 * Scorers: Striker (Alpha) 6 + 2 in the play-off; Mover 1 for Bravo (R2) then, moved to Delta, 1 in R3
 * (30 minutes off the bench); Ten (Charlie) 2 goals and 1 assist; Nine (Delta) 2 goals in 360 minutes.
 */
export interface Mini {
  league: number;
  season: number;
  team: Record<'alpha' | 'bravo' | 'charlie' | 'delta', number>;
  player: Record<'striker' | 'bench' | 'keeper' | 'mover' | 'ten' | 'nine', number>;
  fixture: Record<'r1ab' | 'r1cd' | 'r2bc' | 'r2da' | 'r3ac' | 'r3bd' | 'playoff' | 'r4', number>;
}

export async function insertMiniLeague(db: Knex): Promise<Mini> {
  const league = 900;
  const season = 2019;
  await db('leagues').insert({
    id: league,
    name: 'Test League',
    display_name: 'Test League',
    country: 'Testland',
    type: 'league',
    current_season: season,
  });
  await db('seasons').insert({
    league_id: league,
    year: season,
    name: '2019-20',
    format: 'league',
    tiebreak: 'h2h-first',
    zones: JSON.stringify([
      { from: 1, to: 1, description: 'Champions' },
      { from: 4, to: 4, description: 'Relegation' },
    ]),
  });
  const team = {} as Mini['team'];
  for (const name of ['alpha', 'bravo', 'charlie', 'delta'] as const) {
    const [id] = await db('teams').insert({
      name: `Test ${name[0]!.toUpperCase()}${name.slice(1)}`,
      short_name: name.slice(0, 3).toUpperCase(),
      country: 'Testland',
    });
    team[name] = Number(id);
  }
  const player = {} as Mini['player'];
  const people: Array<[keyof Mini['player'], string, string]> = [
    ['striker', 'Alpha Striker', '1995-06-15'],
    ['bench', 'Aaron Bench', '2000-01-01'],
    ['keeper', 'Zed Keeper', '1990-12-31'],
    ['mover', 'Bravo Mover', '1998-03-03'],
    ['ten', 'Charlie Ten', '1997-07-07'],
    ['nine', 'Delta Nine', '1996-09-09'],
  ];
  for (const [key, name, birth] of people) {
    const [id] = await db('players').insert({
      name,
      first_name: name.split(' ')[0],
      last_name: name.split(' ')[1],
      nationality: 'Testland',
      birth_date: birth,
      birth_country: 'Testland',
    });
    player[key] = Number(id);
  }
  await db('squad_members').insert([
    { team_id: team.alpha, season, player_id: player.striker, position: 'Attacker' },
    { team_id: team.alpha, season, player_id: player.bench, position: 'Attacker' },
    { team_id: team.alpha, season, player_id: player.keeper, position: 'Goalkeeper' },
    { team_id: team.bravo, season, player_id: player.mover, position: 'Midfielder' },
    { team_id: team.delta, season, player_id: player.mover, position: 'Midfielder' },
    { team_id: team.charlie, season, player_id: player.ten, position: 'Midfielder' },
    { team_id: team.delta, season, player_id: player.nine, position: 'Attacker' },
  ]);
  const fixture = {} as Mini['fixture'];
  const games: Array<
    [keyof Mini['fixture'], string, keyof Mini['team'], keyof Mini['team'], number | null, number | null, string, string]
  > = [
    ['r1ab', '2019-08-10 14:00:00', 'alpha', 'bravo', 2, 0, 'Round 1', 'regular'],
    ['r1cd', '2019-08-10 16:00:00', 'charlie', 'delta', 1, 1, 'Round 1', 'regular'],
    ['r2bc', '2019-08-17 14:00:00', 'bravo', 'charlie', 1, 0, 'Round 2', 'regular'],
    ['r2da', '2019-08-17 16:00:00', 'delta', 'alpha', 0, 3, 'Round 2', 'regular'],
    ['r3ac', '2019-08-24 14:00:00', 'alpha', 'charlie', 1, 1, 'Round 3', 'regular'],
    ['r3bd', '2019-08-24 16:00:00', 'bravo', 'delta', 0, 2, 'Round 3', 'regular'],
    ['playoff', '2019-09-01 14:00:00', 'alpha', 'delta', 5, 0, 'Play-off', 'playoff'],
    ['r4', '2019-09-14 14:00:00', 'alpha', 'delta', null, null, 'Round 4', 'regular'],
  ];
  for (const [key, kickoff, home, away, hg, ag, round, stage] of games) {
    const [id] = await db('fixtures').insert({
      league_id: league,
      season,
      round,
      stage,
      kickoff_at: kickoff,
      status: hg === null ? 'scheduled' : 'finished',
      home_team_id: team[home],
      away_team_id: team[away],
      home_goals: hg,
      away_goals: ag,
    });
    fixture[key] = Number(id);
  }
  await db('standings_adjustments').insert({ league_id: league, season, team_id: team.bravo, points: -1, reason: 'Test deduction' });
  const side = (fixtureId: number, teamId: number, isHome: boolean, stats: Record<string, number | null>) => ({
    fixture_id: fixtureId,
    team_id: teamId,
    is_home: isHome ? 1 : 0,
    ...stats,
  });
  await db('fixture_team_stats').insert([
    side(fixture.r1ab, team.alpha, true, {
      total_shots: 14,
      shots_on_target: 6,
      blocked_shots: 3,
      shots_inside_box: 10,
      shots_outside_box: 4,
      ball_possession: 58,
      total_passes: 520,
      passes_accurate: 447,
      passes_percent: 86,
      goalkeeper_saves: 2,
      fouls: 9,
      offsides: 2,
      yellow_cards: 1,
      red_cards: 0,
      corner_kicks: 7,
    }),
    side(fixture.r1ab, team.bravo, false, {
      total_shots: 6,
      shots_on_target: 2,
      blocked_shots: 1,
      shots_inside_box: 4,
      shots_outside_box: 2,
      ball_possession: 42,
      total_passes: 380,
      passes_accurate: 300,
      passes_percent: 79,
      goalkeeper_saves: 4,
      fouls: 12,
      offsides: null,
      yellow_cards: 3,
      red_cards: 1,
      corner_kicks: 2,
    }),
  ]);
  const line = (fixtureId: number, playerId: number, teamId: number, values: Record<string, number | null>) => ({
    fixture_id: fixtureId,
    player_id: playerId,
    team_id: teamId,
    position: null,
    started: 1,
    subbed_in: 0,
    subbed_out: 0,
    minutes: 90,
    goals: 0,
    assists: 0,
    yellow_cards: 0,
    red_cards: 0,
    ...values,
  });
  await db('fixture_player_stats').insert([
    line(fixture.r1ab, player.striker, team.alpha, { goals: 2, rating: 8.2, passes_total: 30, passes_accuracy: 80, yellow_cards: 1 }),
    line(fixture.r2da, player.striker, team.alpha, { goals: 3, rating: 9.0, passes_total: 20, passes_accuracy: 70 }),
    line(fixture.r3ac, player.striker, team.alpha, { goals: 1, rating: 7.0, minutes: 80, subbed_out: 1, passes_accuracy: null }),
    line(fixture.playoff, player.striker, team.alpha, { goals: 2, rating: 8.5 }),
    line(fixture.r1ab, player.mover, team.bravo, { rating: 6.0 }),
    line(fixture.r2bc, player.mover, team.bravo, { goals: 1, rating: 7.5, tackles_total: 4 }),
    line(fixture.r3bd, player.mover, team.delta, { goals: 1, minutes: 30, started: 0, subbed_in: 1, rating: 7.2 }),
    line(fixture.r1cd, player.ten, team.charlie, { goals: 1, assists: 1 }),
    line(fixture.r3ac, player.ten, team.charlie, { goals: 1 }),
    line(fixture.r1cd, player.nine, team.delta, { goals: 1 }),
    line(fixture.r2da, player.nine, team.delta, {}),
    line(fixture.r3bd, player.nine, team.delta, { goals: 1, red_cards: 1 }),
    line(fixture.playoff, player.nine, team.delta, {}),
    // An unused substitute: a row without minutes is not an appearance.
    line(fixture.playoff, player.bench, team.alpha, { started: 0, minutes: 0 }),
  ]);
  return { league, season, team, player, fixture };
}

export interface ReadApi {
  service: RunningService;
  mini: Mini;
  get: <T>(path: string, status?: number) => Promise<T>;
}

/** Starts the seeded service with the mini league before the tests of one database and closes it after. */
export function readApi(makeTarget: (service: string) => DatabaseTarget): ReadApi {
  let running: { service: RunningService; mini: Mini } | undefined;
  beforeAll(async () => {
    const service = await startService(football, makeTarget('football'), { seed: true });
    running = { service, mini: await insertMiniLeague(service.db) };
  });
  afterAll(async () => {
    await running?.service.close();
  });
  const started = () => {
    if (!running) throw new Error('the football service is not started (use readApi inside describe)');
    return running;
  };
  return {
    get service() {
      return started().service;
    },
    get mini() {
      return started().mini;
    },
    get: async <T>(path: string, status = 200) => json<T>(await started().service.request(path), status),
  };
}

export { testDatabases };
