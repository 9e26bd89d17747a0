import type { Fixture, Follow } from '@matchday/contracts';
import { browserTimeZone } from '@matchday/ui';
import { apiQuery, useApiQuery, useFollows } from '@matchday/ui/unshared';

/** The ids Home asks about: the followed teams and leagues, sorted (one cache entry for the same follows). */
export function followedIds(follows: readonly Follow[]): { teams: number[]; leagues: number[] } {
  const ids = (kind: Follow['kind']) =>
    follows
      .filter((f) => f.kind === kind)
      .map((f) => f.id)
      .sort((a, b) => a - b);
  return { teams: ids('team'), leagues: ids('league') };
}

/** GET /api/fixtures/following: the next two weeks of the followed teams and leagues, from the start of today. */
export function followingKey(teams: readonly number[], leagues: readonly number[]): string {
  const query = new URLSearchParams({ tz: browserTimeZone() });
  if (teams.length > 0) query.set('teams', teams.join(','));
  if (leagues.length > 0) query.set('leagues', leagues.join(','));
  return `/api/fixtures/following?${query.toString()}`;
}

export const followingQuery = apiQuery<[teams: number[], leagues: number[]], Fixture[]>(followingKey, 'Failed to fetch fixtures');

/**
 * Home's "Following": the user's follows, and the matches of the followed teams and leagues (null while the
 * follows load; asked only when some team or league is followed).
 */
export function useFollowing() {
  const follows = useFollows();
  const { teams, leagues } = followedIds(follows.data ?? []);
  const any = teams.length > 0 || leagues.length > 0;
  const fixtures = useApiQuery(followingQuery, follows.data && any ? [teams, leagues] : null);
  return {
    follows: follows.data,
    /** The follows could not be read (the section is left out). */
    failed: Boolean(follows.error),
    fixtures: any ? (fixtures.data ?? null) : [],
    isLoading: follows.isLoading || (any && fixtures.isLoading),
  };
}
