import type { FixtureDayFilter } from '@matchday/contracts';

/**
 * Fixture filter (spec §4): a day tab, the Live tab (today's matches being played), a league or a
 * team, never two at once. It lives in the URL (?tab=, ?tab=live, ?league=, ?team=): the screen reads it from there
 * and writes a user's choice back, so first load, back/forward and links need nothing else.
 */
export type FixtureFilter =
  { kind: 'tab'; tab: FixtureDayFilter } | { kind: 'live' } | { kind: 'league'; leagueId: number } | { kind: 'team'; team: string };

const DAY_TABS: readonly FixtureDayFilter[] = ['today', 'tomorrow', 'week'];
const TODAY: FixtureFilter = { kind: 'tab', tab: 'today' };

export function filterFromSearch(search: URLSearchParams): FixtureFilter {
  const team = search.get('team')?.trim();
  if (team) return { kind: 'team', team };
  const league = Number(search.get('league'));
  if (search.get('league') && Number.isInteger(league) && league > 0) return { kind: 'league', leagueId: league };
  const tab = search.get('tab') as FixtureDayFilter | 'live' | null;
  if (tab === 'live') return { kind: 'live' };
  return { kind: 'tab', tab: tab && DAY_TABS.includes(tab) ? tab : 'today' };
}

/** The query string a filter is kept in. */
export function searchFromFilter(filter: FixtureFilter): Record<string, string> {
  if (filter.kind === 'team') return { team: filter.team };
  if (filter.kind === 'league') return { league: String(filter.leagueId) };
  if (filter.kind === 'live') return { tab: 'live' };
  return { tab: filter.tab };
}

/** The user's choices (spec §4), each giving the next filter. */
export const choices = {
  /** Picking a tab clears league and team. */
  tab: (tab: FixtureDayFilter): FixtureFilter => ({ kind: 'tab', tab }),
  /** The Live tab clears league and team. */
  live: (): FixtureFilter => ({ kind: 'live' }),
  /** Picking a league clears tab and team. */
  league: (leagueId: number): FixtureFilter => ({ kind: 'league', leagueId }),
  /** 'All Leagues' clears the league and returns to today when no tab is set. */
  allLeagues: (current: FixtureFilter): FixtureFilter => (current.kind === 'tab' || current.kind === 'live' ? current : TODAY),
  /** Filtering by a team name clears tab and league; an empty name goes back to today. */
  team: (name: string): FixtureFilter => {
    const team = name.trim();
    return team ? { kind: 'team', team } : TODAY;
  },
};
