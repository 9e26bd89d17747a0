import { computeTable, movement, withoutLatestRound, zoneOf, type TableMatch, type TableTeam } from '../../../domain/table';
import { headToHead, orderTable, type TeamRecord } from '../../../domain/tiebreak';
import { parseZones, tableRules } from '../rules';

const DAY = 86_400_000;
const teams = (...names: string[]): TableTeam[] => names.map((name, i) => ({ teamId: i + 1, name, group: null }));

let clock = Date.UTC(2024, 7, 1);
/** Matches played one day apart, in the order given; 'A 2-1 B' style with team ids 1..n by letter. */
function results(...lines: string[]): TableMatch[] {
  return lines.map((line, i) => {
    const match = /^(\w) (\d+)-(\d+) (\w)(?: @(\S+))?$/.exec(line);
    if (!match) throw new Error(`bad line ${line}`);
    clock += DAY;
    return {
      homeTeamId: match[1]!.charCodeAt(0) - 64,
      awayTeamId: match[4]!.charCodeAt(0) - 64,
      homeGoals: Number(match[2]),
      awayGoals: Number(match[3]),
      kickoff: clock + i,
      round: match[5] ?? null,
    };
  });
}

const order = (rows: Array<{ name: string }>) => rows.map((r) => r.name).join(' ');

