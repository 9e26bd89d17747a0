import type { FixtureStats } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

/** One fixture: teams, score, status and the compared statistics (the Fixture stats screen; the Fixture players screen's header). */
export const fixtureStatsQuery = apiQuery<[fixtureId: string], FixtureStats>(
  (fixtureId) => `/api/fixture-stats/${fixtureId}`,
  'Failed to fetch fixture statistics',
);

export function useFixtureStats(fixtureId: string | null) {
  return useApiQuery(fixtureStatsQuery, fixtureId ? [fixtureId] : null);
}
