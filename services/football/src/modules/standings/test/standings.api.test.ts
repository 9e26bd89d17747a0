import type { StandingRow } from '@matchday/contracts';
import { readApi, testDatabases } from '../../../../test/support/read-api';

describe.each(testDatabases())('standings endpoint on %s', (_label, makeTarget) => {
  const api = readApi(makeTarget);

  describe('GET /api/standings', () => {
    it('derives the table of the mini league: tie-break by head-to-head, deduction, movement, zones, last five', async () => {
      const rows = await api.get<StandingRow[]>(`/api/standings?leagueId=${api.mini.league}&season=${api.mini.season}`);
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
      const [id] = await api.service
        .db('standings_adjustments')
        .insert({ league_id: api.mini.league, season: api.mini.season, team_id: api.mini.team.alpha, points: -6, reason: 'Temporary' });
      try {
        const rows = await api.get<StandingRow[]>(`/api/standings?leagueId=${api.mini.league}&season=${api.mini.season}`);
        expect(rows.map((r) => r.teamName)).toEqual(['Test Delta', 'Test Bravo', 'Test Charlie', 'Test Alpha']);
        expect(rows[3]).toMatchObject({ points: 1, pointsAdjustment: -6 });
      } finally {
        await api.service.db('standings_adjustments').where({ id }).delete();
      }
    });

    it('demo Premier League: 20 clubs, consistent records, zones, ordered by points then goal difference', async () => {
      const rows = await api.get<StandingRow[]>('/api/standings?leagueId=39&season=2026');
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
      // every demo club carries its 3-letter code as its short name, no two alike
      expect(rows.every((r) => /^[A-Z]{3}$/.test(r.teamShortName ?? ''))).toBe(true);
      expect(new Set(rows.map((r) => r.teamShortName)).size).toBe(20);
      expect(rows.find((r) => r.teamName === 'Fenwick County')?.teamShortName).toBe('FEN');
      // Played counts equal the finished fixtures in the database
      const [finished] = await api.service.db('fixtures').where({ league_id: 39, season: 2026, status: 'finished' }).count({ n: '*' });
      expect(rows.reduce((s, r) => s + r.played, 0)).toBe(2 * Number(finished?.n));
    });

    it('demo Champions League 2025-26: the league phase only (knockouts left out), 36 clubs with 8 matches', async () => {
      const rows = await api.get<StandingRow[]>('/api/standings?leagueId=2&season=2025');
      expect(rows).toHaveLength(36);
      for (const row of rows) expect(row.played).toBe(8);
      expect(rows[0]!.leagueDescription).toBe('Round of 16');
      expect(rows[8]!.leagueDescription).toBe('Knockout play-offs');
      expect(rows[24]!.leagueDescription).toBeUndefined();
      const [knockouts] = await api.service
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
      const body = await api.get<{ message: string }>(`/api/standings?${query}`, 400);
      expect(body.message.startsWith(`${parameter}:`)).toBe(true);
    });

    it('unknown league or season -> empty list', async () => {
      expect(await api.get('/api/standings?leagueId=4242&season=2026')).toEqual([]);
      expect(await api.get('/api/standings?leagueId=39&season=1999')).toEqual([]);
    });
  });
});
