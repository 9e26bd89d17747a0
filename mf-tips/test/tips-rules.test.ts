import type { Dream11Player, Dream11Team } from '@matchday/contracts';
import { analysisHref, edgeText } from '../src/features/betting-tips/rules/figures';
import { lineupChangesText, pitchLines } from '../src/features/dream11-predictions/rules/pitch';

describe('tip card figures', () => {
  it("writes the model's edge signed, in percent to one decimal, and a dash without a bookmaker's price", () => {
    expect(edgeText(0.0423)).toBe('+4.2%');
    expect(edgeText(0)).toBe('+0.0%');
    expect(edgeText(-0.051)).toBe('-5.1%');
    expect(edgeText(null)).toBe('–');
  });

  it('opens the full analysis on the tab the tip was listed on', () => {
    expect(analysisHref({ fixtureId: 1208 }, 'weekend')).toBe('/betting-tips?tab=weekend&fixture=1208');
  });
});

const player = (playerId: number, role: Dream11Player['role']): Dream11Player => ({
  playerId,
  name: `Player ${playerId}`,
  team: 'Arsenal',
  teamId: 42,
  role,
  credits: 8,
  expectedPoints: 30,
  startProbability: 0.9,
  ownership: 20,
});

describe('a Dream11 XI on the pitch', () => {
  const team: Dream11Team = {
    players: [player(1, 'GK'), player(2, 'DEF'), player(3, 'MID'), player(4, 'FWD'), player(5, 'MID'), player(6, 'DEF')],
    captainId: 4,
    viceCaptainId: 2,
    credits: 48,
    expectedPoints: 225,
  };

  it('stands forwards first and the goalkeeper at the back, each line named and in the order the players came', () => {
    const lines = pitchLines(team);
    expect(lines.map((line) => [line.role, line.name, line.players.map((p) => p.playerId)])).toEqual([
      ['FWD', 'Forwards', [4]],
      ['MID', 'Midfielders', [3, 5]],
      ['DEF', 'Defenders', [2, 6]],
      ['GK', 'Goalkeeper', [1]],
    ]);
  });

  it('tags the captain C and the vice-captain VC, nobody else', () => {
    const tags = pitchLines(team).flatMap((line) => line.players.map((p) => [p.playerId, p.tag]));
    expect(Object.fromEntries(tags)).toEqual({ 1: null, 2: 'VC', 3: null, 4: 'C', 5: null, 6: null });
  });

  it('says what the confirmed line-ups changed in the predicted picks, or that they changed nothing', () => {
    expect(lineupChangesText({ out: ['Saka', 'Rice'], in: ['Trossard', 'Jorginho'] })).toBe(
      'Changed since the line-ups: out Saka, Rice; in Trossard, Jorginho.',
    );
    expect(lineupChangesText({ out: [], in: [] })).toBe('The line-ups changed none of the predicted picks.');
    expect(lineupChangesText(null)).toBe('The line-ups changed none of the predicted picks.');
  });
});
