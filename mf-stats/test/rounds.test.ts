import type { Fixture } from '@matchday/contracts';
import { currentRoundIndex, groupByRound, matchesNotice, roundLabel } from '../src/features/league/rules/rounds';

let nextId = 1;
function fixture(eventDate: string, round: string | null, played = false, status?: Fixture['status']): Fixture {
  return {
    id: nextId++,
    homeTeam: 'Home',
    awayTeam: 'Away',
    homeTeamId: 1,
    awayTeamId: 2,
    homeTeamLogo: null,
    awayTeamLogo: null,
    leagueId: 39,
    leagueName: 'Premier League',
    leagueColor: null,
    season: 2023,
    eventDate,
    venue: null,
    venueCity: null,
    round,
    status: status ?? (played ? 'finished' : 'scheduled'),
    goalsHome: played ? 2 : null,
    goalsAway: played ? 1 : null,
  };
}

describe('round grouping', () => {
  it('names API-Football and FPL rounds "Round N" and keeps other names', () => {
    expect(roundLabel('Regular Season - 12')).toBe('Round 12');
    expect(roundLabel('Group A - 3')).toBe('Group A - 3');
    expect(roundLabel(' Matchday 5 ')).toBe('Matchday 5');
  });

  it('groups by round in calendar order; a match postponed to later stays in its round, which keeps its place', () => {
    const postponed = fixture('2023-12-20T19:30:00Z', 'Regular Season - 1', true);
    const groups = groupByRound([
      fixture('2023-08-19T14:00:00Z', 'Regular Season - 2', true),
      fixture('2023-08-12T14:00:00Z', 'Regular Season - 1', true),
      postponed,
      fixture('2023-08-11T19:00:00Z', 'Regular Season - 1', true),
      fixture('2023-08-26T14:00:00Z', 'Regular Season - 3'),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Round 1', 'Round 2', 'Round 3']);
    expect(groups[0]!.fixtures.map((f) => f.eventDate)).toEqual(['2023-08-11T19:00:00Z', '2023-08-12T14:00:00Z', postponed.eventDate]);
    expect(groups.map((g) => g.key)).toEqual(['Regular Season - 1', 'Regular Season - 2', 'Regular Season - 3']);
  });

  it('cuts fixtures without a round into matchdays at gaps of 40 hours or more', () => {
    const groups = groupByRound([
      fixture('2023-08-11T19:00:00Z', null, true), // Friday
      fixture('2023-08-12T11:30:00Z', null, true), // Saturday
      fixture('2023-08-13T15:30:00Z', null, true), // Sunday
      fixture('2023-08-14T19:00:00Z', null, true), // Monday
      fixture('2023-08-19T14:00:00Z', null, true), // next Saturday
      fixture('2023-08-22T19:45:00Z', null), // midweek Tuesday
      fixture('2023-08-23T19:45:00Z', null), // Wednesday
    ]);
    expect(groups.map((g) => [g.label, g.fixtures.length])).toEqual([
      ['Matchday 1', 4],
      ['Matchday 2', 1],
      ['Matchday 3', 2],
    ]);
    expect(groups[2]!.key).toBe('matchday-3');
  });
});

describe('current round', () => {
  const groups = groupByRound([
    fixture('2023-08-12T14:00:00Z', 'Regular Season - 1', true),
    fixture('2023-08-19T14:00:00Z', 'Regular Season - 2', true),
    fixture('2023-08-20T14:00:00Z', 'Regular Season - 2'),
    fixture('2023-08-26T14:00:00Z', 'Regular Season - 3'),
    fixture('2023-09-02T14:00:00Z', 'Regular Season - 4', false, 'postponed'),
  ]);

  it('is the round of the next match to be played, the round under way included', () => {
    expect(currentRoundIndex(groups, new Date('2023-08-15T00:00:00Z'))).toBe(1);
    expect(currentRoundIndex(groups, new Date('2023-08-20T15:00:00Z'))).toBe(1);
    expect(currentRoundIndex(groups, new Date('2023-08-21T00:00:00Z'))).toBe(2);
  });

  it('is the first round before the season and the last after it (postponed matches do not hold it back)', () => {
    const unplayed = groupByRound([
      fixture('2023-08-12T14:00:00Z', 'Regular Season - 1'),
      fixture('2023-08-19T14:00:00Z', 'Regular Season - 2'),
    ]);
    expect(currentRoundIndex(unplayed, new Date('2023-07-01T00:00:00Z'))).toBe(0);
    expect(currentRoundIndex(groups, new Date('2024-06-01T00:00:00Z'))).toBe(groups.length - 1);
    expect(currentRoundIndex([], new Date())).toBe(-1);
  });
});

describe("the Matches tab's notice", () => {
  it('a failed read says the fixtures could not be loaded and offers a retry, never "no fixtures yet"', () => {
    expect(matchesNotice(true, [])).toEqual({
      title: 'Fixtures could not be loaded',
      message: 'Check your connection and try again.',
      retry: true,
    });
    // rounds already read stay on screen when a later look fails
    expect(matchesNotice(true, groupByRound([fixture('2025-08-16T14:00:00Z', 'Matchday 1')]))).toBeNull();
  });

  it('a season read without fixtures is empty, with nothing to retry; one with fixtures has no notice', () => {
    expect(matchesNotice(false, [])).toEqual({
      title: 'No matches found',
      message: 'No fixtures or results for this season yet.',
      retry: false,
    });
    expect(matchesNotice(false, groupByRound([fixture('2025-08-16T14:00:00Z', 'Matchday 1')]))).toBeNull();
  });
});
