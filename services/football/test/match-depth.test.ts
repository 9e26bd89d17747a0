import {
  leagueIdBySource,
  type FixturePlayer,
  type FixtureStats,
  type MatchEvent,
  type PlayerLeagueStats,
  type PlayerRecentFixture,
} from '@matchday/contracts';
import { testDatabases, type RunningService } from '@matchday/testing';
import { fixtureIdByTeams, getJson, premierLeague2024, serviceWithImports, sharedData } from './import-helpers';

/**
 * A match page with depth from the shipped data, through the service: the real 2024-25 Premier League
 * (football-data.co.uk + FPL) and the 2022 World Cup (openfootball, goals with minutes).
 */
describe.each(testDatabases())('match depth from the real data on %s', (_label, makeTarget) => {
  let service: RunningService;
  const get = <T>(path: string): Promise<T> => getJson<T>(service, path);
  const fixtureId = (leagueId: number, season: number, home: string, away: string) =>
    fixtureIdByTeams(service.db, leagueId, season, home, away);

  beforeAll(async () => {
    service = await serviceWithImports(makeTarget('football'), [
      ...premierLeague2024(),
      ['openfootball', sharedData('openfootball', 'worldcup-2022')],
    ]);
  }, 600_000);

  afterAll(async () => {
    await service?.close();
  });

  describe('Newcastle 3-3 Liverpool, 4 December 2024', () => {
    let id: number;
    beforeAll(async () => {
      id = await fixtureId(39, 2024, 'Newcastle United', 'Liverpool');
    });

    it('names its six scorers from FPL, without minutes, and Liverpool’s five bookings', async () => {
      const events = await get<MatchEvent[]>(`/api/fixture-events/${id}`);
      const stats = await get<FixtureStats>(`/api/fixture-stats/${id}`);
      const goals = (teamId: number) => events.filter((e) => e.kind === 'goal' && e.teamId === teamId).map((e) => e.scorer);
      expect(goals(stats.homeTeamId)).toEqual(expect.arrayContaining(['Isak', 'Schär', 'Gordon']));
      expect(goals(stats.homeTeamId)).toHaveLength(3);
      expect(goals(stats.awayTeamId).sort()).toEqual(['Jones', 'Salah', 'Salah']);
      expect(events.every((e) => e.minute === null && e.homeScore === null)).toBe(true);
      expect(events.filter((e) => e.kind === 'yellow-card' && e.teamId === stats.awayTeamId)).toHaveLength(5);
      expect(events.filter((e) => e.kind === 'red-card')).toEqual([]);
    });

    it('shows what its sources carry: saves and xG from FPL, the referee, no possession, passes or offsides', async () => {
      const stats = await get<FixtureStats>(`/api/fixture-stats/${id}`);
      expect(stats.available).toEqual([
        'TotalShots',
        'GoalKeeperSaves',
        'Fouls',
        'YelloCards',
        'RedCards',
        'CornerKicks',
        'ShotsOnGoal',
        'ExpectedGoals',
      ]);
      expect(stats.sources).toEqual({ results: ['football-data.co.uk', 'FPL'], statistics: ['football-data.co.uk'], players: ['FPL'] });
      expect([stats.homeTeamGoalKeeperSaves, stats.awayTeamGoalKeeperSaves]).toEqual([2, 3]);
      expect([stats.homeTeamExpectedGoals, stats.awayTeamExpectedGoals]).toEqual([2.1, 1.99]);
      expect(stats.awayTeamYelloCards).toBe(5);
      expect(stats.referee).toBe('A Madley');
      expect(stats.homeTeamBallPossession).toBeNull();
    });

    it('rates its players from FPL bonus points, and the player of the match is the highest rated', async () => {
      const players = await get<FixturePlayer[]>(`/api/fixture/${id}/players`);
      const stats = await get<FixtureStats>(`/api/fixture-stats/${id}`);
      expect(players.length).toBeGreaterThanOrEqual(22);
      expect(players.every((p) => typeof p.rating === 'number' && p.rating >= 3 && p.rating <= 10)).toBe(true);
      const best = Math.max(...players.map((p) => p.rating!));
      expect(stats.playerOfTheMatch).toMatchObject({ rating: best });
      expect(players.find((p) => p.playerId === stats.playerOfTheMatch!.playerId)?.rating).toBe(best);
    });
  });

  it('FPL goals make the stored score in every 2024-25 match where they add up, and nothing is said where they do not', async () => {
    const ids = (await service
      .db('fixtures')
      .where({ league_id: 39, season: 2024, status: 'finished' })
      .select('id', 'home_goals', 'away_goals')) as Array<{
      id: number;
      home_goals: number;
      away_goals: number;
    }>;
    expect(ids).toHaveLength(380);
    let whole = 0;
    for (const f of ids) {
      const events = await get<MatchEvent[]>(`/api/fixture-events/${f.id}`);
      const stats = await get<FixtureStats>(`/api/fixture-stats/${f.id}`);
      const home = events.filter((e) => e.kind === 'goal' && e.teamId === stats.homeTeamId).length;
      const away = events.filter((e) => e.kind === 'goal' && e.teamId === stats.awayTeamId).length;
      // a side gets all its goals or none
      expect([0, Number(f.home_goals)]).toContain(home);
      expect([0, Number(f.away_goals)]).toContain(away);
      if (home === Number(f.home_goals) && away === Number(f.away_goals)) whole += 1;
    }
    expect(whole).toBe(380);
  }, 300_000);

  it("a player's season and recent fixtures read the same ratings", async () => {
    const id = await fixtureId(39, 2024, 'Newcastle United', 'Liverpool');
    const salah = (await get<FixturePlayer[]>(`/api/fixture/${id}/players`)).find((p) => p.playerName === 'Mohamed Salah')!;
    const season = await get<PlayerLeagueStats | PlayerLeagueStats[]>(
      `/api/player-stats/league?playerId=${salah.playerId}&leagueId=39&season=2024`,
    );
    const line = Array.isArray(season) ? season[0]! : season;
    const rated = (await service
      .db('fixture_player_stats')
      .where({ player_id: salah.playerId })
      .whereNotNull('rating')
      .select('rating')) as Array<{
      rating: number;
    }>;
    const mean = rated.reduce((a, r) => a + Number(r.rating), 0) / rated.length;
    expect(line.games_Rating).toBeCloseTo(mean, 1);
    expect(line.games_Rating).toBeGreaterThan(7);
    const recent = await get<PlayerRecentFixture[]>(
      `/api/player-stats/fixtures?playerId=${salah.playerId}&leagueId=39&season=2024&limit=50`,
    );
    expect(recent.find((f) => f.fixtureId === id)?.rating).toBe(salah.rating);
  });

  it('season ratings: 60+ minute appearances average between 6.4 and 7.0; a player who did not play has none', async () => {
    const [full] = (await service
      .db('fixture_player_stats')
      .where('minutes', '>=', 60)
      .avg({ mean: 'rating' })
      .count({ n: '*' })) as Array<{
      mean: number | string;
      n: number | string;
    }>;
    expect(Number(full!.n)).toBe(7820);
    expect(Number(full!.mean)).toBeGreaterThanOrEqual(6.4);
    expect(Number(full!.mean)).toBeLessThanOrEqual(7.0);
    const [unplayed] = (await service.db('fixture_player_stats').where('minutes', 0).whereNotNull('rating').count({ n: '*' })) as Array<{
      n: number | string;
    }>;
    expect(Number(unplayed!.n)).toBe(0);
  });

  it('a World Cup match: goals with minutes and penalties from openfootball, no statistics and no rating', async () => {
    const id = await fixtureId(leagueIdBySource('openfootball', 'cup')!, 2022, 'Argentina', 'France');
    const events = await get<MatchEvent[]>(`/api/fixture-events/${id}`);
    const goals = events.filter((e) => e.kind === 'goal');
    expect(goals.length).toBe(6);
    expect(goals.every((e) => e.minute !== null)).toBe(true);
    expect(goals.filter((e) => e.goalKind === 'penalty').length).toBeGreaterThanOrEqual(2);
    const stats = await get<FixtureStats>(`/api/fixture-stats/${id}`);
    expect(stats.available).toEqual([]);
    expect(stats.sources).toEqual({ results: ['openfootball'], statistics: [], players: [] });
    expect(stats.playerOfTheMatch).toBeNull();
    expect(stats.referee).toBeNull();
  });
});
