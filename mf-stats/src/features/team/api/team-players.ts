import useSWR from 'swr';
import type { SquadPlayer } from '@matchday/contracts';
import { readOrThrow } from '../../../lib/fetch';

export interface TeamParams {
  teamId: string;
  leagueId: string;
  season: string;
}

export function teamPlayersKey({ teamId, leagueId, season }: TeamParams): string {
  return `/api/players?teamId=${teamId}&leagueId=${leagueId}&season=${season}`;
}

export const fetchTeamPlayers = readOrThrow<SquadPlayer[]>('Failed to fetch players');

/** The squad of one team; runs only when every route id is present (spec §5). */
export function useTeamPlayers(params: TeamParams | null) {
  return useSWR<SquadPlayer[] | null>(params ? teamPlayersKey(params) : null, fetchTeamPlayers);
}
