import type { FixtureStats, PlayerRecentFixture, TopScorer } from '@matchday/contracts';
import { SIDE_STAT_NAMES } from '@matchday/contracts';
import { readApi, testDatabases, ISO } from '../../../../test/support/read-api';

describe.each(testDatabases())('fixture statistics endpoint on %s', (_label, makeTarget) => {
  const api = readApi(makeTarget);

  describe('GET /api/fixture-stats/{id}', () => {
    it('header and both sides, percentages as strings, null when unknown', async () => {
      const stats = await api.get<FixtureStats>(`/api/fixture-stats/${api.mini.fixture.r1ab}`);
      expect(stats).toMatchObject({
        fixtureId: api.mini.fixture.r1ab,
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
      const stats = await api.get<FixtureStats>(`/api/fixture-stats/${api.mini.fixture.r4}`);
      expect(stats).toMatchObject({
        status: 'scheduled',
        homeTeamGoalScored: null,
        awayTeamGoalScored: null,
        homeTeamTotalShots: null,
        awayTeamBallPossession: null,
      });
    });

    it('demo: statistics consistent with the score', async () => {
      const [recent] = await api.get<PlayerRecentFixture[]>(
        `/api/player-stats/fixtures?playerId=${(await api.get<TopScorer[]>('/api/top-scorers/39/2026'))[0]!.playerId}`,
      );
      const stats = await api.get<FixtureStats>(`/api/fixture-stats/${recent!.fixtureId}`);
      expect(`${stats.homeTeamGoalScored}-${stats.awayTeamGoalScored}`).toBe(recent!.result);
      expect(parseInt(String(stats.homeTeamBallPossession), 10) + parseInt(String(stats.awayTeamBallPossession), 10)).toBe(100);
      expect(Number(stats.homeTeamTotalShots)).toBeGreaterThanOrEqual(Number(stats.homeTeamShotsOnGoal));
      expect(Number(stats.homeTeamShotsOnGoal)).toBeGreaterThanOrEqual(Number(stats.homeTeamGoalScored));
      expect(stats.venue).toEqual(expect.any(String));
      expect(stats.eventDate).toMatch(ISO);
    });

    it('400 for a non-numeric id, 404 for an unknown one', async () => {
      expect((await api.get<{ message: string }>('/api/fixture-stats/abc', 400)).message).toMatch(/^fixtureId:/);
      expect((await api.get<{ message: string }>('/api/fixture-stats/99999999', 404)).message).toMatch(/not found/i);
    });
  });
});
