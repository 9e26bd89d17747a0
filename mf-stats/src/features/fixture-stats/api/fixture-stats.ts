import useSWR from 'swr';
import type { FixtureStats } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';

export function fixtureStatsKey(fixtureId: string): string {
  return `/api/fixture-stats/${fixtureId}`;
}

export const fetchFixtureStats = (url: string) => apiGet<FixtureStats>(url);

export function useFixtureStats(fixtureId: string | null) {
  return useSWR<FixtureStats | null>(fixtureId ? fixtureStatsKey(fixtureId) : null, fetchFixtureStats);
}