describe('computeTable', () => {
  it('counts played, wins, draws, losses, goals and points, form oldest first', () => {
    const table = computeTable(teams('A', 'B', 'C'), results('A 2-0 B', 'B 1-1 C', 'C 0-3 A', 'B 2-1 A'), 'points-gd-gf');
    expect(order(table)).toBe('A B C');
    expect(table[0]).toMatchObject({
      rank: 1,
      played: 3,
      wins: 2,
      draws: 0,
      losses: 1,
      goalsFor: 6,
      goalsAgainst: 2,
      goalDifference: 4,
      points: 6,
    });
    expect(table[0]!.form).toEqual(['W', 'W', 'L']);
    expect(table[1]).toMatchObject({ rank: 2, played: 3, wins: 1, draws: 1, losses: 1, goalsFor: 3, goalsAgainst: 4, points: 4 });
    expect(table[1]!.form).toEqual(['L', 'D', 'W']);
    expect(table[2]).toMatchObject({ rank: 3, played: 2, wins: 0, draws: 1, losses: 1, points: 1, awayGoalsFor: 1 });
  });

  it('gives teams without a match an empty row and ignores matches of unknown teams', () => {
    const table = computeTable(teams('A', 'B'), results('A 1-0 B', 'A 4-0 C'), 'points-gd-gf');
    expect(table.map((r) => [r.name, r.played, r.goalsFor])).toEqual([
      ['A', 1, 1],
      ['B', 1, 0],
    ]);
    expect(computeTable(teams('A', 'B'), [], 'points-gd-gf').map((r) => r.points)).toEqual([0, 0]);
  });

  it('applies points adjustments before ordering and reports them', () => {
    const matches = results('A 1-0 B', 'B 1-0 C', 'C 0-0 A');
    // A 4, B 3, C 1; A loses 2 points -> B first
    const table = computeTable(teams('A', 'B', 'C'), matches, 'points-gd-gf', new Map([[1, -2]]));
    expect(order(table)).toBe('B A C');
    expect(table[1]).toMatchObject({ name: 'A', points: 2, pointsAdjustment: -2, wins: 1, draws: 1 });
  });

  it("'points-gd-gf': goal difference, then goals scored, then name", () => {
    // A, B, C, D all on 3 points
    const matches = results('A 3-0 B', 'B 1-0 C', 'C 4-2 D', 'D 1-0 A');
    const table = computeTable(teams('A', 'B', 'C', 'D'), matches, 'points-gd-gf');
    // GD: A +2, B -2, C +1, D -1
    expect(order(table)).toBe('A C D B');
    // Same GD, more goals wins: A 2-1 (GD +1, GF 2) before B 1-0 (GD +1, GF 1), although B comes first by name
    const byGoals = computeTable(teams('A', 'B', 'C', 'D'), results('B 2-1 C', 'A 1-0 D'), 'points-gd-gf');
    expect(order(byGoals)).toBe('B A C D');
    // Level on everything: by name
    expect(order(computeTable(teams('Y', 'X'), [], 'points-gd-gf'))).toBe('X Y');
  });

  it("'h2h-first': the tied teams' results against each other come before goal difference", () => {
    // A and B on 6 points; B has the better goal difference but A beat B.
    const matches = results('A 1-0 B', 'B 5-0 C', 'C 1-0 A', 'B 4-0 C', 'A 2-1 C');
    const gd = computeTable(teams('A', 'B', 'C'), matches, 'points-gd-gf');
    const h2h = computeTable(teams('A', 'B', 'C'), matches, 'h2h-first');
    expect(gd.slice(0, 2).map((r) => r.points)).toEqual([6, 6]);
    expect(order(gd)).toBe('B A C');
    expect(order(h2h)).toBe('A B C');
  });

  it("'h2h-first' among three teams: mini-table points, then h2h goal difference, then h2h goals", () => {
    // A, B, C all on 6 points (each beats one of the others and beats D).
    // Mini-table: each 3 points; h2h GD: A +2 (3-0, 0-1), B 0 (1-0, 1-2)... computed below.
    const matches = results('A 3-0 B', 'B 1-0 C', 'C 1-0 A', 'A 1-0 D', 'B 1-0 D', 'C 1-0 D', 'D 9-0 E');
    const table = computeTable(teams('A', 'B', 'C', 'D', 'E'), matches, 'h2h-first');
    const mini = headToHead(new Set([1, 2, 3]), matches);
    expect([1, 2, 3].map((id) => mini.get(id)!.points)).toEqual([3, 3, 3]);
    expect([1, 2, 3].map((id) => mini.get(id)!.goalDifference)).toEqual([2, -2, 0]);
    expect(order(table)).toBe('A C B D E');
  });

  it("'h2h-first' re-applies head-to-head to the teams still level after the first pass", () => {
    // A, B, C on 4 points each. Among all three: A 4, B 2... constructed so that A is separated by
    // mini-table points and B and C stay level; their own match (B 2-0 C) then decides, although C has
    // the better overall goal difference.
    const matches = results('A 1-0 B', 'A 0-0 C', 'B 2-0 C', 'C 5-0 D', 'B 0-1 D', 'D 0-1 A');
    const records = computeTable(teams('A', 'B', 'C', 'D'), matches, 'points-gd-gf');
    const points = new Map(records.map((r) => [r.name, r.points]));
    expect([points.get('A'), points.get('B'), points.get('C')]).toEqual([7, 3, 4]);
    // Make B and C level with an adjustment: +1 for B
    const adjusted = computeTable(teams('A', 'B', 'C', 'D'), matches, 'h2h-first', new Map([[2, 1]]));
    const gdOrder = computeTable(teams('A', 'B', 'C', 'D'), matches, 'points-gd-gf', new Map([[2, 1]]));
    expect(order(gdOrder)).toBe('A C B D');
    expect(order(adjusted)).toBe('A B C D');
  });

  it("'h2h-first' with a three-way tie: head-to-head points first, then again among those still level", () => {
    const three: TeamRecord[] = [
      { teamId: 1, name: 'X', points: 4, goalsFor: 5, goalsAgainst: 5, wins: 1, awayGoalsFor: 0, awayWins: 0 },
      { teamId: 2, name: 'Y', points: 4, goalsFor: 9, goalsAgainst: 2, wins: 1, awayGoalsFor: 0, awayWins: 0 },
      { teamId: 3, name: 'Z', points: 4, goalsFor: 3, goalsAgainst: 4, wins: 1, awayGoalsFor: 0, awayWins: 0 },
    ];
    // Among X, Y, Z: X beat Y and Z 1-0 (6), Y and Z drew each other 1-1 (1 point, GD -1, 1 goal each):
    // level on every h2h criterion among themselves too -> overall goal difference: Y (+7) before Z (-1).
    const h2h = [
      { homeTeamId: 1, awayTeamId: 2, homeGoals: 1, awayGoals: 0 },
      { homeTeamId: 1, awayTeamId: 3, homeGoals: 1, awayGoals: 0 },
      { homeTeamId: 2, awayTeamId: 3, homeGoals: 1, awayGoals: 1 },
    ];
    expect(orderTable(three, 'h2h-first', h2h).map((r) => r.name)).toEqual(['X', 'Y', 'Z']);
    // X beating Z only 2-1: once head-to-head points have separated X, Y and Z are compared on their own
    // match only (Z's goal against X no longer counts): still level, so Y on overall goal difference.
    const zScores = [h2h[0]!, { homeTeamId: 1, awayTeamId: 3, homeGoals: 2, awayGoals: 1 }, h2h[2]!];
    expect(orderTable(three, 'h2h-first', zScores).map((r) => r.name)).toEqual(['X', 'Y', 'Z']);
    // Y and Z level on head-to-head points with X too (all drew): head-to-head goal difference among the
    // three decides (Y 2-2 X, Z 0-0 X, Y 1-1 Z: everyone 0) -> head-to-head goals: Y 3, Z 1, X 2.
    const allDrawn = [
      { homeTeamId: 1, awayTeamId: 2, homeGoals: 2, awayGoals: 2 },
      { homeTeamId: 1, awayTeamId: 3, homeGoals: 0, awayGoals: 0 },
      { homeTeamId: 2, awayTeamId: 3, homeGoals: 1, awayGoals: 1 },
    ];
    expect(orderTable(three, 'h2h-first', allDrawn).map((r) => r.name)).toEqual(['Y', 'X', 'Z']);
    // With only Y 1-1 Z played among them, Y and Z have a head-to-head point and X none: Y, Z (overall
    // goal difference), then X, although X has the better goal difference than Z.
    expect(orderTable(three, 'h2h-first', [h2h[2]!]).map((r) => r.name)).toEqual(['Y', 'Z', 'X']);
  });

  it("'ucl-league-phase': goal difference, goals, away goals, wins, away wins", () => {
    const base = { points: 10, goalsFor: 10, goalsAgainst: 5, wins: 3, awayGoalsFor: 4, awayWins: 1 };
    const records: TeamRecord[] = [
      { teamId: 1, name: 'A', ...base },
      { teamId: 2, name: 'B', ...base, awayGoalsFor: 6 },
      { teamId: 3, name: 'C', ...base, goalsFor: 11, goalsAgainst: 6 },
      { teamId: 4, name: 'D', ...base, awayWins: 2 },
      { teamId: 5, name: 'E', ...base, goalsAgainst: 4 },
      { teamId: 6, name: 'F', ...base, wins: 2, awayGoalsFor: 4 },
    ];
    // E (GD +6), C (GD +5, 11 goals), B (away goals 6), then A/D (wins 3): D more away wins, then F (2 wins)
    expect(orderTable(records, 'ucl-league-phase', []).map((r) => r.name)).toEqual(['E', 'C', 'B', 'D', 'A', 'F']);
    // Points always come first
    expect(orderTable([...records, { teamId: 7, name: 'G', ...base, points: 11, goalsFor: 0 }], 'ucl-league-phase', [])[0]!.name).toBe('G');
  });

  it('groups get their own tables, ranked from 1, in group order', () => {
    const grouped: TableTeam[] = [
      { teamId: 1, name: 'A', group: 'Group B' },
      { teamId: 2, name: 'B', group: 'Group B' },
      { teamId: 3, name: 'C', group: 'Group A' },
      { teamId: 4, name: 'D', group: 'Group A' },
    ];
    const table = computeTable(grouped, results('A 0-1 B', 'C 2-2 D', 'D 1-0 C'), 'h2h-first');
    expect(table.map((r) => [r.group, r.rank, r.name])).toEqual([
      ['Group A', 1, 'D'],
      ['Group A', 2, 'C'],
      ['Group B', 1, 'B'],
      ['Group B', 2, 'A'],
    ]);
  });
});

