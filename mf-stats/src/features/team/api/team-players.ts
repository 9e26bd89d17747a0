import type { SquadPlayer } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export interface TeamParams {
  teamId: string;
  leagueId: string;
  season: string;
}

export const teamPlayersQuery = apiQuery<[params: TeamParams], SquadPlayer[]>(
  ({ teamId, leagueId, season }) => `/api/players?teamId=${teamId}&leagueId=${leagueId}&season=${season}`,
  'Failed to fetch players',
);

/** The squad of one team; runs only when every route id is present (spec §5). */
export function useTeamPlayers(params: TeamParams | null) {
  return useApiQuery(teamPlayersQuery, params ? [params] : null);
}
