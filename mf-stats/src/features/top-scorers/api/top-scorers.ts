import useSWR from 'swr';
import type { League, TopScorer } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';
import { readOrThrow } from '../../../lib/fetch';

export function topScorersKey(leagueId: string, season: string): string {
  return `/api/top-scorers/${leagueId}/${season}`;
}

export const fetchTopScorers = readOrThrow<TopScorer[]>('Failed to fetch top scorers');

/** Runs only with both leagueId and season (spec §5). */
export function useTopScorers(leagueId: string | null, season: string | null) {
  return useSWR<TopScorer[] | null>(leagueId && season ? topScorersKey(leagueId, season) : null, fetchTopScorers);
}

/** The league list (for the league's name in the title); the same key as the Home screen's dropdown. */
export function useLeagues() {
  return useSWR<League[] | null>('/api/leagues', (url: string) => apiGet<League[]>(url));
}
