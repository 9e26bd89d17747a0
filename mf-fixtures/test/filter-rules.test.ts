import type { Fixture } from '@matchday/contracts';
import { INITIAL_LIVE_STATE, type LiveEntry, type LiveState } from '@matchday/ui/live';
import { choices, filterFromSearch, searchFromFilter, type FixtureFilter } from '../src/features/fixtures-list/rules/filter';
import { inLiveTab, liveProps } from '../src/features/fixtures-list/rules/live';

const search = (query: string) => filterFromSearch(new URLSearchParams(query));

describe('the fixture filter read from the URL', () => {
  it('is today when the URL says nothing or something unknown', () => {
    expect(search('')).toEqual({ kind: 'tab', tab: 'today' });
    expect(search('tab=yesterday')).toEqual({ kind: 'tab', tab: 'today' });
  });

  it('takes the day tabs and the Live tab', () => {
    expect(search('tab=tomorrow')).toEqual({ kind: 'tab', tab: 'tomorrow' });
    expect(search('tab=week')).toEqual({ kind: 'tab', tab: 'week' });
    expect(search('tab=live')).toEqual({ kind: 'live' });
  });

  it('takes a league only as a positive whole id', () => {
    expect(search('league=39')).toEqual({ kind: 'league', leagueId: 39 });
    for (const bad of ['0', '-3', '2.5', 'abc']) expect(search(`league=${bad}`)).toEqual({ kind: 'tab', tab: 'today' });
  });

  it('gives a team name, trimmed, precedence over league and tab; a blank name counts as none', () => {
    expect(search('team=%20Arsenal%20&league=39&tab=week')).toEqual({ kind: 'team', team: 'Arsenal' });
    expect(search('team=%20%20&league=39')).toEqual({ kind: 'league', leagueId: 39 });
    expect(search('league=39&tab=week')).toEqual({ kind: 'league', leagueId: 39 });
  });

  it.each<FixtureFilter>([
    { kind: 'tab', tab: 'week' },
    { kind: 'live' },
    { kind: 'league', leagueId: 140 },
    { kind: 'team', team: 'Brighton & Hove Albion' },
  ])('comes back unchanged from the query string it is written to: %o', (filter) => {
    expect(filterFromSearch(new URLSearchParams(searchFromFilter(filter)))).toEqual(filter);
  });

  it('is written to one parameter only', () => {
    expect(searchFromFilter({ kind: 'league', leagueId: 2 })).toEqual({ league: '2' });
    expect(searchFromFilter({ kind: 'live' })).toEqual({ tab: 'live' });
  });
});

describe("the user's choices", () => {
  it('picking a tab, the Live tab or a league replaces whatever was chosen', () => {
    expect(choices.tab('tomorrow')).toEqual({ kind: 'tab', tab: 'tomorrow' });
    expect(choices.live()).toEqual({ kind: 'live' });
    expect(choices.league(39)).toEqual({ kind: 'league', leagueId: 39 });
  });

  it("'All Leagues' keeps a day or the Live tab and otherwise goes back to today", () => {
    expect(choices.allLeagues({ kind: 'tab', tab: 'week' })).toEqual({ kind: 'tab', tab: 'week' });
    expect(choices.allLeagues({ kind: 'live' })).toEqual({ kind: 'live' });
    expect(choices.allLeagues({ kind: 'league', leagueId: 39 })).toEqual({ kind: 'tab', tab: 'today' });
    expect(choices.allLeagues({ kind: 'team', team: 'Goa' })).toEqual({ kind: 'tab', tab: 'today' });
  });

  it('a team name is trimmed, and an empty one goes back to today', () => {
    expect(choices.team('  Mumbai City ')).toEqual({ kind: 'team', team: 'Mumbai City' });
    expect(choices.team('   ')).toEqual({ kind: 'tab', tab: 'today' });
  });
});

describe('the Live tab', () => {
  const fixture = (status: Fixture['status']) => ({ status }) as Fixture;
  const entry = {} as LiveEntry;

  it('holds what the live feed has, even once it has finished', () => {
    expect(inLiveTab(fixture('finished'), entry)).toBe(true);
  });

  it('holds what the list says is live before the feed is heard, and nothing else', () => {
    expect(inLiveTab(fixture('live'), undefined)).toBe(true);
    expect(inLiveTab(fixture('scheduled'), undefined)).toBe(false);
    expect(inLiveTab(fixture('finished'), undefined)).toBe(false);
  });
});

describe("a card's live props", () => {
  const fixture = (id: number, status: Fixture['status']) => ({ id, status }) as Fixture;
  const entry = {} as LiveEntry;
  const feed: LiveState = { ...INITIAL_LIVE_STATE, matches: new Map([[1, entry]]) };

  it("give the tab's live state only to a card that shows a live score", () => {
    expect(liveProps(fixture(1, 'scheduled'), feed)).toEqual({ live: entry, feed });
    expect(liveProps(fixture(2, 'live'), feed)).toEqual({ live: undefined, feed });
    // a card of a match not being played keeps its props while the stream brings news of others
    expect(liveProps(fixture(3, 'scheduled'), feed)).toEqual({ live: undefined, feed: undefined });
    expect(liveProps(fixture(1, 'scheduled'), undefined)).toEqual({ live: undefined, feed: undefined });
  });
});
