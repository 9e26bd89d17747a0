import type { PlayerLeagueStats, PlayerRecentFixture } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export interface PlayerParams {
  playerId: string;
  leagueId: string;
  season: string;
}

/** The reply is an array or a single object (spec §3): always an array here. */
export const playerLeagueStatsQuery = apiQuery<[params: PlayerParams], PlayerLeagueStats[], PlayerLeagueStats[] | PlayerLeagueStats>(
  ({ playerId, leagueId, season }) => `/api/player-stats/league?playerId=${playerId}&leagueId=${leagueId}&season=${season}`,
  'Failed to fetch player stats',
  (reply) => (Array.isArray(reply) ? reply : [reply]),
);

export function usePlayerLeagueStats(params: PlayerParams | null) {
  return useApiQuery(playerLeagueStatsQuery, params ? [params] : null);
}

export const playerFixturesQuery = apiQuery<[playerId: string], PlayerRecentFixture[]>(
  (playerId) => `/api/player-stats/fixtures?playerId=${playerId}`,
  'Failed to fetch player fixtures',
);

export function usePlayerFixtures(playerId: string | null) {
  return useApiQuery(playerFixturesQuery, playerId ? [playerId] : null);
}
