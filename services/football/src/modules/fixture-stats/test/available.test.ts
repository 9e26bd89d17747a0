import { availability } from '../available';

describe('the statistics a match has, by its sources', () => {
  it('football-data.co.uk and FPL: shots, fouls, corners, cards, saves and xG; no possession, passes or offsides', () => {
    const { available, sources } = availability(['football-data-co-uk', 'fpl'], new Set(), true);
    expect(available).toEqual([
      'TotalShots',
      'GoalKeeperSaves',
      'Fouls',
      'YelloCards',
      'RedCards',
      'CornerKicks',
      'ShotsOnGoal',
      'ExpectedGoals',
    ]);
    expect(sources).toEqual({ results: ['football-data.co.uk', 'FPL'], statistics: ['football-data.co.uk'], players: ['FPL'] });
  });

  it('openfootball: the goals only; FPL without player lines adds nothing', () => {
    expect(availability(['openfootball'], new Set(), false).available).toEqual([]);
    expect(availability(['fpl'], new Set(), false).available).toEqual([]);
  });

  it('football.json: named with the players where its line-ups are stored, with the result alone otherwise', () => {
    const json = 'openfootball (football.json)';
    expect(availability(['football-json'], new Set(), true, true).sources).toEqual({ results: [json], statistics: [], players: [json] });
    expect(availability(['football-json'], new Set(), false).sources).toEqual({ results: [json], statistics: [], players: [] });
    expect(availability(['football-data-co-uk', 'football-json'], new Set(), true, true).sources.players).toEqual([json]);
  });

  it('a statistic with a stored value counts whatever its source (the demo season has no external ids)', () => {
    expect(availability([], new Set(['BallPossession'] as const), false).available).toEqual(['BallPossession']);
  });
});
