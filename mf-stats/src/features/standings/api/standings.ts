import type { StandingRow } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const standingsQuery = apiQuery<[leagueId: string, season: string], StandingRow[]>(
  (leagueId, season) => `/api/standings?leagueId=${leagueId}&season=${season}`,
  'Failed to fetch standings',
);

/** Runs only with both leagueId and season (spec §5). */
export function useStandings(leagueId: string | null, season: string | null) {
  return useApiQuery(standingsQuery, leagueId && season ? [leagueId, season] : null);
}
