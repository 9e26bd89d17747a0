import type { LineupPlayer } from '@matchday/contracts';
import { positionGroups, substituteNote, wentOffNote, xgText } from '../src/features/lineups/rules/lineup';

const player = (name: string, position: LineupPlayer['position'], extra: Partial<LineupPlayer> = {}): LineupPlayer => ({
  playerId: name.length,
  name,
  position,
  captain: null,
  minutes: 90,
  cameOn: null,
  wentOff: null,
  goals: 0,
  assists: 0,
  yellow: 0,
  red: 0,
  xg: null,
  rating: null,
  ...extra,
});

describe('the line-ups screen’s rules', () => {
  it('groups the XI goalkeeper, defenders, midfielders, forwards, keeping the reply’s order within each', () => {
    const xi = [
      player('Pope', 'Goalkeeper'),
      player('Trippier', 'Defender'),
      player('Schär', 'Defender'),
      player('Guimarães', 'Midfielder'),
      player('Isak', 'Attacker'),
      player('Gordon', 'Midfielder'),
    ];
    expect(positionGroups(xi).map((g) => [g.label, g.players.map((p) => p.name)])).toEqual([
      ['Goalkeeper', ['Pope']],
      ['Defenders', ['Trippier', 'Schär']],
      ['Midfielders', ['Guimarães', 'Gordon']],
      ['Forwards', ['Isak']],
    ]);
  });

  it('puts players without a position last, and claims no groups when no position is known', () => {
    expect(positionGroups([player('A', null), player('B', 'Defender')]).map((g) => g.label)).toEqual(['Defenders', 'Position not given']);
    expect(positionGroups([player('A', null), player('B', null)])).toEqual([
      { label: null, players: [player('A', null), player('B', null)] },
    ]);
    expect(positionGroups([])).toEqual([]);
  });

  it('says when a substitute came on where the source gives the minute, else how long he played', () => {
    expect(substituteNote(player('Elliott', 'Midfielder', { cameOn: 63, minutes: 27 }))).toBe("On 63'");
    expect(substituteNote(player('Elliott', 'Midfielder', { minutes: 27 }))).toBe('Played 27 min');
    expect(substituteNote(player('Unused', 'Goalkeeper', { minutes: 0 }))).toBeNull();
    expect(wentOffNote(player('Isak', 'Attacker', { wentOff: 70 }))).toBe("Off 70'");
    expect(wentOffNote(player('Isak', 'Attacker'))).toBeNull();
  });

  it('shows xG to two decimals only where known', () => {
    expect(xgText(player('Salah', 'Midfielder', { xg: 0.7 }))).toBe('0.70');
    expect(xgText(player('Salah', 'Midfielder'))).toBeNull();
  });
});
