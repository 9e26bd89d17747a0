import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, EmptyState, Heading, media, Page, Tab, TabList, toast, usePageMeta } from '@matchday/ui';
import { mayBeLive, usePreferences, useSpoilers, useLeagues, useNow } from '@matchday/ui/unshared';
import type { FixtureDayFilter } from '@matchday/contracts';
import { fixturesKey, fixturesQuery, PAGE_SIZE, useFixtures } from '../api/fixtures';
import { useFollowing } from '../api/following';
import { choices, filterFromSearch, searchFromFilter, type FixtureFilter } from '../rules/filter';
import { inLiveTab, liveProps } from '../rules/live';
import { FixtureCard, FixtureGrid, FixtureListSkeleton } from './FixtureCard';
import { FollowingSection } from './FollowingSection';
import { FollowPrompt } from './FollowPrompt';
import { useLiveFeed } from './live-feed';

const SKELETON_CARDS = 6;
const NO_FIXTURES: never[] = [];
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

/**
 * Today, Tomorrow, This Week and Live on one row on a 390 px phone (the row takes the width, a tab's label never
 * breaks); on a narrower screen the tabs wrap onto two full rows rather than overflow.
 */
const DayTabs = styled(TabList)`
  ${media.mobile} {
    display: flex;
    width: 100%;
  }
`;

const DayTab = styled(Tab)`
  ${media.mobile} {
    flex: 1 1 auto;
    padding: 0.45rem 0.4rem;
    white-space: nowrap;
  }
`;

// its place is kept while no match is being played, so that the tabs do not move when the first one starts
const LiveDot = styled.span<{ $shown: boolean }>`
  display: inline-block;
  visibility: ${({ $shown }) => ($shown ? 'visible' : 'hidden')};
  width: 0.45rem;
  height: 0.45rem;
  margin-right: 0.3rem;
  border-radius: 50%;
  vertical-align: middle;
  background: ${({ theme }) => theme.danger};
`;

const Controls = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  flex-wrap: wrap;
  ${media.mobile} {
    width: 100%;
    select {
      flex: 1;
    }
  }
`;

const TeamSearch = styled.form`
  display: flex;
  gap: 0.5rem;
  ${media.mobile} {
    width: 100%;
    input {
      flex: 1;
    }
  }
