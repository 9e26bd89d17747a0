import type { TeamStatsRecord } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export interface TeamStatsParams {
  teamId: string;
  leagueId: string;
  season: string;
}

export const teamStatsQuery = apiQuery<[params: TeamStatsParams], TeamStatsRecord[]>(
  ({ teamId, leagueId, season }) => `/api/team-stats?teamId=${teamId}&leagueId=${leagueId}&season=${season}`,
  'Failed to fetch team stats',
);

export function useTeamStats(params: TeamStatsParams | null) {
  return useApiQuery(teamStatsQuery, params ? [params] : null);
}
