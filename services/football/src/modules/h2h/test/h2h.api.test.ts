import type { HeadToHeadMatch, StandingRow } from '@matchday/contracts';
import { readApi, testDatabases } from '../../../../test/support/read-api';

describe.each(testDatabases())('head-to-head endpoint on %s', (_label, makeTarget) => {
  const api = readApi(makeTarget);

  describe('GET /api/h2h', () => {
    it('every meeting in any stage, most recent first, goals null until played', async () => {
      const meetings = await api.get<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${api.mini.team.delta}&awayTeamId=${api.mini.team.alpha}`);
      expect(meetings.map((m) => [m.fixtureId, m.homeTeam, m.goalsHome, m.goalsAway])).toEqual([
        [api.mini.fixture.r4, 'Test Alpha', null, null],
        [api.mini.fixture.playoff, 'Test Alpha', 5, 0],
        [api.mini.fixture.r2da, 'Test Delta', 0, 3],
      ]);
      expect(meetings[2]).toMatchObject({
        id: api.mini.fixture.r2da,
        season: 2019,
        leagueId: 900,
        homeTeamId: api.mini.team.delta,
        awayTeamId: api.mini.team.alpha,
        eventDate: '2019-08-17T16:00:00.000Z',
      });
    });

    it('demo: meetings across seasons', async () => {
      const [first] = await api.get<StandingRow[]>('/api/standings?leagueId=323&season=2026');
      const [, second] = await api.get<StandingRow[]>('/api/standings?leagueId=323&season=2026');
      const meetings = await api.get<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${first!.teamId}&awayTeamId=${second!.teamId}`);
      expect(new Set(meetings.map((m) => m.season))).toEqual(new Set([2025, 2026]));
      for (const m of meetings) expect([m.homeTeamId, m.awayTeamId].sort()).toEqual([first!.teamId, second!.teamId].sort());
    });

    it('400 naming the missing parameter; unknown teams -> empty list', async () => {
      expect((await api.get<{ message: string }>('/api/h2h?homeTeamId=1', 400)).message).toMatch(/^awayTeamId:/);
      expect((await api.get<{ message: string }>('/api/h2h?homeTeamId=a&awayTeamId=2', 400)).message).toMatch(/^homeTeamId:/);
      expect(await api.get('/api/h2h?homeTeamId=999998&awayTeamId=999999')).toEqual([]);
    });
  });
});