`;

const Input = styled.input`
  min-height: 2.25rem;
  min-width: 0;
  width: 12rem;
  padding: 0.4rem 0.6rem;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
  &::placeholder {
    color: ${({ theme }) => theme.textMuted};
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

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  margin-top: 1.25rem;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.875rem;
`;

/**
 * Home (spec §2): day tabs, league dropdown, team filter, refresh; the filter lives in the URL. Live matches (issue
 * 22 §5) show their score and clock from the tab's live stream, opened only while the list has a match that is or
 * may be live; the Live tab keeps only those; goals are read out politely.
 */
export function HomeScreen() {
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const [refreshing, setRefreshing] = useState(false);
  const [teamInput, setTeamInput] = useState(filter.kind === 'team' ? filter.team : '');

  // The team box shows the URL's team (first load, back/forward, links).
  useEffect(() => {
    setTeamInput(filter.kind === 'team' ? filter.team : '');
  }, [filter]);

  /** A user's choice goes into the URL only; a navigation the shell's guard drops (spec §4) so changes nothing. */
  const choose = (next: FixtureFilter) => setSearch(searchFromFilter(next));

  const { fixtures: listed, error, isLoading, mutate, remaining, loadingMore, loadMore } = useFixtures(filter);
  const { data: leagues } = useLeagues();
  // once a minute: a scheduled match reaching kick-off needs the stream
  const minute = useNow(60_000);
  // "Following" first: on the default view (today, unfiltered), for a fan who follows something
  const following = useFollowing();
  const { data: prefs, error: prefsFailed } = usePreferences();
  const { hidden } = useSpoilers();
  const defaultView = filter.kind === 'tab' && filter.tab === 'today';
  // What goes above the tabs on the default view (Following, or the prompt) is known once the follows and the
  // preferences are: until then the list's skeleton is shown alone, so that nothing drawn moves down when they arrive.
  const personalPending = defaultView && ((following.follows === undefined && !following.failed) || (prefs === undefined && !prefsFailed));
  const followed = defaultView && following.follows && following.follows.length > 0 ? (following.fixtures ?? null) : NO_FIXTURES;
  const needsLive =
    filter.kind === 'live' ||
    listed.some((fixture) => mayBeLive(fixture, minute)) ||
    (followed ?? NO_FIXTURES).some((f) => mayBeLive(f, minute));
  // the live client comes after the first cards (live-feed.tsx)
  const [feed, liveParts] = useLiveFeed(needsLive, !personalPending && !isLoading);
  // the Live tab's red dot says a match is being played now (the stream is open when one may be)
  const playingNow = [...feed.matches.values()].some((entry) => entry.match.status === 'live');
  // the Live tab's red dot, while it is not the tab shown
  const liveDot = filter.kind !== 'live' && playingNow;
  const fixtures = filter.kind === 'live' ? listed.filter((fixture) => inLiveTab(fixture, feed.matches.get(fixture.id))) : listed;
  const tab = filter.kind === 'tab' ? filter.tab : filter.kind === 'live' ? 'live' : 'today';
  const heading = filter.kind === 'team' ? `${filter.team} Fixtures` : filter.kind === 'live' ? 'Live Matches' : 'Upcoming Fixtures';
  usePageMeta({ title: heading });

  const refresh = async () => {
    setRefreshing(true);
    try {
      const fresh = await fixturesQuery.read(fixturesKey(filter));
      await mutate(fresh, { revalidate: false });
      toast({ title: 'Fixtures Updated', description: 'Latest fixture data has been loaded', variant: 'success' });
    } catch {
      toast({ title: 'Refresh Failed', description: 'Unable to refresh fixtures. Please try again.', variant: 'destructive' });
    } finally {
      setTimeout(() => setRefreshing(false), REFRESH_SPINNER_MS);
    }
  };

  const showMore = async () => {
    try {
      await loadMore();
    } catch (failure) {
      toast({
        title: (failure as Error).message,
        description: ((failure as Error).cause as Error | undefined)?.message,
        variant: 'destructive',
      });
    }
  };

  const submitTeam = (event: FormEvent) => {
    event.preventDefault();
    choose(choices.team(teamInput));
  };

  // keyed: the same skeleton stays on screen (not drawn anew) when the tabs and the toolbar appear above it
  const skeleton = <FixtureListSkeleton key="loading" count={SKELETON_CARDS} />;

  if (personalPending) {
    return (
      <Page>
        <Heading>{heading}</Heading>
        {skeleton}
      </Page>
    );
  }

  return (
    <Page>
      <Heading>{heading}</Heading>
      {defaultView && following.follows && following.follows.length > 0 && (
        <FollowingSection follows={following.follows} fixtures={followed} tab={tab} feed={needsLive ? feed : undefined} hidden={hidden} />
      )}
      {defaultView && following.follows?.length === 0 && prefs && !prefs.followPromptDismissed && <FollowPrompt />}
      <Toolbar>
        <DayTabs role="tablist" aria-label="Fixture day">
          {TABS.map((t) => (
            <DayTab
              key={t.value}
              role="tab"
              type="button"
              aria-selected={filter.kind === 'tab' && filter.tab === t.value}
              $active={filter.kind === 'tab' && filter.tab === t.value}
              onClick={() => choose(choices.tab(t.value))}
            >
              {t.label}
            </DayTab>
          ))}
          <DayTab
            role="tab"
            type="button"
            aria-selected={filter.kind === 'live'}
            $active={filter.kind === 'live'}
            onClick={() => choose(choices.live())}
          >
            <LiveDot aria-hidden="true" $shown={liveDot} data-testid={liveDot ? 'live-dot' : undefined} />
            Live
          </DayTab>
        </DayTabs>
        <Controls>
          <label htmlFor="league-filter" className="visually-hidden">
            League
          </label>
          <Select
            id="league-filter"
            value={filter.kind === 'league' ? String(filter.leagueId) : ''}
            onChange={(event) => {
              const value = event.target.value;
              choose(value ? choices.league(Number(value)) : choices.allLeagues(filter));
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
          <TeamSearch role="search" onSubmit={submitTeam}>
            <label htmlFor="team-filter" className="visually-hidden">
              Team
            </label>
            <Input
              id="team-filter"
              type="search"
              placeholder="Filter by team"
              value={teamInput}
              onChange={(event) => setTeamInput(event.target.value)}
            />
            <Button type="submit" $variant="outline">
              Search
            </Button>
          </TeamSearch>
        </Controls>
      </Toolbar>
      {isLoading ? (
        skeleton
      ) : error ? (
        <EmptyState title={(error as Error).message} message={((error as Error).cause as Error | undefined)?.message}>
          <Button type="button" onClick={() => void refresh()}>
            Try again
          </Button>
        </EmptyState>
      ) : fixtures.length === 0 ? (
        filter.kind === 'live' ? (
          <EmptyState title="No live matches right now" message="Matches being played today appear here with their score and minute." />
        ) : (
          <EmptyState title="No fixtures found" message="Try adjusting your filters or check back later for new matches." />
        )
      ) : (
        <>
          <FixtureGrid>
            {fixtures.map((fixture) => (
              <FixtureCard
                key={fixture.id}
                fixture={fixture}
                tab={tab}
                {...liveProps(fixture, needsLive ? feed : undefined)}
                spoilerHidden={hidden(fixture)}
              />
            ))}
          </FixtureGrid>
          {remaining > 0 && (
            <More>
              <span>
                Showing {fixtures.length} of {fixtures.length + remaining} fixtures
              </span>
              <Button type="button" $variant="outline" onClick={() => void showMore()} disabled={loadingMore}>
                {loadingMore ? 'Loading...' : `Show ${Math.min(PAGE_SIZE, remaining)} more`}
              </Button>
            </More>
          )}
        </>
      )}
      {/* goals are not read out for matches whose score spoiler-free mode hides */}
      {liveParts(needsLive ? fixtures.filter((fixture) => !hidden(fixture)) : NO_FIXTURES)}
    </Page>
  );
}
