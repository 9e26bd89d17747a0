import type { FixtureStats, Follow, HeadToHeadMatch, PlayerRecentFixture, UserPreferences } from '@matchday/contracts';
import type { SpoilerMatch } from '@matchday/ui/unshared';

/**
 * Spoiler-free mode on the stats screens: which matches a screen hides, read from the shapes the
 * screens have (the match page's FixtureStats, a head-to-head meeting, a player's recent fixture), and whether a
 * screen made of many results at once (a table, a team's form) is covered.
 */

/** What decides a cover: the preferences (undefined while they load), the follows and the mode last seen here. */
export interface SpoilerSettings {
  prefs: UserPreferences | null | undefined;
  /** undefined: not read (yet); null: none (signed out). */
  follows: readonly Follow[] | null | undefined;
  /** The mode last seen on this browser (useSpoilers().active before the preferences arrive). */
  lastKnown: boolean;
}

/** The results a screen shows at once: every match of a league season (a table) or of some teams (form). */
export interface ResultsScope {
  leagueId: number;
  teamIds: readonly number[];
}

/**
 * Whether spoiler-free mode covers a screen of many results: scope 'all' always; 'followed' when the league or
 * any of the teams is followed. While the preferences load, the mode last seen here decides; while the follows of
 * a 'followed' scope load, the screen stays covered (nothing is flashed before it is known).
 */
export function coversResults(settings: SpoilerSettings, scope: ResultsScope): boolean {
  const { prefs, follows } = settings;
  if (prefs === undefined) return settings.lastKnown;
  if (!prefs?.spoilerFree) return false;
  if (prefs.spoilerScope === 'all') return true;
  if (follows === undefined) return true;
  return (follows ?? []).some(
    (follow) => (follow.kind === 'league' && follow.id === scope.leagueId) || (follow.kind === 'team' && scope.teamIds.includes(follow.id)),
  );
}

/** The match page's fixture as spoiler-free mode reads it (the id a reveal is kept under is the fixture's). */
export function fixtureStatsMatch(stats: Pick<FixtureStats, 'fixtureId' | 'homeTeamId' | 'awayTeamId' | 'leagueId'>): SpoilerMatch {
  return { id: stats.fixtureId, homeTeamId: stats.homeTeamId, awayTeamId: stats.awayTeamId, leagueId: stats.leagueId };
}

/** A head-to-head meeting: its `id` is the meeting row's, the fixture is `fixtureId`. */
export function h2hMatch(meeting: Pick<HeadToHeadMatch, 'fixtureId' | 'homeTeamId' | 'awayTeamId' | 'leagueId'>): SpoilerMatch {
  return { id: meeting.fixtureId, homeTeamId: meeting.homeTeamId, awayTeamId: meeting.awayTeamId, leagueId: meeting.leagueId };
}

/**
 * A player's recent fixture, once for each club the player played for this season (the fixture does not say
 * which of them it was): the screen hides it when any of them is hidden.
 */
export function recentFixtureMatches(
  fixture: Pick<PlayerRecentFixture, 'fixtureId' | 'leagueId' | 'againstTeamId' | 'isHome'>,
  playerTeamIds: readonly number[],
): SpoilerMatch[] {
  return playerTeamIds.map((teamId) => ({
    id: fixture.fixtureId,
    homeTeamId: fixture.isHome ? teamId : fixture.againstTeamId,
    awayTeamId: fixture.isHome ? fixture.againstTeamId : teamId,
    leagueId: fixture.leagueId,
  }));
}
