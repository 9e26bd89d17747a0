import useSWR from 'swr';
import type { Fixture } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';

export function leagueFixturesKey(leagueId: string, season: string): string {
  return `/api/fixtures/filter?leagueId=${leagueId}&season=${season}`;
}

/** Every fixture of one league season, results and upcoming, by kick-off. */
export function useLeagueFixtures(leagueId: string | null, season: string | null) {
  return useSWR<Fixture[] | null>(leagueId && season ? leagueFixturesKey(leagueId, season) : null, (url: string) => apiGet<Fixture[]>(url));
}
