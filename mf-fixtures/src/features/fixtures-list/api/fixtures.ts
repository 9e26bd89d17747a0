import useSWR from 'swr';
import type { Fixture, League } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';
import type { FixtureFilter } from '../store/filter-slice';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The API call behind a filter: team -> /api/fixtures narrowed by the server to that name (its list is capped,
 * so the name must reach it) and filtered here by the spec's contains rule; league or day -> /api/fixtures/filter.
 */
export function fixturesKey(filter: FixtureFilter): string {
  const tz = encodeURIComponent(timeZone());
  if (filter.kind === 'team') return `/api/fixtures?team=${encodeURIComponent(filter.team)}&tz=${tz}`;
  if (filter.kind === 'league') return `/api/fixtures/filter?leagueId=${filter.leagueId}&tz=${tz}`;
  return `/api/fixtures/filter?type=${filter.tab}&tz=${tz}`;
}

/** Team filter (spec §7): case-insensitive "contains" on either team's name. */
export function matchesTeam(fixture: Fixture, team: string): boolean {
  const needle = team.toLowerCase();
  return fixture.homeTeam.toLowerCase().includes(needle) || fixture.awayTeam.toLowerCase().includes(needle);
}

/** Reads fixtures; a failure carries the spec §8 message 'Failed to fetch fixtures' ("status: body" as its cause). */
export async function fetchFixtures(url: string): Promise<Fixture[] | null> {
  try {
    return await apiGet<Fixture[]>(url);
  } catch (error) {
    throw new Error('Failed to fetch fixtures', { cause: error });
  }
}

export function useFixtures(filter: FixtureFilter) {
  const result = useSWR<Fixture[] | null>(fixturesKey(filter), fetchFixtures);
  const fixtures = result.data ?? [];
  return {
    ...result,
    fixtures: filter.kind === 'team' ? fixtures.filter((f) => matchesTeam(f, filter.team)) : fixtures,
  };
}

export function useLeagues() {
  return useSWR<League[] | null>('/api/leagues');
}
