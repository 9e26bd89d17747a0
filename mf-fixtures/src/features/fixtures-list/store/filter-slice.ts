import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FixtureDayFilter } from '@matchday/contracts';
import { rootReducer, type RootState } from '@matchday/ui';

/**
 * Fixture filter (spec §4): a day tab, a league or a team, never two at once. The actions are the
 * user's choices; the screen writes the resulting filter into the URL (?tab=, ?league=, ?team=), and
 * `urlChanged` mirrors the URL back (first load, back/forward, links).
 */
export type FixtureFilter = { kind: 'tab'; tab: FixtureDayFilter } | { kind: 'league'; leagueId: number } | { kind: 'team'; team: string };

export interface FixtureFilterState {
  filter: FixtureFilter;
}

const DAY_TABS: readonly FixtureDayFilter[] = ['today', 'tomorrow', 'week'];

export function filterFromSearch(search: URLSearchParams): FixtureFilter {
  const team = search.get('team')?.trim();
  if (team) return { kind: 'team', team };
  const league = Number(search.get('league'));
  if (search.get('league') && Number.isInteger(league) && league > 0) return { kind: 'league', leagueId: league };
  const tab = search.get('tab') as FixtureDayFilter | null;
  return { kind: 'tab', tab: tab && DAY_TABS.includes(tab) ? tab : 'today' };
}

/** The query string a filter is kept in. */
export function searchFromFilter(filter: FixtureFilter): Record<string, string> {
  if (filter.kind === 'team') return { team: filter.team };
  if (filter.kind === 'league') return { league: String(filter.leagueId) };
  return { tab: filter.tab };
}

export const fixtureFilterSlice = createSlice({
  name: 'fixtureFilter',
  initialState: { filter: { kind: 'tab', tab: 'today' } } as FixtureFilterState,
  reducers: {
    /** Picking a tab clears league and team. */
    tabPicked(state, action: PayloadAction<FixtureDayFilter>) {
      state.filter = { kind: 'tab', tab: action.payload };
    },
    /** Picking a league clears tab and team. */
    leaguePicked(state, action: PayloadAction<number>) {
      state.filter = { kind: 'league', leagueId: action.payload };
    },
    /** 'All Leagues' clears the league and returns to today when no tab is set. */
    allLeaguesPicked(state) {
      if (state.filter.kind !== 'tab') state.filter = { kind: 'tab', tab: 'today' };
    },
    /** Filtering by a team name clears tab and league; an empty name goes back to today. */
    teamPicked(state, action: PayloadAction<string>) {
      const team = action.payload.trim();
      state.filter = team ? { kind: 'team', team } : { kind: 'tab', tab: 'today' };
    },
    urlChanged(state, action: PayloadAction<FixtureFilter>) {
      state.filter = action.payload;
    },
  },
});

/** The slice, injected into the one store of @matchday/ui. */
export const fixtureFilter = fixtureFilterSlice.injectInto(rootReducer);

export const selectFixtureFilter = (state: RootState & { fixtureFilter?: FixtureFilterState }): FixtureFilter =>
  fixtureFilter.selectSlice(state).filter;
