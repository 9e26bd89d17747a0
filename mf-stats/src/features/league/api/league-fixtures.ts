import type { Fixture } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const leagueFixturesQuery = apiQuery<[leagueId: string, season: string], Fixture[]>(
  (leagueId, season) => `/api/fixtures/filter?leagueId=${leagueId}&season=${season}`,
  'Failed to fetch fixtures',
);

/** Every fixture of one league season, results and upcoming, by kick-off. */
export function useLeagueFixtures(leagueId: string | null, season: string | null) {
  return useApiQuery(leagueFixturesQuery, leagueId && season ? [leagueId, season] : null);
}
