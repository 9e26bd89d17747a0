import type { SquadPlayer } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export interface SquadParams {
  homeTeamId: string;
  awayTeamId: string;
  leagueId: string;
  season: string;
}

export const squadPlayersQuery = apiQuery<[params: SquadParams], SquadPlayer[]>(
  ({ homeTeamId, awayTeamId, leagueId, season }) =>
    `/api/players?homeTeamId=${homeTeamId}&awayTeamId=${awayTeamId}&leagueId=${leagueId}&season=${season}`,
  'Failed to fetch squad players',
);

/** Both squads of a match; runs only when every route id is present (spec §5). */
export function useSquadPlayers(params: SquadParams | null) {
  return useApiQuery(squadPlayersQuery, params ? [params] : null);
}
