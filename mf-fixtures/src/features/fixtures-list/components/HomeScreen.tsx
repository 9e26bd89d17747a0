import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, EmptyState, Heading, media, Page, Tab, TabList, toast, useAppDispatch, useAppSelector, usePageMeta } from '@matchday/ui';
import type { FixtureDayFilter } from '@matchday/contracts';
import { useFixtures, useLeagues } from '../api/fixtures';
import { filterFromSearch, fixtureFilterSlice, searchFromFilter, selectFixtureFilter, type FixtureFilter } from '../store/filter-slice';
import { FixtureCard, FixtureCardSkeleton } from './FixtureCard';

const SKELETON_CARDS = 6;
const REFRESH_SPINNER_MS = 1000;
const TABS: Array<{ value: FixtureDayFilter; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'week', label: 'This Week' },
];

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 1.25rem;
`;

const Controls = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  ${media.mobile} {
    width: 100%;
    select {
      flex: 1;
    }
  }
`;

const Select = styled.select`
  min-height: 2.25rem;
  padding: 0.4rem 0.6rem;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
  gap: 1rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

export function HomeScreen() {
  const [search, setSearch] = useSearchParams();
  const dispatch = useAppDispatch();
  const filter = useAppSelector((state) => selectFixtureFilter(state as never)?.filter) ?? filterFromSearch(search);
  const [refreshing, setRefreshing] = useState(false);

  // The URL is the source of truth: mirror it into the store (first load, back/forward, links).
  useEffect(() => {
    dispatch(fixtureFilterSlice.actions.urlChanged(filterFromSearch(search)));
  }, [search, dispatch]);

  const apply = (next: FixtureFilter) => {
    dispatch(fixtureFilterSlice.actions.urlChanged(next));
    setSearch(searchFromFilter(next));
  };

  const { fixtures, error, isLoading, mutate } = useFixtures(filter);
  const { data: leagues } = useLeagues();
  const tab = filter.kind === 'tab' ? filter.tab : 'today';
  const heading = filter.kind === 'team' ? `${filter.team} Fixtures` : 'Upcoming Fixtures';
  usePageMeta({ title: heading });

  const refresh = async () => {
    setRefreshing(true);
    try {
      await mutate();
      toast({ title: 'Fixtures Updated', description: 'Latest fixture data has been loaded', variant: 'success' });
    } catch {
      toast({ title: 'Refresh Failed', description: 'Unable to refresh fixtures. Please try again.', variant: 'destructive' });
    } finally {
      setTimeout(() => setRefreshing(false), REFRESH_SPINNER_MS);
    }
  };

  return (
    <Page>
      <Heading>{heading}</Heading>
      <Toolbar>
        <TabList role="tablist" aria-label="Fixture day">
          {TABS.map((t) => (
            <Tab
              key={t.value}
              role="tab"
              type="button"
              aria-selected={filter.kind === 'tab' && filter.tab === t.value}
              $active={filter.kind === 'tab' && filter.tab === t.value}
              onClick={() => apply({ kind: 'tab', tab: t.value })}
            >
              {t.label}
            </Tab>
          ))}
        </TabList>
        <Controls>
          <label htmlFor="league-filter" className="visually-hidden">
            League
          </label>
          <Select
            id="league-filter"
            value={filter.kind === 'league' ? String(filter.leagueId) : ''}
            onChange={(event) => {
              const value = event.target.value;
              if (value) apply({ kind: 'league', leagueId: Number(value) });
              else apply(filter.kind === 'tab' ? filter : { kind: 'tab', tab: 'today' });
            }}
          >
            <option value="">All Leagues</option>
            {(leagues ?? []).map((league) => (
              <option key={league.id} value={league.id}>
                {league.displayName}
              </option>
            ))}
          </Select>
          <Button type="button" $variant="outline" onClick={() => void refresh()} disabled={refreshing} aria-label="Refresh fixtures">
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        </Controls>
      </Toolbar>
      {isLoading ? (
        <Grid aria-busy="true" aria-label="Loading fixtures">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <FixtureCardSkeleton key={i} />
          ))}
        </Grid>
      ) : error ? (
        <EmptyState title="Failed to fetch fixtures" message={(error as Error).message}>
          <Button type="button" onClick={() => void refresh()}>
            Try again
          </Button>
        </EmptyState>
      ) : fixtures.length === 0 ? (
        <EmptyState title="No fixtures found" message="Try adjusting your filters or check back later for new matches." />
      ) : (
        <Grid>
          {fixtures.map((fixture) => (
            <FixtureCard key={fixture.id} fixture={fixture} tab={tab} />
          ))}
        </Grid>
      )}
    </Page>
  );
}
