import { lineupSide, lineupSource } from '../lineup';
import type { LineupLineRow } from '../repository';

const line = (
  id: number,
  name: string,
  position: string | null,
  started: 0 | 1,
  minutes: number,
  extra: Partial<LineupLineRow> = {},
): LineupLineRow => ({
  player_id: id,
  team_id: 10,
  name,
  position,
  started,
  subbed_in: started ? 0 : minutes > 0 ? 1 : 0,
  minutes,
  rating: minutes > 0 ? 6.74 : null,
  goals: 0,
  assists: 0,
  yellow_cards: 0,
  red_cards: 0,
  expected_goals: null,
  ...extra,
});

const lines: LineupLineRow[] = [
  line(1, 'Striker', 'Attacker', 1, 90, { goals: 2, expected_goals: 1.234 }),
  line(2, 'Keeper', 'Goalkeeper', 1, 90),
  line(3, 'Winger', 'Midfielder', 1, 70),
  line(4, 'Back', 'Defender', 1, 90),
  line(5, 'Anchor', 'Midfielder', 1, 90),
  line(6, 'Mystery', null, 1, 90),
  line(7, 'Late', 'Attacker', 0, 5),
  line(8, 'Early', 'Midfielder', 0, 20),
  line(9, 'Unused', 'Goalkeeper', 0, 0),
  line(10, 'OTHER SIDE', 'Defender', 1, 90, { team_id: 11 }),
  line(11, 'Shouted NAME', 'Defender', 0, 0),
];

describe('a side’s line-up from its players’ lines', () => {
  it('groups the starters goalkeeper, defenders, midfielders, forwards, unknown positions last', () => {
    const side = lineupSide(10, 'Home', lines, false);
    expect(side.starters.map((p) => p.name)).toEqual(['Keeper', 'Back', 'Anchor', 'Winger', 'Striker', 'Mystery']);
    expect(side.starters.find((p) => p.name === 'Mystery')?.position).toBeNull();
  });

  it('lists who came on by the minutes they played, longest first, with no minute of coming on', () => {
    const side = lineupSide(10, 'Home', lines, false);
    expect(side.substitutes.map((p) => [p.name, p.minutes, p.cameOn])).toEqual([
      ['Early', 20, null],
      ['Late', 5, null],
    ]);
  });

  it('says a side whose lines name no starter is not available, and lists nobody of it', () => {
    expect(lineupSide(10, 'Home', lines, true).available).toBe(true);
    const none = lineupSide(
      11,
      'Away',
      lines.filter((l) => l.team_id !== 11 || l.started === 0),
      true,
    );
    expect(none).toEqual({ teamId: 11, teamName: 'Away', available: false, starters: [], substitutes: [], bench: null });
    expect(lineupSide(12, 'Nobody', lines, false)).toMatchObject({ available: false, starters: [] });
  });

  it('has no bench where the source does not list it, and the unused where it does', () => {
    expect(lineupSide(10, 'Home', lines, false).bench).toBeNull();
    expect(lineupSide(10, 'Home', lines, true).bench?.map((p) => p.name)).toEqual(['Unused', 'Shouted Name']);
  });

  it('keeps the figures: goals, xG to two decimals, the rating to one; none for a player who did not play', () => {
    const side = lineupSide(10, 'Home', lines, true);
    expect(side.starters.find((p) => p.playerId === 1)).toMatchObject({ goals: 2, xg: 1.23, rating: 6.7, captain: null });
    expect(side.bench?.[0]).toMatchObject({ rating: null, xg: null, minutes: 0 });
  });

  it('names the source of the lines: API-Football, football.json where its line-ups were stored, FPL, else the demo season', () => {
    expect(lineupSource(['football-data-co-uk', 'fpl'], lines).name).toBe('FPL');
    expect(lineupSource(['fpl', 'api-football'], lines).name).toBe('API-Football');
    // a football.json results file beside FPL's lines: the lines are FPL's
    expect(lineupSource(['football-json', 'fpl'], lines).name).toBe('FPL');
    const full = lines.map((l) => ({ ...l, captain: l.player_id === 2 ? 1 : 0 }));
    expect(lineupSource(['football-json'], full).name).toBe('openfootball (football.json)');
    expect(lineupSource([], lines).name).toBe('demo data');
  });

  it('reads the captain and the minutes of a substitution where the source gives them', () => {
    const full = lines.map((l) =>
      l.player_id === 7 ? { ...l, captain: 0, came_on: 85 } : l.player_id === 1 ? { ...l, captain: 1, went_off: 85 } : { ...l, captain: 0 },
    );
    const side = lineupSide(10, 'Home', full, false);
    expect(side.starters.find((p) => p.playerId === 1)).toMatchObject({ captain: true, wentOff: 85 });
    expect(side.starters.find((p) => p.playerId === 2)?.captain).toBe(false);
    // the one with a minute first
    expect(side.substitutes.map((p) => [p.name, p.cameOn])).toEqual([
      ['Late', 85],
      ['Early', null],
    ]);
  });
});
