import type {
  FixturePlayer,
  FixtureStats,
  HeadToHeadMatch,
  PlayerLeagueStats,
  PlayerRecentFixture,
  SquadPlayer,
  StandingRow,
  TeamStatsRecord,
  TopScorer,
} from '@matchday/contracts';
import { readApi, testDatabases } from './support/read-api';

describe.each(testDatabases())('player, squad and top-scorer endpoints on %s', (_label, makeTarget) => {
  const api = readApi(makeTarget);

  describe('GET /api/players', () => {
    it('team squad: by position, those who played in this league first, then by name; ages from birth dates', async () => {
      const players = await api.get<SquadPlayer[]>(
        `/api/players?teamId=${api.mini.team.alpha}&leagueId=${api.mini.league}&season=${api.mini.season}`,
      );
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
        playerId: api.mini.player.striker,
        firstName: 'Alpha',
        lastName: 'Striker',
        teamId: api.mini.team.alpha,
        teamName: 'Test Alpha',
        leagueId: api.mini.league,
        season: api.mini.season,
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
      const players = await api.get<SquadPlayer[]>(
        `/api/players?homeTeamId=${api.mini.team.bravo}&awayTeamId=${api.mini.team.delta}&leagueId=${api.mini.league}&season=${api.mini.season}`,
      );
      expect(players.map((p) => [p.teamName, p.playerName, p.is_Played_Last_Match])).toEqual([
        ['Test Bravo', 'Bravo Mover', 0],
        ['Test Delta', 'Bravo Mover', 0],
        ['Test Delta', 'Delta Nine', 1],
      ]);
    });

    it('demo squad sizes by position and the last match flags agree with the database', async () => {
      const [standing] = await api.get<StandingRow[]>('/api/standings?leagueId=39&season=2026');
      const squad = await api.get<SquadPlayer[]>(`/api/players?teamId=${standing!.teamId}&leagueId=39&season=2026`);
      const count = (position: string) => squad.filter((p) => p.position === position).length;
      expect(count('Goalkeeper')).toBeGreaterThanOrEqual(2);
      expect(count('Defender')).toBeGreaterThanOrEqual(7);
      expect(count('Midfielder')).toBeGreaterThanOrEqual(7);
      expect(count('Attacker')).toBeGreaterThanOrEqual(4);
      const positions = squad.map((p) => ['Goalkeeper', 'Defender', 'Midfielder', 'Attacker'].indexOf(p.position));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const last = await api.service
        .db('fixtures')
        .where({ league_id: 39, season: 2026, status: 'finished' })
        .where((q) => q.where('home_team_id', standing!.teamId).orWhere('away_team_id', standing!.teamId))
        .orderBy('kickoff_at', 'desc')
        .first('id');
      const lineup: Array<{ player_id: number }> = await api.service
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
      const players = await api.get<SquadPlayer[]>('/api/players');
      expect(players.length).toBeGreaterThan(50);
      const fixtures = await api.get<Array<{ homeTeamId: number; awayTeamId: number }>>('/api/fixtures/filter');
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
      const body = await api.get<{ message: string }>(`/api/players?${query}`, 400);
      expect(body.message.startsWith(`${parameter}:`)).toBe(true);
    });

    it('unknown team -> empty list', async () => {
      expect(await api.get('/api/players?teamId=999999&leagueId=39&season=2026')).toEqual([]);
    });
  });

  describe('GET /api/player-stats/league', () => {
    it('sums the season per team, current team first', async () => {
      const stats = await api.get<PlayerLeagueStats[]>(
        `/api/player-stats/league?playerId=${api.mini.player.mover}&leagueId=${api.mini.league}&season=${api.mini.season}`,
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
      const [striker] = await api.get<PlayerLeagueStats[]>(
        `/api/player-stats/league?playerId=${api.mini.player.striker}&leagueId=${api.mini.league}&season=${api.mini.season}`,
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
      const [top] = await api.get<TopScorer[]>('/api/top-scorers/39/2026');
      const [stats] = await api.get<PlayerLeagueStats[]>(`/api/player-stats/league?playerId=${top!.playerId}&leagueId=39&season=2026`);
      const [sums] = await api.service
        .db('fixture_player_stats as ps')
        .join('fixtures as f', 'f.id', 'ps.fixture_id')
        .where({ 'ps.player_id': top!.playerId, 'f.league_id': 39, 'f.season': 2026 })
        .select(api.service.db.raw('sum(ps.goals) as goals, sum(ps.minutes) as minutes, sum(ps.passes_total) as passes, count(*) as n'));
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
      expect((await api.get<{ message: string }>('/api/player-stats/league?leagueId=39&season=2026', 400)).message).toMatch(/^playerId:/);
      expect((await api.get<{ message: string }>('/api/player-stats/league?playerId=1&leagueId=39', 400)).message).toMatch(/^season:/);
      expect((await api.get<{ message: string }>('/api/player-stats/league?playerId=1.5&leagueId=39&season=2026', 400)).message).toMatch(
        /^playerId:/,
      );
      expect(await api.get('/api/player-stats/league?playerId=99999999&leagueId=39&season=2026')).toEqual([]);
    });
  });

  describe('GET /api/player-stats/fixtures', () => {
    it('most recent first, against the other team, result with home goals first', async () => {
      const recent = await api.get<PlayerRecentFixture[]>(`/api/player-stats/fixtures?playerId=${api.mini.player.mover}`);
      expect(recent.map((r) => [r.fixtureId, r.againstTeamName, r.result, r.goals_Total, r.minutesPlayed])).toEqual([
        [api.mini.fixture.r3bd, 'Test Bravo', '0-2', 1, 30],
        [api.mini.fixture.r2bc, 'Test Charlie', '1-0', 1, 90],
        [api.mini.fixture.r1ab, 'Test Alpha', '2-0', 0, 90],
      ]);
      // from the player's side: mover played for Delta away at Bravo (0-2)
      expect(recent[0]!.isHome).toBe(false);
      expect(recent[0]!.eventDate).toBe('2019-08-24T16:00:00.000Z');
      expect(recent[0]!.againstTeamId).toBe(api.mini.team.bravo);
      const limited = await api.get<PlayerRecentFixture[]>(
        `/api/player-stats/fixtures?playerId=${api.mini.player.mover}&leagueId=${api.mini.league}&season=${api.mini.season}&limit=2`,
      );
      expect(limited.map((r) => r.fixtureId)).toEqual([api.mini.fixture.r3bd, api.mini.fixture.r2bc]);
      // An unused substitute's row is not an appearance
      expect(await api.get(`/api/player-stats/fixtures?playerId=${api.mini.player.bench}`)).toEqual([]);
    });

    it('demo: ordered by kick-off, descending, finished only', async () => {
      const [top] = await api.get<TopScorer[]>('/api/top-scorers/39/2026');
      const recent = await api.get<PlayerRecentFixture[]>(`/api/player-stats/fixtures?playerId=${top!.playerId}`);
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
      expect((await api.get<{ message: string }>(`/api/player-stats/fixtures?${query}`, 400)).message.startsWith(`${parameter}:`)).toBe(
        true,
      );
    });
  });

  describe('GET /api/fixture/{id}/players', () => {
    it('every player who appeared, home team first', async () => {
      const players = await api.get<FixturePlayer[]>(`/api/fixture/${api.mini.fixture.playoff}/players`);
      expect(players.map((p) => [p.teamName, p.playerName, p.goals_Total, p.minutesPlayed])).toEqual([
        ['Test Alpha', 'Alpha Striker', 2, 90],
        ['Test Delta', 'Delta Nine', 0, 90],
      ]);
      expect(players[0]).toMatchObject({
        id: api.mini.player.striker,
        rating: 8.5,
        nationality: 'Testland',
        cards_Yellow: 0,
        cards_Red: 0,
      });
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
      const fixture = await api.service.db('fixtures').where({ league_id: 39, status: 'finished' }).orderBy('id').first();
      const players = await api.get<FixturePlayer[]>(`/api/fixture/${fixture.id}/players`);
      const byTeam = (teamId: number) => players.filter((p) => p.teamId === teamId);
      expect(byTeam(fixture.home_team_id).reduce((s, p) => s + p.goals_Total, 0)).toBe(fixture.home_goals);
      expect(byTeam(fixture.away_team_id).reduce((s, p) => s + p.goals_Total, 0)).toBe(fixture.away_goals);
      expect(players.findIndex((p) => p.teamId === fixture.away_team_id)).toBe(byTeam(fixture.home_team_id).length);
      const [started] = await api.service
        .db('fixture_player_stats')
        .where({ fixture_id: fixture.id, team_id: fixture.home_team_id, started: 1 })
        .count({ n: '*' });
      expect(Number(started?.n)).toBe(11);
    });

    it('400 for a non-numeric id, empty list for an unknown one', async () => {
      expect((await api.get<{ message: string }>('/api/fixture/x1/players', 400)).message).toMatch(/^fixtureId:/);
      expect(await api.get('/api/fixture/99999999/players')).toEqual([]);
    });
  });

  describe('GET /api/top-scorers/{leagueId}/{season}', () => {
    it('goals, then assists, then fewer minutes; team of the latest appearance', async () => {
      const scorers = await api.get<TopScorer[]>(`/api/top-scorers/${api.mini.league}/${api.mini.season}`);
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
      const scorers = await api.get<TopScorer[]>('/api/top-scorers/39/2026');
      expect(scorers.length).toBeGreaterThan(0);
      expect(scorers.length).toBeLessThanOrEqual(20);
      const goals = scorers.map((s) => s.goals_Total);
      expect(goals).toEqual([...goals].sort((a, b) => b - a));
      const [best] = await api.service
        .db('fixture_player_stats as ps')
        .join('fixtures as f', 'f.id', 'ps.fixture_id')
        .where({ 'f.league_id': 39, 'f.season': 2026 })
        .groupBy('ps.player_id')
        .orderByRaw('sum(ps.goals) desc')
        .limit(1)
        .select(api.service.db.raw('sum(ps.goals) as goals'));
      expect(goals[0]).toBe(Number(best.goals));
    });

    it('400 for non-numeric parts, empty list for an unknown league', async () => {
      expect((await api.get<{ message: string }>('/api/top-scorers/abc/2026', 400)).message).toMatch(/^leagueId:/);
      expect((await api.get<{ message: string }>('/api/top-scorers/39/next', 400)).message).toMatch(/^season:/);
      expect(await api.get('/api/top-scorers/4242/2026')).toEqual([]);
    });
  });

  describe('a knockout decided in extra time', () => {
    it('fixtures, fixture stats, head-to-head and team stats show the score after extra time', async () => {
      const [id] = await api.service.db('fixtures').insert({
        league_id: api.mini.league,
        season: api.mini.season,
        round: 'Cup final',
        stage: 'knockout',
        kickoff_at: '2019-09-20 14:00:00',
        status: 'finished',
        home_team_id: api.mini.team.charlie,
        away_team_id: api.mini.team.bravo,
        home_goals: 1,
        away_goals: 1,
        home_goals_et: 3,
        away_goals_et: 1,
      });
      try {
        const stats = await api.get<FixtureStats>(`/api/fixture-stats/${Number(id)}`);
        expect([stats.homeTeamGoalScored, stats.awayTeamGoalScored]).toEqual([3, 1]);
        const meetings = await api.get<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${api.mini.team.charlie}&awayTeamId=${api.mini.team.bravo}`);
        expect(meetings.find((m) => m.fixtureId === Number(id))).toMatchObject({ goalsHome: 3, goalsAway: 1 });
        const records = await api.get<TeamStatsRecord[]>(
          `/api/team-stats?teamId=${api.mini.team.charlie}&leagueId=${api.mini.league}&season=${api.mini.season}`,
        );
        expect(records.find((r) => r.is_Home_Stats === 1)!.biggestWin).toBe('3-1');
      } finally {
        await api.service
          .db('fixtures')
          .where({ id: Number(id) })
          .delete();
      }
    });
  });
});
