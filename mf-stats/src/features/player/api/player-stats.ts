import useSWR from 'swr';
import type { PlayerLeagueStats, PlayerRecentFixture } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';

export interface PlayerParams {
  playerId: string;
  leagueId: string;
  season: string;
}

export function playerLeagueStatsKey({ playerId, leagueId, season }: PlayerParams): string {
  return `/api/player-stats/league?playerId=${playerId}&leagueId=${leagueId}&season=${season}`;
}

export function playerFixturesKey(playerId: string): string {
  return `/api/player-stats/fixtures?playerId=${playerId}`;
}

/** The reply is an array or a single object (spec §3): always an array here. */
export async function fetchPlayerLeagueStats(url: string): Promise<PlayerLeagueStats[] | null> {
  const reply = await apiGet<PlayerLeagueStats[] | PlayerLeagueStats>(url);
  if (reply === null) return null;
  return Array.isArray(reply) ? reply : [reply];
}

export function usePlayerLeagueStats(params: PlayerParams | null) {
  return useSWR<PlayerLeagueStats[] | null>(params ? playerLeagueStatsKey(params) : null, fetchPlayerLeagueStats);
}

export const fetchPlayerFixtures = (url: string) => apiGet<PlayerRecentFixture[]>(url);

export function usePlayerFixtures(playerId: string | null) {
  return useSWR<PlayerRecentFixture[] | null>(playerId ? playerFixturesKey(playerId) : null, fetchPlayerFixtures);
}
