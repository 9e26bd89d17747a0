import type { FixtureLineups } from '@matchday/contracts';
import { apiQuery, errorDetail, useApiQuery } from '@matchday/ui/unshared';
import { useFixtureStats } from '../../../lib/fixture-stats-query';

export const lineupsQuery = apiQuery<[fixtureId: string], FixtureLineups>(
  (fixtureId) => `/api/fixtures/${fixtureId}/lineups`,
  'Failed to fetch line-ups',
);

export function useLineups(fixtureId: string | null) {
  return useApiQuery(lineupsQuery, fixtureId ? [fixtureId] : null);
}

/** Whether a failed read was the service's 404: the match has no line-ups (not a failure to say so). */
export function isNotAvailable(error: unknown): boolean {
  return errorDetail(error)?.startsWith('404') ?? false;
}

/** The fixture itself (teams, score, league and season for the player links, the player of the match). */
export const useFixtureSummary = useFixtureStats;
