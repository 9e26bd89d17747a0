import type { StandingRow, TeamStatsRecord } from '@matchday/contracts';
import { readApi, testDatabases } from '../../../../test/support/read-api';

describe.each(testDatabases())('team statistics endpoint on %s', (_label, makeTarget) => {
  const api = readApi(makeTarget);

  describe('GET /api/team-stats', () => {
    it('a home record and an away record', async () => {
      const records = await api.get<TeamStatsRecord[]>(
        `/api/team-stats?teamId=${api.mini.team.alpha}&leagueId=${api.mini.league}&season=${api.mini.season}`,
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
      const bravo = await api.get<TeamStatsRecord[]>(
        `/api/team-stats?teamId=${api.mini.team.bravo}&leagueId=${api.mini.league}&season=${api.mini.season}`,
      );
      expect(bravo[0]).toMatchObject({ recentForm: 'WL', biggestLose: '0-2', failedToScore: 1, goalsAvgFor: 0.5 });
      expect(bravo[1]).toMatchObject({ recentForm: 'L', biggestLose: '0-2', loses: 1 });
    });

    it('demo: records agree with the standings row', async () => {
      const rows = await api.get<StandingRow[]>('/api/standings?leagueId=39&season=2026');
      for (const row of rows.slice(0, 3)) {
        const [home, away] = await api.get<TeamStatsRecord[]>(`/api/team-stats?teamId=${row.teamId}&leagueId=39&season=2026`);
        expect(home!.wins + away!.wins).toBe(row.wins);
        expect(home!.goalsFor + away!.goalsFor).toBe(row.goalsFor);
        expect(home!.matchPlayed + away!.matchPlayed).toBe(row.played);
        expect(Math.abs(home!.matchPlayed - away!.matchPlayed)).toBeLessThanOrEqual(1);
      }
    });

    it('400 naming the parameter; unknown team -> empty list', async () => {
      expect((await api.get<{ message: string }>('/api/team-stats?teamId=1&leagueId=39', 400)).message).toMatch(/^season:/);
      expect((await api.get<{ message: string }>('/api/team-stats?leagueId=39&season=2026', 400)).message).toMatch(/^teamId:/);
      expect(await api.get('/api/team-stats?teamId=999999&leagueId=39&season=2026')).toEqual([]);
      expect(await api.get(`/api/team-stats?teamId=${api.mini.team.alpha}&leagueId=39&season=2026`)).toEqual([]);
    });
  });
});
