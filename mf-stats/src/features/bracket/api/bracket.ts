import type { Bracket } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

/** GET /api/bracket: the errors are kept as they come ("404: ...") so that the tab can tell "no knockout stage". */
export const bracketQuery = apiQuery<[leagueId: string, season: string], Bracket>(
  (leagueId, season) => `/api/bracket?leagueId=${leagueId}&season=${season}`,
  null,
);

export function useBracket(leagueId: string, season: string) {
  return useApiQuery(bracketQuery, [leagueId, season]);
}
