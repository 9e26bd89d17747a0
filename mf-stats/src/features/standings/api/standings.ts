import useSWR from 'swr';
import type { StandingRow } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';

export function standingsKey(leagueId: string, season: string): string {
  return `/api/standings?leagueId=${leagueId}&season=${season}`;
}

export const fetchStandings = (url: string) => apiGet<StandingRow[]>(url);

/** Runs only with both leagueId and season (spec §5). */
export function useStandings(leagueId: string | null, season: string | null) {
  return useSWR<StandingRow[] | null>(leagueId && season ? standingsKey(leagueId, season) : null, fetchStandings);
}
