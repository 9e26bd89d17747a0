import { playerResult, RESULT_LETTER } from '../src/features/player/rules/result';

describe("a fixture's result from the player's side (product §4)", () => {
  it('reads the home goals first, and swaps them when the player played away', () => {
    expect(playerResult('2-1')).toBe('Won');
    expect(playerResult('2-1', false)).toBe('Lost');
    expect(playerResult('0-3', false)).toBe('Won');
    expect(playerResult('1-1', false)).toBe('Draw');
  });

  it('reads spaces and a missing score as it can (a missing side counts 0)', () => {
    expect(playerResult(' 3 - 0 ')).toBe('Won');
    expect(playerResult('')).toBe('Draw');
    expect(playerResult('1-')).toBe('Won');
  });

  it('gives each result its form letter', () => {
    expect(RESULT_LETTER).toEqual({ Won: 'W', Lost: 'L', Draw: 'D' });
  });
});
