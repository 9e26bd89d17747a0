import useSWR from 'swr';
import type { HeadToHeadMatch } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';

export function h2hKey(homeTeamId: string, awayTeamId: string): string {
  return `/api/h2h?homeTeamId=${homeTeamId}&awayTeamId=${awayTeamId}`;
}

export const fetchH2h = (url: string) => apiGet<HeadToHeadMatch[]>(url);

/** Runs only with both team ids (spec §5). */
export function useH2h(homeTeamId: string | null, awayTeamId: string | null) {
  return useSWR<HeadToHeadMatch[] | null>(homeTeamId && awayTeamId ? h2hKey(homeTeamId, awayTeamId) : null, fetchH2h);
}
