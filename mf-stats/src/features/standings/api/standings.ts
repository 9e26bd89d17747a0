import type { StandingRow } from '@matchday/contracts';
import { apiQuery, standingsQuery, useApiQuery } from '@matchday/ui/unshared';

/** The table as it stands: live matches counted with their current score (never cached by the gateway). */
export const standingsAsItStandsQuery = apiQuery<[leagueId: string, season: string], StandingRow[]>(
  (leagueId, season) => `/api/standings?leagueId=${leagueId}&season=${season}&live=1`,
  'Failed to fetch standings',
);

/** Runs only with both leagueId and season (spec §5); `asItStands` reads the live table instead of the final one. */
export function useStandings(leagueId: string | null, season: string | null, asItStands = false) {
  return useApiQuery(asItStands ? standingsAsItStandsQuery : standingsQuery, leagueId && season ? [leagueId, season] : null);
}
