import type { FixturePlayer } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';
import { useFixtureStats } from '../../../lib/fixture-stats-query';

export const fixturePlayersQuery = apiQuery<[fixtureId: string], FixturePlayer[]>(
  (fixtureId) => `/api/fixture/${fixtureId}/players`,
  'Failed to fetch player statistics',
);

export function useFixturePlayers(fixtureId: string | null) {
  return useApiQuery(fixturePlayersQuery, fixtureId ? [fixtureId] : null);
}

/** The fixture itself (teams, score, league and season for the player links): the Fixture stats screen's query. */
export const useFixtureSummary = useFixtureStats;
