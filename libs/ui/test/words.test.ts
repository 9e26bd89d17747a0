import { counted } from '../src/words';

describe('counted', () => {
  it('puts the noun in the singular for exactly one', () => {
    expect(counted(1, 'assist')).toBe('1 assist');
    expect(counted(1, 'match', 'matches')).toBe('1 match');
  });

  it('puts the noun in the plural otherwise, zero included', () => {
    expect(counted(0, 'goal')).toBe('0 goals');
    expect(counted(2, 'assist')).toBe('2 assists');
    expect(counted(3, 'match', 'matches')).toBe('3 matches');
  });
});
