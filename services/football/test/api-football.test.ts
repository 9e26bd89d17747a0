import type {
  FixturePlayer,
  FixtureStats,
  HeadToHeadMatch,
  League,
  PlayerLeagueStats,
  PlayerRecentFixture,
  SquadPlayer,
  StandingRow,
  TeamStatsRecord,
  TopScorer,
} from '@matchday/contracts';
import { SIDE_STAT_NAMES } from '@matchday/contracts';
import type { Knex } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '../src/service';

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return JSON.parse(text) as T;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

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
interface Mini {
  league: number;
  season: number;
  team: Record<'alpha' | 'bravo' | 'charlie' | 'delta', number>;
  player: Record<'striker' | 'bench' | 'keeper' | 'mover' | 'ten' | 'nine', number>;
  fixture: Record<'r1ab' | 'r1cd' | 'r2bc' | 'r2da' | 'r3ac' | 'r3bd' | 'playoff' | 'r4', number>;
}

async function insertMiniLeague(db: Knex): Promise<Mini> {
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

describe.each(testDatabases())('football read APIs on %s', (_label, makeTarget) => {
  let service: RunningService;
  let mini: Mini;
  const get = async <T>(path: string, status = 200) => json<T>(await service.request(path), status);

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'), { seed: true });
    mini = await insertMiniLeague(service.db);
  });

  afterAll(async () => {
    await service?.close();
  });

  describe('GET /api/leagues', () => {
    it('lists the seasons with data and the current format', async () => {
      const leagues = await get<League[]>('/api/leagues');
      expect(leagues.find((l) => l.id === 39)).toMatchObject({ seasons: [2026, 2025], format: 'league', currentSeason: 2026 });
      expect(leagues.find((l) => l.id === 2)).toMatchObject({ type: 'cup', format: 'league-phase' });
      expect(leagues.find((l) => l.id === mini.league)?.seasons).toEqual([2019]);
    });
  });

  describe('GET /api/standings', () => {
    it('derives the table of the mini league: tie-break by head-to-head, deduction, movement, zones, last five', async () => {
      const rows = await get<StandingRow[]>(`/api/standings?leagueId=${mini.league}&season=${mini.season}`);
      expect(rows.map((r) => [r.teamName, r.teamRank, r.points, r.teamStatus])).toEqual([
        ['Test Alpha', 1, 7, 'same'],
        ['Test Delta', 2, 4, 'up'],
        ['Test Bravo', 3, 2, 'down'],
        ['Test Charlie', 4, 2, 'down'],
      ]);
      const alpha = rows[0]!;
      // The play-off 5-0 does not count
      expect(alpha).toMatchObject({ played: 3, wins: 2, draws: 1, losses: 0, goalsFor: 6, goalsAgainst: 1, goalDifference: 5 });
      expect(alpha).toMatchObject({ lastFiveResult: 'WWD', leagueDescription: 'Champions', pointsAdjustment: 0, group: null });
      const bravo = rows[2]!;
      expect(bravo).toMatchObject({ wins: 1, losses: 2, points: 2, pointsAdjustment: -1, lastFiveResult: 'LWL', goalDifference: -3 });
      expect(rows[3]).toMatchObject({ teamName: 'Test Charlie', goalDifference: -1, leagueDescription: 'Relegation' });
      expect(rows[1]!.leagueDescription).toBeUndefined();
      expect(Object.keys(alpha)).toEqual(
        expect.arrayContaining([
          'id',
          'leagueName',
          'teamId',
          'teamName',
          'teamLogo',
          'teamRank',
          'teamStatus',
          'points',
          'goalDifference',
          'lastFiveResult',
        ]),
      );
      expect(alpha).toMatchObject({ leagueName: 'Test League', country: 'Testland', season: 2019, leagueId: 900, teamShortName: 'ALP' });
    });

    it('follows a new deduction at once (derived, not stored)', async () => {
      const [id] = await service
        .db('standings_adjustments')
        .insert({ league_id: mini.league, season: mini.season, team_id: mini.team.alpha, points: -6, reason: 'Temporary' });
      try {
        const rows = await get<StandingRow[]>(`/api/standings?leagueId=${mini.league}&season=${mini.season}`);
        expect(rows.map((r) => r.teamName)).toEqual(['Test Delta', 'Test Bravo', 'Test Charlie', 'Test Alpha']);
        expect(rows[3]).toMatchObject({ points: 1, pointsAdjustment: -6 });
      } finally {
        await service.db('standings_adjustments').where({ id }).delete();
      }
    });

    it('demo Premier League: 20 clubs, consistent records, zones, ordered by points then goal difference', async () => {
      const rows = await get<StandingRow[]>('/api/standings?leagueId=39&season=2026');
      expect(rows).toHaveLength(20);
      expect(rows.map((r) => r.teamRank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      for (const row of rows) {
        expect(row.points).toBe(3 * row.wins + row.draws + row.pointsAdjustment);
        expect(row.played).toBe(row.wins + row.draws + row.losses);
        expect(row.goalDifference).toBe(row.goalsFor - row.goalsAgainst);
        expect(row.lastFiveResult).toMatch(/^[WDL]{1,5}$/);
        expect(['up', 'down', 'same']).toContain(row.teamStatus);
      }
      for (let i = 1; i < rows.length; i += 1) {
        const [a, b] = [rows[i - 1]!, rows[i]!];
        expect(
          a.points > b.points ||
            (a.points === b.points &&
              (a.goalDifference > b.goalDifference || (a.goalDifference === b.goalDifference && a.goalsFor >= b.goalsFor))),
        ).toBe(true);
      }
      expect(rows.reduce((s, r) => s + r.goalsFor, 0)).toBe(rows.reduce((s, r) => s + r.goalsAgainst, 0));
      expect(rows.slice(0, 4).every((r) => r.leagueDescription === 'Champions League')).toBe(true);
      expect(rows[4]!.leagueDescription).toBe('Europa League');
      expect(rows.slice(17).every((r) => r.leagueDescription === 'Relegation')).toBe(true);
      // Played counts equal the finished fixtures in the database
      const [finished] = await service.db('fixtures').where({ league_id: 39, season: 2026, status: 'finished' }).count({ n: '*' });
      expect(rows.reduce((s, r) => s + r.played, 0)).toBe(2 * Number(finished?.n));
    });

    it('demo Champions League 2025-26: the league phase only (knockouts left out), 36 clubs with 8 matches', async () => {
      const rows = await get<StandingRow[]>('/api/standings?leagueId=2&season=2025');
      expect(rows).toHaveLength(36);
      for (const row of rows) expect(row.played).toBe(8);
      expect(rows[0]!.leagueDescription).toBe('Round of 16');
      expect(rows[8]!.leagueDescription).toBe('Knockout play-offs');
      expect(rows[24]!.leagueDescription).toBeUndefined();
      const [knockouts] = await service
        .db('fixtures')
        .where({ league_id: 2, season: 2025 })
        .whereIn('stage', ['playoff', 'knockout'])
        .count({ n: '*' });
      expect(Number(knockouts?.n)).toBeGreaterThan(0);
    });

    it.each([
      ['', 'leagueId'],
      ['leagueId=39', 'season'],
      ['leagueId=abc&season=2026', 'leagueId'],
      ['leagueId=39&season=20x6', 'season'],
    ])('?%s -> 400 naming %s', async (query, parameter) => {
      const body = await get<{ message: string }>(`/api/standings?${query}`, 400);
      expect(body.message.startsWith(`${parameter}:`)).toBe(true);
    });

    it('unknown league or season -> empty list', async () => {
      expect(await get('/api/standings?leagueId=4242&season=2026')).toEqual([]);
      expect(await get('/api/standings?leagueId=39&season=1999')).toEqual([]);
    });
  });

  describe('GET /api/players', () => {
    it('team squad: by position, those who played in this league first, then by name; ages from birth dates', async () => {
      const players = await get<SquadPlayer[]>(`/api/players?teamId=${mini.team.alpha}&leagueId=${mini.league}&season=${mini.season}`);
      expect(players.map((p) => [p.playerName, p.position, p.is_Played_In_This_League, p.is_Played_Last_Match])).toEqual([
        ['Zed Keeper', 'Goalkeeper', 0, 0],
        ['Alpha Striker', 'Attacker', 1, 1],
        ['Aaron Bench', 'Attacker', 0, 0],
      ]);
      const striker = players[1]!;
      const now = new Date();
      const expectedAge =
        now.getUTCFullYear() - 1995 - (now.getUTCMonth() < 5 || (now.getUTCMonth() === 5 && now.getUTCDate() < 15) ? 1 : 0);
      expect(striker).toMatchObject({
        playerId: mini.player.striker,
        firstName: 'Alpha',
        lastName: 'Striker',
        teamId: mini.team.alpha,
        teamName: 'Test Alpha',
        leagueId: mini.league,
        season: mini.season,
        nationality: 'Testland',
        birthCountry: 'Testland',
        playerPhoto: null,
        age: expectedAge,
      });
      expect(Object.keys(striker).sort()).toEqual(
        [
          'playerId',
          'playerName',
          'firstName',
          'lastName',
          'teamId',
          'teamName',
          'teamLogo',
          'leagueId',
          'season',
          'position',
          'playerPhoto',
          'nationality',
          'countryNationalityFlag',
          'age',
          'birthCountry',
          'is_Played_Last_Match',
          'is_Played_In_This_League',
        ].sort(),
      );
    });

    it("match squad: both teams, home first; 'played last match' per team", async () => {
      const players = await get<SquadPlayer[]>(
        `/api/players?homeTeamId=${mini.team.bravo}&awayTeamId=${mini.team.delta}&leagueId=${mini.league}&season=${mini.season}`,
      );
      expect(players.map((p) => [p.teamName, p.playerName, p.is_Played_Last_Match])).toEqual([
        ['Test Bravo', 'Bravo Mover', 0],
        ['Test Delta', 'Bravo Mover', 0],
        ['Test Delta', 'Delta Nine', 1],
      ]);
    });

    it('demo squad sizes by position and the last match flags agree with the database', async () => {
      const [standing] = await get<StandingRow[]>('/api/standings?leagueId=39&season=2026');
      const squad = await get<SquadPlayer[]>(`/api/players?teamId=${standing!.teamId}&leagueId=39&season=2026`);
      const count = (position: string) => squad.filter((p) => p.position === position).length;
      expect(count('Goalkeeper')).toBeGreaterThanOrEqual(2);
      expect(count('Defender')).toBeGreaterThanOrEqual(7);
      expect(count('Midfielder')).toBeGreaterThanOrEqual(7);
      expect(count('Attacker')).toBeGreaterThanOrEqual(4);
      const positions = squad.map((p) => ['Goalkeeper', 'Defender', 'Midfielder', 'Attacker'].indexOf(p.position));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const last = await service
        .db('fixtures')
        .where({ league_id: 39, season: 2026, status: 'finished' })
        .where((q) => q.where('home_team_id', standing!.teamId).orWhere('away_team_id', standing!.teamId))
        .orderBy('kickoff_at', 'desc')
        .first('id');
      const lineup: Array<{ player_id: number }> = await service
        .db('fixture_player_stats')
        .where({ fixture_id: last.id, team_id: standing!.teamId })
        .where('minutes', '>', 0)
        .select('player_id');
      expect(lineup.length).toBeGreaterThanOrEqual(14);
      expect(
        squad
          .filter((p) => p.is_Played_Last_Match)
          .map((p) => p.playerId)
          .sort((a, b) => a - b),
      ).toEqual(lineup.map((l) => Number(l.player_id)).sort((a, b) => a - b));
      for (const p of squad) expect(p.age).toBeGreaterThanOrEqual(16);
    });

    it('plain list: squads of the clubs of the next fixtures', async () => {
      const players = await get<SquadPlayer[]>('/api/players');
      expect(players.length).toBeGreaterThan(50);
      const fixtures = await get<Array<{ homeTeamId: number; awayTeamId: number }>>('/api/fixtures/filter');
      const teams = new Set(players.map((p) => p.teamId));
      expect(teams.has(fixtures[0]!.homeTeamId)).toBe(true);
      expect(teams.has(fixtures[0]!.awayTeamId)).toBe(true);
    });

    it.each([
      ['teamId=1', 'leagueId'],
      ['teamId=1&leagueId=39', 'season'],
      ['teamId=x&leagueId=39&season=2026', 'teamId'],
      ['homeTeamId=1&leagueId=39&season=2026', 'awayTeamId'],
      ['awayTeamId=1', 'homeTeamId'],
      ['leagueId=39&season=2026', 'teamId'],
      ['teamId=1&homeTeamId=2&awayTeamId=3&leagueId=39&season=2026', 'teamId'],
    ])('?%s -> 400 naming %s', async (query, parameter) => {
      const body = await get<{ message: string }>(`/api/players?${query}`, 400);
      expect(body.message.startsWith(`${parameter}:`)).toBe(true);
    });

    it('unknown team -> empty list', async () => {
      expect(await get('/api/players?teamId=999999&leagueId=39&season=2026')).toEqual([]);
    });
  });

  describe('GET /api/player-stats/league', () => {
    it('sums the season per team, current team first', async () => {
      const stats = await get<PlayerLeagueStats[]>(
        `/api/player-stats/league?playerId=${mini.player.mover}&leagueId=${mini.league}&season=${mini.season}`,
      );
      expect(stats.map((s) => [s.teamName, s.is_Current_Team, s.games_Appearance, s.goals_Total, s.games_Minute_Played])).toEqual([
        ['Test Delta', 1, 1, 1, 30],
        ['Test Bravo', 0, 2, 1, 180],
      ]);
      expect(stats[0]).toMatchObject({
        games_Lineups: 0,
        substitutes_In: 1,
        substitutes_Out: 0,
        games_Rating: 7.2,
        position: 'Midfielder',
      });
      expect(stats[1]).toMatchObject({ games_Lineups: 2, substitutes_In: 0, games_Rating: 6.8, tackles_Total: 4 });
    });

    it('counts every stage, averages ratings to one decimal and pass accuracy over matches with a value', async () => {
      const [striker] = await get<PlayerLeagueStats[]>(
        `/api/player-stats/league?playerId=${mini.player.striker}&leagueId=${mini.league}&season=${mini.season}`,
      );
      expect(striker).toMatchObject({
        is_Current_Team: 1,
        games_Appearance: 4,
        games_Lineups: 4,
        games_Minute_Played: 350,
        goals_Total: 8,
        cards_Yellow: 1,
        substitutes_Out: 1,
        games_Rating: 8.2, // (8.2 + 9.0 + 7.0 + 8.5) / 4 = 8.175
        passes_Total: 50,
        passes_Accuracy: 75,
      });
      for (const key of [
        'games_Rating',
        'games_Appearance',
        'goals_Total',
        'goals_Assists',
        'passes_Accuracy',
        'duels_Won',
        'fouls_Drawn',
        'substitutes_In',
        'is_Current_Team',
      ]) {
        expect(striker).toHaveProperty(key);
      }
    });

    it('demo player: totals equal the sums of his rows', async () => {
      const [top] = await get<TopScorer[]>('/api/top-scorers/39/2026');
      const [stats] = await get<PlayerLeagueStats[]>(`/api/player-stats/league?playerId=${top!.playerId}&leagueId=39&season=2026`);
      const [sums] = await service
        .db('fixture_player_stats as ps')
        .join('fixtures as f', 'f.id', 'ps.fixture_id')
        .where({ 'ps.player_id': top!.playerId, 'f.league_id': 39, 'f.season': 2026 })
        .select(service.db.raw('sum(ps.goals) as goals, sum(ps.minutes) as minutes, sum(ps.passes_total) as passes, count(*) as n'));
      expect(stats).toMatchObject({
        goals_Total: Number(sums.goals),
        games_Minute_Played: Number(sums.minutes),
        passes_Total: Number(sums.passes),
        games_Appearance: Number(sums.n),
      });
      expect(stats!.games_Rating).toBeGreaterThanOrEqual(5.5);
      expect(stats!.games_Rating).toBeLessThanOrEqual(9);
    });

    it('400 for missing or non-numeric parameters; unknown player -> empty list', async () => {
      expect((await get<{ message: string }>('/api/player-stats/league?leagueId=39&season=2026', 400)).message).toMatch(/^playerId:/);
      expect((await get<{ message: string }>('/api/player-stats/league?playerId=1&leagueId=39', 400)).message).toMatch(/^season:/);
      expect((await get<{ message: string }>('/api/player-stats/league?playerId=1.5&leagueId=39&season=2026', 400)).message).toMatch(
        /^playerId:/,
      );
      expect(await get('/api/player-stats/league?playerId=99999999&leagueId=39&season=2026')).toEqual([]);
    });
  });

  describe('GET /api/player-stats/fixtures', () => {
    it('most recent first, against the other team, result with home goals first', async () => {
      const recent = await get<PlayerRecentFixture[]>(`/api/player-stats/fixtures?playerId=${mini.player.mover}`);
      expect(recent.map((r) => [r.fixtureId, r.againstTeamName, r.result, r.goals_Total, r.minutesPlayed])).toEqual([
        [mini.fixture.r3bd, 'Test Bravo', '0-2', 1, 30],
        [mini.fixture.r2bc, 'Test Charlie', '1-0', 1, 90],
        [mini.fixture.r1ab, 'Test Alpha', '2-0', 0, 90],
      ]);
      // from the player's side: mover played for Delta away at Bravo (0-2)
      expect(recent[0]!.isHome).toBe(false);
      expect(recent[0]!.eventDate).toBe('2019-08-24T16:00:00.000Z');
      expect(recent[0]!.againstTeamId).toBe(mini.team.bravo);
      const limited = await get<PlayerRecentFixture[]>(
        `/api/player-stats/fixtures?playerId=${mini.player.mover}&leagueId=${mini.league}&season=${mini.season}&limit=2`,
      );
      expect(limited.map((r) => r.fixtureId)).toEqual([mini.fixture.r3bd, mini.fixture.r2bc]);
      // An unused substitute's row is not an appearance
      expect(await get(`/api/player-stats/fixtures?playerId=${mini.player.bench}`)).toEqual([]);
    });

    it('demo: ordered by kick-off, descending, finished only', async () => {
      const [top] = await get<TopScorer[]>('/api/top-scorers/39/2026');
      const recent = await get<PlayerRecentFixture[]>(`/api/player-stats/fixtures?playerId=${top!.playerId}`);
      expect(recent).toHaveLength(10);
      const times = recent.map((r) => Date.parse(r.eventDate));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const r of recent) expect(r.result).toMatch(/^\d+-\d+$/);
    });

    it.each([
      ['', 'playerId'],
      ['playerId=abc', 'playerId'],
      ['playerId=1&limit=0', 'limit'],
      ['playerId=1&limit=500', 'limit'],
      ['playerId=1&season=x', 'season'],
    ])('?%s -> 400 naming %s', async (query, parameter) => {
      expect((await get<{ message: string }>(`/api/player-stats/fixtures?${query}`, 400)).message.startsWith(`${parameter}:`)).toBe(true);
    });
  });

  describe('GET /api/fixture-stats/{id}', () => {
    it('header and both sides, percentages as strings, null when unknown', async () => {
      const stats = await get<FixtureStats>(`/api/fixture-stats/${mini.fixture.r1ab}`);
      expect(stats).toMatchObject({
        fixtureId: mini.fixture.r1ab,
        leagueName: 'Test League',
        leagueType: 'league',
        eventDate: '2019-08-10T14:00:00.000Z',
        status: 'finished',
        homeTeamName: 'Test Alpha',
        awayTeamName: 'Test Bravo',
        homeTeamGoalScored: 2,
        awayTeamGoalScored: 0,
        homeTeamTotalShots: 14,
        homeTeamShotsOnGoal: 6,
        homeTeamBallPossession: '58%',
        awayTeamBallPossession: '42%',
        homeTeamPassesPercent: '86%',
        homeTeamPassesAccurate: 447,
        awayTeamYelloCards: 3,
        awayTeamRedCards: 1,
        awayTeamOffSides: null,
        homeTeamCornerKicks: 7,
        awayTeamGoalKeeperSaves: 4,
      });
      for (const name of SIDE_STAT_NAMES) {
        expect(stats).toHaveProperty(`homeTeam${name}`);
        expect(stats).toHaveProperty(`awayTeam${name}`);
      }
      for (const key of [
        'logo',
        'leagueName',
        'leagueType',
        'eventDate',
        'venue',
        'venueCity',
        'homeTeamName',
        'awayTeamName',
        'homeTeamLogo',
        'awayTeamLogo',
      ]) {
        expect(stats).toHaveProperty(key);
      }
    });

    it('a match without statistics or not played: nulls', async () => {
      const stats = await get<FixtureStats>(`/api/fixture-stats/${mini.fixture.r4}`);
      expect(stats).toMatchObject({
        status: 'scheduled',
        homeTeamGoalScored: null,
        awayTeamGoalScored: null,
        homeTeamTotalShots: null,
        awayTeamBallPossession: null,
      });
    });

    it('demo: statistics consistent with the score', async () => {
      const [recent] = await get<PlayerRecentFixture[]>(
        `/api/player-stats/fixtures?playerId=${(await get<TopScorer[]>('/api/top-scorers/39/2026'))[0]!.playerId}`,
      );
      const stats = await get<FixtureStats>(`/api/fixture-stats/${recent!.fixtureId}`);
      expect(`${stats.homeTeamGoalScored}-${stats.awayTeamGoalScored}`).toBe(recent!.result);
      expect(parseInt(String(stats.homeTeamBallPossession), 10) + parseInt(String(stats.awayTeamBallPossession), 10)).toBe(100);
      expect(Number(stats.homeTeamTotalShots)).toBeGreaterThanOrEqual(Number(stats.homeTeamShotsOnGoal));
      expect(Number(stats.homeTeamShotsOnGoal)).toBeGreaterThanOrEqual(Number(stats.homeTeamGoalScored));
      expect(stats.venue).toEqual(expect.any(String));
      expect(stats.eventDate).toMatch(ISO);
    });

    it('400 for a non-numeric id, 404 for an unknown one', async () => {
      expect((await get<{ message: string }>('/api/fixture-stats/abc', 400)).message).toMatch(/^fixtureId:/);
      expect((await get<{ message: string }>('/api/fixture-stats/99999999', 404)).message).toMatch(/not found/i);
    });
  });

  describe('GET /api/fixture/{id}/players', () => {
    it('every player who appeared, home team first', async () => {
      const players = await get<FixturePlayer[]>(`/api/fixture/${mini.fixture.playoff}/players`);
      expect(players.map((p) => [p.teamName, p.playerName, p.goals_Total, p.minutesPlayed])).toEqual([
        ['Test Alpha', 'Alpha Striker', 2, 90],
        ['Test Delta', 'Delta Nine', 0, 90],
      ]);
      expect(players[0]).toMatchObject({ id: mini.player.striker, rating: 8.5, nationality: 'Testland', cards_Yellow: 0, cards_Red: 0 });
      for (const key of [
        'id',
        'teamName',
        'teamLogo',
        'playerName',
        'playerPhoto',
        'position',
        'nationality',
        'nationalityFlag',
        'goals_Total',
        'goals_Assist',
        'passes_Total',
        'tackles_Total',
        'cards_Yellow',
        'cards_Red',
        'minutesPlayed',
      ]) {
        expect(players[0]).toHaveProperty(key);
      }
    });

    it('demo: goals of each side add up to the score; lineups of eleven', async () => {
      const fixture = await service.db('fixtures').where({ league_id: 39, status: 'finished' }).orderBy('id').first();
      const players = await get<FixturePlayer[]>(`/api/fixture/${fixture.id}/players`);
      const byTeam = (teamId: number) => players.filter((p) => p.teamId === teamId);
      expect(byTeam(fixture.home_team_id).reduce((s, p) => s + p.goals_Total, 0)).toBe(fixture.home_goals);
      expect(byTeam(fixture.away_team_id).reduce((s, p) => s + p.goals_Total, 0)).toBe(fixture.away_goals);
      expect(players.findIndex((p) => p.teamId === fixture.away_team_id)).toBe(byTeam(fixture.home_team_id).length);
      const [started] = await service
        .db('fixture_player_stats')
        .where({ fixture_id: fixture.id, team_id: fixture.home_team_id, started: 1 })
        .count({ n: '*' });
      expect(Number(started?.n)).toBe(11);
    });

    it('400 for a non-numeric id, empty list for an unknown one', async () => {
      expect((await get<{ message: string }>('/api/fixture/x1/players', 400)).message).toMatch(/^fixtureId:/);
      expect(await get('/api/fixture/99999999/players')).toEqual([]);
    });
  });

  describe('GET /api/top-scorers/{leagueId}/{season}', () => {
    it('goals, then assists, then fewer minutes; team of the latest appearance', async () => {
      const scorers = await get<TopScorer[]>(`/api/top-scorers/${mini.league}/${mini.season}`);
      expect(scorers.map((s) => [s.playerName, s.teamName, s.goals_Total, s.goals_Assists, s.games_MinutesPlayed])).toEqual([
        ['Alpha Striker', 'Test Alpha', 8, 0, 350],
        ['Charlie Ten', 'Test Charlie', 2, 1, 180],
        ['Bravo Mover', 'Test Delta', 2, 0, 210],
        ['Delta Nine', 'Test Delta', 2, 0, 360],
      ]);
      expect(scorers[0]).toMatchObject({
        games_Appearences: 4,
        games_Position: 'Attacker',
        cards_Yellow: 1,
        cards_Red: 0,
        playerPhoto: null,
      });
      expect(scorers[3]).toMatchObject({ cards_Red: 1, games_Appearences: 4 });
    });

    it('demo: sorted by goals, at most 20, goals equal to the sum of rows', async () => {
      const scorers = await get<TopScorer[]>('/api/top-scorers/39/2026');
      expect(scorers.length).toBeGreaterThan(0);
      expect(scorers.length).toBeLessThanOrEqual(20);
      const goals = scorers.map((s) => s.goals_Total);
      expect(goals).toEqual([...goals].sort((a, b) => b - a));
      const [best] = await service
        .db('fixture_player_stats as ps')
        .join('fixtures as f', 'f.id', 'ps.fixture_id')
        .where({ 'f.league_id': 39, 'f.season': 2026 })
        .groupBy('ps.player_id')
        .orderByRaw('sum(ps.goals) desc')
        .limit(1)
        .select(service.db.raw('sum(ps.goals) as goals'));
      expect(goals[0]).toBe(Number(best.goals));
    });

    it('400 for non-numeric parts, empty list for an unknown league', async () => {
      expect((await get<{ message: string }>('/api/top-scorers/abc/2026', 400)).message).toMatch(/^leagueId:/);
      expect((await get<{ message: string }>('/api/top-scorers/39/next', 400)).message).toMatch(/^season:/);
      expect(await get('/api/top-scorers/4242/2026')).toEqual([]);
    });
  });

  describe('a knockout decided in extra time', () => {
    it('fixtures, fixture stats, head-to-head and team stats show the score after extra time', async () => {
      const [id] = await service.db('fixtures').insert({
        league_id: mini.league,
        season: mini.season,
        round: 'Cup final',
        stage: 'knockout',
        kickoff_at: '2019-09-20 14:00:00',
        status: 'finished',
        home_team_id: mini.team.charlie,
        away_team_id: mini.team.bravo,
        home_goals: 1,
        away_goals: 1,
        home_goals_et: 3,
        away_goals_et: 1,
      });
      try {
        const stats = await get<FixtureStats>(`/api/fixture-stats/${Number(id)}`);
        expect([stats.homeTeamGoalScored, stats.awayTeamGoalScored]).toEqual([3, 1]);
        const meetings = await get<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${mini.team.charlie}&awayTeamId=${mini.team.bravo}`);
        expect(meetings.find((m) => m.fixtureId === Number(id))).toMatchObject({ goalsHome: 3, goalsAway: 1 });
        const records = await get<TeamStatsRecord[]>(
          `/api/team-stats?teamId=${mini.team.charlie}&leagueId=${mini.league}&season=${mini.season}`,
        );
        expect(records.find((r) => r.is_Home_Stats === 1)!.biggestWin).toBe('3-1');
      } finally {
        await service
          .db('fixtures')
          .where({ id: Number(id) })
          .delete();
      }
    });
  });

  describe('GET /api/h2h', () => {
    it('every meeting in any stage, most recent first, goals null until played', async () => {
      const meetings = await get<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${mini.team.delta}&awayTeamId=${mini.team.alpha}`);
      expect(meetings.map((m) => [m.fixtureId, m.homeTeam, m.goalsHome, m.goalsAway])).toEqual([
        [mini.fixture.r4, 'Test Alpha', null, null],
        [mini.fixture.playoff, 'Test Alpha', 5, 0],
        [mini.fixture.r2da, 'Test Delta', 0, 3],
      ]);
      expect(meetings[2]).toMatchObject({
        id: mini.fixture.r2da,
        season: 2019,
        leagueId: 900,
        homeTeamId: mini.team.delta,
        awayTeamId: mini.team.alpha,
        eventDate: '2019-08-17T16:00:00.000Z',
      });
    });

    it('demo: meetings across seasons', async () => {
      const [first] = await get<StandingRow[]>('/api/standings?leagueId=323&season=2026');
      const [, second] = await get<StandingRow[]>('/api/standings?leagueId=323&season=2026');
      const meetings = await get<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${first!.teamId}&awayTeamId=${second!.teamId}`);
      expect(new Set(meetings.map((m) => m.season))).toEqual(new Set([2025, 2026]));
      for (const m of meetings) expect([m.homeTeamId, m.awayTeamId].sort()).toEqual([first!.teamId, second!.teamId].sort());
    });

    it('400 naming the missing parameter; unknown teams -> empty list', async () => {
      expect((await get<{ message: string }>('/api/h2h?homeTeamId=1', 400)).message).toMatch(/^awayTeamId:/);
      expect((await get<{ message: string }>('/api/h2h?homeTeamId=a&awayTeamId=2', 400)).message).toMatch(/^homeTeamId:/);
      expect(await get('/api/h2h?homeTeamId=999998&awayTeamId=999999')).toEqual([]);
    });
  });

  describe('GET /api/team-stats', () => {
    it('a home record and an away record', async () => {
      const records = await get<TeamStatsRecord[]>(
        `/api/team-stats?teamId=${mini.team.alpha}&leagueId=${mini.league}&season=${mini.season}`,
      );
      expect(records).toHaveLength(2);
      const [home, away] = records;
      expect(home).toMatchObject({
        teamName: 'Test Alpha',
        country: 'Testland',
        is_Home_Stats: 1,
        recentForm: 'WDW',
        matchPlayed: 3,
        wins: 2,
        draws: 1,
        loses: 0,
        goalsFor: 8,
        goalsAgainst: 1,
        goalsAvgFor: 2.67,
        goalsAvgAgainst: 0.33,
        biggestWin: '5-0',
        biggestLose: null,
        cleanSheet: 2,
        failedToScore: 0,
      });
      expect(away).toMatchObject({
        is_Home_Stats: 0,
        recentForm: 'W',
        matchPlayed: 1,
        wins: 1,
        goalsFor: 3,
        goalsAgainst: 0,
        biggestWin: '3-0',
        cleanSheet: 1,
      });
      const bravo = await get<TeamStatsRecord[]>(`/api/team-stats?teamId=${mini.team.bravo}&leagueId=${mini.league}&season=${mini.season}`);
      expect(bravo[0]).toMatchObject({ recentForm: 'WL', biggestLose: '0-2', failedToScore: 1, goalsAvgFor: 0.5 });
      expect(bravo[1]).toMatchObject({ recentForm: 'L', biggestLose: '0-2', loses: 1 });
    });

    it('demo: records agree with the standings row', async () => {
      const rows = await get<StandingRow[]>('/api/standings?leagueId=39&season=2026');
      for (const row of rows.slice(0, 3)) {
        const [home, away] = await get<TeamStatsRecord[]>(`/api/team-stats?teamId=${row.teamId}&leagueId=39&season=2026`);
        expect(home!.wins + away!.wins).toBe(row.wins);
        expect(home!.goalsFor + away!.goalsFor).toBe(row.goalsFor);
        expect(home!.matchPlayed + away!.matchPlayed).toBe(row.played);
        expect(Math.abs(home!.matchPlayed - away!.matchPlayed)).toBeLessThanOrEqual(1);
      }
    });

    it('400 naming the parameter; unknown team -> empty list', async () => {
      expect((await get<{ message: string }>('/api/team-stats?teamId=1&leagueId=39', 400)).message).toMatch(/^season:/);
      expect((await get<{ message: string }>('/api/team-stats?leagueId=39&season=2026', 400)).message).toMatch(/^teamId:/);
      expect(await get('/api/team-stats?teamId=999999&leagueId=39&season=2026')).toEqual([]);
      expect(await get(`/api/team-stats?teamId=${mini.team.alpha}&leagueId=39&season=2026`)).toEqual([]);
    });
  });
});
