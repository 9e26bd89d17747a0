import type { FixtureStats } from '@matchday/contracts';
import { comparisonGroups, hasTeamStatistics, sideValue } from '../src/features/fixture-stats/rules/comparison';
import { sourcesLine } from '../src/features/fixture-stats/rules/sources';
import { attendanceText } from '../src/lib/numbers';

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

  it("shows only the statistics the match's sources carry; an empty value of a carried one is 0", () => {
    const premierLeague = stats({
      available: ['TotalShots', 'GoalKeeperSaves', 'Fouls', 'YelloCards', 'RedCards', 'CornerKicks', 'ShotsOnGoal', 'ExpectedGoals'],
      homeTeamTotalShots: 18,
      awayTeamTotalShots: null,
      homeTeamShotsOnGoal: 7,
      awayTeamShotsOnGoal: 6,
      homeTeamExpectedGoals: 2.1,
      awayTeamExpectedGoals: 1.99,
    });
    const groups = comparisonGroups(premierLeague);
    expect(groups.map((g) => [g.title, g.rows.map((r) => r.label)])).toEqual([
      ['Shots & Goals', ['Goals', 'Total Shots', 'Shots on Target', 'Expected Goals (xG)']],
      ['Defending', ['Goalkeeper Saves', 'Fouls']],
      ['Discipline & Set Pieces', ['Yellow Cards', 'Red Cards', 'Corner Kicks']],
    ]);
    expect(groups[0]!.rows[1]).toMatchObject({ home: 18, away: 0 });
    expect(groups[0]!.rows[3]).toMatchObject({ home: 2.1, away: 1.99 });
    expect(hasTeamStatistics(premierLeague)).toBe(true);
  });

  it('a World Cup match: the goals only, no bars at 0 – 0, and says where its result comes from', () => {
    const worldCup = stats({ available: [], sources: { results: ['openfootball'], statistics: [], players: [] } });
    expect(comparisonGroups(worldCup).map((g) => g.rows.map((r) => r.label))).toEqual([['Goals']]);
    expect(comparisonGroups(worldCup, { hideGoals: true })).toEqual([]);
    expect(hasTeamStatistics(worldCup)).toBe(false);
    expect(sourcesLine(worldCup)).toBe('Result: openfootball; no team statistics');
    expect(
      sourcesLine(stats({ sources: { results: ['football-data.co.uk', 'FPL'], statistics: ['football-data.co.uk'], players: ['FPL'] } })),
    ).toBe('Statistics: football-data.co.uk · players: FPL');
  });

  it('writes the crowd with thousands separated, and nothing where it is not known', () => {
    expect(attendanceText(60315)).toBe('Attendance 60,315');
    expect(attendanceText(1_234_567)).toBe('Attendance 1,234,567');
    expect(attendanceText(950)).toBe('Attendance 950');
    expect(attendanceText(null)).toBeNull();
    expect(attendanceText(undefined)).toBeNull();
  });

  it('names football.json where its line-ups are the players, beside the statistics of another source or alone', () => {
    const json = 'openfootball (football.json)';
    expect(
      sourcesLine(stats({ sources: { results: ['football-data.co.uk', json], statistics: ['football-data.co.uk'], players: [json] } })),
    ).toBe('Statistics: football-data.co.uk · players: openfootball (football.json)');
    expect(sourcesLine(stats({ sources: { results: [json], statistics: [], players: [json] } }))).toBe(
      'Players: openfootball (football.json)',
    );
    // a plain football.json file: the result only
    expect(sourcesLine(stats({ sources: { results: [json], statistics: [], players: [] } }))).toBe(
      'Result: openfootball (football.json); no team statistics',
    );
  });
});
