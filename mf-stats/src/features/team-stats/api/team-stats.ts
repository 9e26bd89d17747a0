import useSWR from 'swr';
import type { TeamStatsRecord } from '@matchday/contracts';
import { readOrThrow } from '../../../lib/fetch';

export interface TeamStatsParams {
  teamId: string;
  leagueId: string;
  season: string;
}

export function teamStatsKey({ teamId, leagueId, season }: TeamStatsParams): string {
  return `/api/team-stats?teamId=${teamId}&leagueId=${leagueId}&season=${season}`;
}

export const fetchTeamStats = readOrThrow<TeamStatsRecord[]>('Failed to fetch team stats');

export function useTeamStats(params: TeamStatsParams | null) {
  return useSWR<TeamStatsRecord[] | null>(params ? teamStatsKey(params) : null, fetchTeamStats);
}
