import type { BracketTie } from '@matchday/contracts';
import { currentRound, decidedText, feederOf, placeText } from '../src/features/bracket/rules/places';

const tie = (matchNumber: number, status: BracketTie['status']) => ({ matchNumber, status }) as BracketTie;

describe('bracket places and rounds', () => {
  it('says where a team not yet known comes from', () => {
    expect(placeText('W74')).toBe('Winner of match 74');
    expect(placeText('L101')).toBe('Loser of match 101');
    expect(placeText('1E')).toBe('Group E winner');
    expect(placeText('2A')).toBe('Group A runner-up');
    expect(placeText('3A/B/C/D/F')).toBe('3rd of A/B/C/D/F');
    expect(placeText('W3', 'tie')).toBe('Winner of tie 3');
    expect(placeText(null)).toBe('To be decided');
  });

  it('finds the tie a place comes from, opens on the round being played, and writes a.e.t. and penalties', () => {
    const bracket = {
      rounds: [
        { name: 'Quarter-finals' as const, ties: [tie(97, 'finished'), tie(98, 'live')] },
        { name: 'Final' as const, ties: [tie(104, 'scheduled')] },
      ],
    };
    expect(feederOf(bracket, 'W98')?.matchNumber).toBe(98);
    expect(feederOf(bracket, '1A')).toBeUndefined();
    expect(currentRound(bracket)).toBe(0);
    expect(currentRound({ rounds: [{ name: 'Final', ties: [tie(104, 'finished')] }] })).toBe(0);
    expect(decidedText({ afterExtraTime: true, penaltiesHome: 3, penaltiesAway: 4 })).toBe('a.e.t., 3-4 pens');
    expect(decidedText({ afterExtraTime: false, penaltiesHome: null, penaltiesAway: null })).toBe('');
  });
});
