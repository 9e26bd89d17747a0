import type { League } from '@matchday/contracts';
import { readApi, testDatabases } from '../../../../test/support/read-api';

describe.each(testDatabases())('leagues endpoint on %s', (_label, makeTarget) => {
  const api = readApi(makeTarget);

  describe('GET /api/leagues', () => {
    it('lists the seasons with data and the current format', async () => {
      const leagues = await api.get<League[]>('/api/leagues');
      expect(leagues.find((l) => l.id === 39)).toMatchObject({ seasons: [2026, 2025], format: 'league', currentSeason: 2026 });
      expect(leagues.find((l) => l.id === 2)).toMatchObject({ type: 'cup', format: 'league-phase' });
      expect(leagues.find((l) => l.id === api.mini.league)?.seasons).toEqual([2019]);
    });
  });
});
