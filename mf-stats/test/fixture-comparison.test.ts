import type { FixtureStats } from '@matchday/contracts';
import { comparisonGroups, hasTeamStatistics, sideValue } from '../src/features/fixture-stats/rules/comparison';

const stats = (fields: Record<string, unknown>) => ({ homeTeamGoalScored: 2, awayTeamGoalScored: 1, ...fields }) as unknown as FixtureStats;

describe("a fixture's comparison cards", () => {
  it('reads a side statistic as a number: a percent sign stripped, a missing value 0', () => {
    const fixture = stats({ homeTeamBallPossession: '61%', awayTeamBallPossession: null, homeTeamTotalShots: 14 });
    expect(sideValue(fixture, 'BallPossession', 'home')).toBe(61);
    expect(sideValue(fixture, 'BallPossession', 'away')).toBe(0);
    expect(sideValue(fixture, 'TotalShots', 'home')).toBe(14);
    expect(sideValue(fixture, 'CornerKicks', 'away')).toBe(0);
  });

  it('knows whether the source gave any team statistic beyond the score', () => {
    expect(hasTeamStatistics(stats({}))).toBe(false);
    expect(hasTeamStatistics(stats({ awayTeamCornerKicks: 0 }))).toBe(true);
  });

  it('lays out the four cards of product §2 with the Goals row first and possession and accuracy as percentages', () => {
    const groups = comparisonGroups(stats({ homeTeamBallPossession: '55%', awayTeamBallPossession: '45%', homeTeamYelloCards: 3 }));
    expect(groups.map((group) => group.title)).toEqual(['Shots & Goals', 'Possession & Passing', 'Defending', 'Discipline & Set Pieces']);
    expect(groups[0]!.rows[0]).toEqual({ label: 'Goals', home: 2, away: 1 });
    expect(groups[1]!.rows.filter((row) => row.percent).map((row) => row.label)).toEqual(['Ball Possession', 'Pass Accuracy']);
    expect(groups[1]!.rows[0]).toMatchObject({ home: 55, away: 45 });
    expect(groups[3]!.rows.find((row) => row.label === 'Yellow Cards')).toMatchObject({ home: 3, away: 0 });
  });

  it('names the first card Shots when the score is hidden', () => {
    expect(comparisonGroups(stats({}), { hideGoals: true })[0]!.title).toBe('Shots');
  });
});