describe('movement and the previous round', () => {
  it('withoutLatestRound drops the matches of the latest round only', () => {
    const matches = results('A 1-0 B @R1', 'C 1-0 D @R1', 'A 1-0 C @R2', 'B 1-0 D @R2');
    expect(withoutLatestRound(matches).map((m) => m.round)).toEqual(['R1', 'R1']);
    expect(withoutLatestRound([])).toEqual([]);
  });

  it('a postponed match of an old round played late takes only itself with it', () => {
    const matches = results('A 1-0 B @R1', 'C 1-0 D @R2', 'A 1-0 C @R3');
    const late: TableMatch = { ...matches[0]!, homeTeamId: 2, awayTeamId: 4, kickoff: matches[2]!.kickoff + 10 * DAY };
    expect(withoutLatestRound([...matches, late])).toHaveLength(3);
  });

  it('without round names, drops the matches of the last three days', () => {
    const start = Date.UTC(2024, 0, 1);
    const at = (day: number): TableMatch => ({
      homeTeamId: 1,
      awayTeamId: 2,
      homeGoals: 0,
      awayGoals: 0,
      kickoff: start + day * DAY,
      round: null,
    });
    expect(withoutLatestRound([at(0), at(4), at(7), at(8)]).map((m) => (m.kickoff - start) / DAY)).toEqual([0, 4]);
  });

  it('movement compares ranks (smaller is better)', () => {
    expect(movement(2, 5)).toBe('up');
    expect(movement(5, 2)).toBe('down');
    expect(movement(3, 3)).toBe('same');
    expect(movement(3, undefined)).toBe('same');
  });
});

