import useSWR from 'swr';
import type { SquadPlayer } from '@matchday/contracts';
import { readOrThrow } from '../../../lib/fetch';

export interface SquadParams {
  homeTeamId: string;
  awayTeamId: string;
  leagueId: string;
  season: string;
}

export function squadPlayersKey({ homeTeamId, awayTeamId, leagueId, season }: SquadParams): string {
  return `/api/players?homeTeamId=${homeTeamId}&awayTeamId=${awayTeamId}&leagueId=${leagueId}&season=${season}`;
}

export const fetchSquadPlayers = readOrThrow<SquadPlayer[]>('Failed to fetch squad players');

/** Both squads of a match; runs only when every route id is present (spec §5). */
export function useSquadPlayers(params: SquadParams | null) {
  return useSWR<SquadPlayer[] | null>(params ? squadPlayersKey(params) : null, fetchSquadPlayers);
}
