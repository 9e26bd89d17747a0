import type { HeadToHeadMatch } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const h2hQuery = apiQuery<[homeTeamId: string, awayTeamId: string], HeadToHeadMatch[]>(
  (homeTeamId, awayTeamId) => `/api/h2h?homeTeamId=${homeTeamId}&awayTeamId=${awayTeamId}`,
  'Failed to fetch head to head',
);

/** Runs only with both team ids (spec §5). */
export function useH2h(homeTeamId: string | null, awayTeamId: string | null) {
  return useApiQuery(h2hQuery, homeTeamId && awayTeamId ? [homeTeamId, awayTeamId] : null);
}
