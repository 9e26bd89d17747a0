import { bracketRoundOf } from '../src/domain/bracket';

describe('bracketRoundOf: the round of a knockout heading as the importers write it', () => {
  it.each([
    ['Match for third place', 'Match for third place'],
    ['Third-place play-off', 'Match for third place'],
    ['Third place play-off', 'Match for third place'],
    ['Play-off for third place', 'Match for third place'],
    ['3rd Place Final', 'Match for third place'],
    ['Play-offs', 'Knockout play-offs'],
    ['Playoffs', 'Knockout play-offs'],
    ['Playoffs, Matchday 1', 'Knockout play-offs'],
    ['Knockout round play-offs', 'Knockout play-offs'],
    ['Round of 32', 'Round of 32'],
    ['Round of 16', 'Round of 16'],
    ['1/8 Finals', 'Round of 16'],
    ['Quarter-finals', 'Quarter-finals'],
    ['Quarterfinals', 'Quarter-finals'],
    ['Semi-finals', 'Semi-finals'],
    ['Semifinals', 'Semi-finals'],
    ['Final', 'Final'],
    ['Finals, Final', 'Final'],
  ])('files "%s" under %s', (heading, round) => {
    expect(bracketRoundOf(heading)).toBe(round);
  });

  it.each(['Matchday 3', 'Group A', 'League phase', '', null])('files "%s" under no knockout round', (heading) => {
    expect(bracketRoundOf(heading)).toBeNull();
  });
});
