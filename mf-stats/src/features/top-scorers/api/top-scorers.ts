import type { TopScorer } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const topScorersQuery = apiQuery<[leagueId: string, season: string], TopScorer[]>(
  (leagueId, season) => `/api/top-scorers/${leagueId}/${season}`,
  'Failed to fetch top scorers',
);

/** Runs only with both leagueId and season (spec §5). */
export function useTopScorers(leagueId: string | null, season: string | null) {
  return useApiQuery(topScorersQuery, leagueId && season ? [leagueId, season] : null);
}