describe('zones and season rules', () => {
  it('parses zones JSON and finds the zone of a rank', () => {
    const zones = parseZones(
      JSON.stringify([
        { from: 1, to: 4, description: 'Champions League', kind: 'champions-league' },
        { from: 18, to: 20, description: 'Relegation', kind: 'relegation' },
        { bad: 1 },
      ]),
    );
    expect(zones).toHaveLength(2);
    expect(zoneOf(4, zones)).toEqual({ from: 1, to: 4, description: 'Champions League', kind: 'champions-league' });
    expect(zoneOf(5, zones)).toBeUndefined();
    expect(zoneOf(20, zones)?.kind).toBe('relegation');
    expect(parseZones('not json')).toEqual([]);
    expect(parseZones(null)).toEqual([]);
  });

  it('gives a stored zone without a kind the kind of the catalogue zone over the same places, else other', () => {
    const known = tableRules(39, 2023, undefined, false).zones;
    const zones = parseZones(
      JSON.stringify([
        { from: 1, to: 4, description: 'Promotion - Champions League (Group Stage)' },
        { from: 5, to: 6, description: 'Europa League' },
        { from: 18, to: 20, description: 'Relegation', kind: 'not-a-kind' },
      ]),
      known,
    );
    expect(zones.map((z) => z.kind)).toEqual(['champions-league', 'other', 'relegation']);
  });

  it('uses the stored rule, else what the league catalogue knows of the league', () => {
    expect(tableRules(39, 2023, undefined, false)).toMatchObject({ rule: 'points-gd-gf' });
    expect(tableRules(39, 2023, undefined, false).zones.map((z) => [z.description, z.kind])).toEqual([
      ['Champions League', 'champions-league'],
      ['Europa League', 'europa-league'],
      ['Relegation', 'relegation'],
    ]);
    expect(tableRules(323, 2024, { format: 'league', tiebreak: 'points-gd-gf', zones: null }, false).rule).toBe('h2h-first');
    // La Liga breaks ties head-to-head even when no importer wrote its season row.
    expect(tableRules(140, 2024, undefined, false).rule).toBe('h2h-first');
    expect(tableRules(2, 2023, undefined, true)).toMatchObject({ rule: 'h2h-first' });
    expect(tableRules(1000, 2023, undefined, true)).toMatchObject({ rule: 'h2h-first', zones: [] });
    expect(tableRules(2, 2024, undefined, false)).toMatchObject({ rule: 'ucl-league-phase' });
    expect(tableRules(2, 2024, undefined, false).zones[1]).toEqual({
      from: 9,
      to: 24,
      description: 'Knockout play-offs',
      kind: 'knockouts',
    });
    expect(
      tableRules(1000, 2024, { format: 'league', tiebreak: 'h2h-first', zones: '[{"from":1,"to":1,"description":"Champion"}]' }, false),
    ).toEqual({
      rule: 'h2h-first',
      zones: [{ from: 1, to: 1, description: 'Champion', kind: 'other' }],
    });
    expect(tableRules(1000, 2024, undefined, false)).toEqual({ rule: 'points-gd-gf', zones: [] });
  });
});
