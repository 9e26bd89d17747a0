import type { BracketLeg, BracketRound, BracketTie } from '@matchday/contracts';
import { tieFace, tieHidden } from '../src/features/bracket/rules/spoilers';

const WC = 1;

function leg(fixtureId: number | null, status: BracketLeg['status'], homeTeamId: number | null, awayTeamId: number | null): BracketLeg {
  const played = status !== 'scheduled';
  return {
    fixtureId,
    kickoff: '2026-07-10T19:00:00Z',
    status,
    minute: null,
    homeTeamId,
    awayTeamId,
    goalsHome: played ? 2 : null,
    goalsAway: played ? 1 : null,
    afterExtraTime: played,
    penaltiesHome: null,
    penaltiesAway: null,
  };
}

/** A single-match tie between two known teams (ids 10 + n, 20 + n), played or not. */
function tie(matchNumber: number, status: BracketLeg['status'], slots: [string, string] = ['1A', '2B']): BracketTie {
  const played = status !== 'scheduled';
  const [home, away] = [10 + matchNumber, 20 + matchNumber];
  return {
    matchNumber,
    fixtureId: 500 + matchNumber,
    kickoff: '2026-07-10T19:00:00Z',
    status,
    minute: null,
    home: { teamId: home, teamName: `Home ${matchNumber}`, slot: slots[0] },
    away: { teamId: away, teamName: `Away ${matchNumber}`, slot: slots[1] },
    goalsHome: played ? 2 : null,
    goalsAway: played ? 1 : null,
    afterExtraTime: played,
    penaltiesHome: null,
    penaltiesAway: null,
    winner: status === 'finished' ? { teamId: home, teamName: `Home ${matchNumber}` } : null,
    legs: [leg(500 + matchNumber, status, home, away)],
  };
}

describe('the bracket under spoiler-free mode', () => {
  it('hides a tie when a leg that kicked off, both teams known, is hidden; never one not started or not yet drawn', () => {
    const asked: number[] = [];
    const hidesAll = (match: { id: number; leagueId: number }) => {
      asked.push(match.id);
      expect(match.leagueId).toBe(WC);
      return true;
    };
    expect(tieHidden(tie(97, 'finished'), WC, hidesAll)).toBe(true);
    expect(tieHidden(tie(98, 'live'), WC, hidesAll)).toBe(true);
    expect(tieHidden(tie(99, 'scheduled'), WC, hidesAll)).toBe(false);
    expect(tieHidden({ legs: [leg(null, 'finished', null, 21)] }, WC, hidesAll)).toBe(false);
    expect(asked).toEqual([597, 598]);
    expect(tieHidden(tie(97, 'finished'), WC, () => false)).toBe(false);
  });

  it('a hidden tie shows no score, no winner, no a.e.t., and offers to reveal; shown, it has all of them', () => {
    const bracket = { rounds: [{ name: 'Quarter-finals', ties: [tie(97, 'finished')] }] as BracketRound[] };
    const hiddenFace = tieFace(bracket, tie(97, 'finished'), () => true, 'match');
    expect(hiddenFace).toMatchObject({ hidden: true, decided: '', revealable: true, label: 'Home 97 v Away 97' });
    expect([hiddenFace.home, hiddenFace.away]).toEqual([
      { known: true, name: 'Home 97', score: '', winner: false },
      { known: true, name: 'Away 97', score: '', winner: false },
    ]);
    const shown = tieFace(bracket, tie(97, 'finished'), () => false, 'match');
    expect(shown).toMatchObject({ hidden: false, decided: 'a.e.t.', revealable: false });
    expect([shown.home, shown.away]).toEqual([
      { known: true, name: 'Home 97', score: '2', winner: true },
      { known: true, name: 'Away 97', score: '1', winner: false },
    ]);
  });

  it('a team that advanced from a hidden tie is not named, on the card or in its label, only where it comes from', () => {
    const quarter = tie(97, 'finished');
    const semi = tie(101, 'scheduled', ['W97', 'W98']);
    const bracket = {
      rounds: [
        { name: 'Quarter-finals', ties: [quarter] },
        { name: 'Semi-finals', ties: [semi] },
      ] as BracketRound[],
    };
    const face = tieFace(bracket, semi, (t) => t.matchNumber === 97, 'match');
    expect(face.hidden).toBe(false);
    expect(face.home).toEqual({ known: false, name: 'Winner of match 97', score: '', winner: false });
    // tie 98 is not in this bracket: nothing hides who comes from it
    expect(face.away).toMatchObject({ known: true, name: 'Away 101' });
    expect(face.label).toBe('Winner of match 97 v Away 101');
    expect(tieFace(bracket, semi, () => false, 'tie').home).toMatchObject({ known: true, name: 'Home 101' });
    // a side not drawn yet: where it comes from, in the bracket's word
    const open = { ...semi, home: { teamId: null, teamName: null, slot: 'W3' } };
    expect(tieFace(bracket, open, () => false, 'tie').home).toEqual({ known: false, name: 'Winner of tie 3', score: '', winner: false });
  });
});
