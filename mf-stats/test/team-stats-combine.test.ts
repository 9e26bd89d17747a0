import type { TeamStatsRecord } from '@matchday/contracts';
import { combined, figuresOf, pointsCurve, teamRating } from '../src/features/team-stats/rules/combine';

const record = (overrides: Partial<TeamStatsRecord>): TeamStatsRecord =>
  ({
    matchPlayed: 0,
    wins: 0,
    draws: 0,
    loses: 0,
    goalsFor: 0,
    goalsAgainst: 0,
    goalsAvgFor: 0,
    goalsAvgAgainst: 0,
    cleanSheet: 0,
    failedToScore: 0,
    biggestWin: null,
    biggestLose: null,
    ...overrides,
  }) as TeamStatsRecord;

describe('team statistics: Overview adds Home and Away', () => {
  const home = record({
    matchPlayed: 10,
    wins: 7,
    draws: 2,
    loses: 1,
    goalsFor: 20,
    goalsAgainst: 6,
    cleanSheet: 5,
    failedToScore: 1,
    biggestWin: '4-0',
    biggestLose: '0-1',
  });
  const away = record({
    matchPlayed: 9,
    wins: 4,
    draws: 2,
    loses: 3,
    goalsFor: 13,
    goalsAgainst: 11,
    cleanSheet: 2,
    failedToScore: 3,
    biggestWin: '5-1',
    biggestLose: '0-3',
  });

  it('sums the counts and works the averages out over all matches, to two decimals', () => {
    const overview = combined(home, away);
    expect(overview).toMatchObject({
      matchPlayed: 19,
      wins: 11,
      draws: 4,
      loses: 4,
      goalsFor: 33,
      goalsAgainst: 17,
      cleanSheet: 7,
      failedToScore: 4,
    });
    expect(overview.goalsAvgFor).toBe(1.74);
    expect(overview.goalsAvgAgainst).toBe(0.89);
  });

  it('keeps the biggest win and defeat by goal margin, whichever side of the ground', () => {
    const overview = combined(home, away);
    expect(overview.biggestWin).toBe('4-0'); // 4-0 and 5-1 have the same margin: the first seen stays
    expect(overview.biggestLose).toBe('0-3');
    expect(combined(record({ biggestWin: '2-1' }), record({ biggestWin: '6-0' })).biggestWin).toBe('6-0');
  });

  it('works with one side missing, and with none: zeros, no averages divided by zero', () => {
    expect(combined(home, undefined)).toMatchObject({ matchPlayed: 10, goalsAvgFor: 2, goalsAvgAgainst: 0.6 });
    expect(combined(undefined, undefined)).toMatchObject({ matchPlayed: 0, goalsAvgFor: 0, goalsAvgAgainst: 0, biggestWin: null });
  });

  it('reads a missing number as 0', () => {
    expect(figuresOf(record({ wins: null as unknown as number, goalsFor: '7' as unknown as number })).wins).toBe(0);
    expect(figuresOf(record({ goalsFor: '7' as unknown as number })).goalsFor).toBe(7);
  });
});

describe('team rating and points curve', () => {
  it('scales points per match from 0-3 onto 0-10', () => {
    expect(teamRating(figuresOf(record({ matchPlayed: 4, wins: 4 })))).toBe(10);
    expect(teamRating(figuresOf(record({ matchPlayed: 3, wins: 1, draws: 1, loses: 1 })))).toBeCloseTo((4 / 3 / 3) * 10);
    expect(teamRating(figuresOf(record({})))).toBe(0);
  });

  it('adds 3 for a W and 1 for a D, oldest first, and skips anything that is not a result letter', () => {
    expect(pointsCurve('wdlW?D')).toEqual([3, 4, 4, 7, 8]);
    expect(pointsCurve('')).toEqual([]);
  });
});
