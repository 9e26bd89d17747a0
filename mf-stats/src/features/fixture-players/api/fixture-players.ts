import useSWR from 'swr';
import type { FixturePlayer, FixtureStats } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';

export function fixturePlayersKey(fixtureId: string): string {
  return `/api/fixture/${fixtureId}/players`;
}

export const fetchFixturePlayers = (url: string) => apiGet<FixturePlayer[]>(url);

export function useFixturePlayers(fixtureId: string | null) {
  return useSWR<FixturePlayer[] | null>(fixtureId ? fixturePlayersKey(fixtureId) : null, fetchFixturePlayers);
}

/** The fixture itself (teams, score, league and season for the player links); the same key as the Fixture stats screen. */
export function useFixtureSummary(fixtureId: string | null) {
  return useSWR<FixtureStats | null>(fixtureId ? `/api/fixture-stats/${fixtureId}` : null, (url: string) => apiGet<FixtureStats>(url));
}
