import { isTieBreakRule, leagueIdByName, leagueIdBySource, seasonRules, type TieBreakRule } from '@matchday/contracts';
import { computeTable, type TableMatch, type TableTeam } from '../../../domain/table';
import { tableRules } from '../rules';

/**
 * The group stages' tie-breakers on real tables (World Cup 2022, Euro 2024) and on made-up ones that tell the
 * FIFA 2022 order ('points-gd-gf-h2h') and the UEFA order ('h2h-first') apart.
 */

/** A group from its results, "Portugal 3-2 Ghana" one a line, played a day apart in the order given. */
function group(...lines: string[]): { teams: TableTeam[]; matches: TableMatch[] } {
  const ids = new Map<string, number>();
  const id = (name: string) => ids.get(name) ?? ids.set(name, ids.size + 1).get(name)!;
  const matches = lines.map((line, i): TableMatch => {
    const match = /^(.+?) (\d+)-(\d+) (.+)$/.exec(line);
    if (!match) throw new Error(`bad line ${line}`);
    return {
      homeTeamId: id(match[1]!),
      awayTeamId: id(match[4]!),
      homeGoals: Number(match[2]),
      awayGoals: Number(match[3]),
      kickoff: Date.UTC(2022, 10, 20 + i),
      round: null,
    };
  });
  return { teams: [...ids].map(([name, teamId]) => ({ teamId, name, group: 'A' })), matches };
}

const order = (rule: TieBreakRule, g: ReturnType<typeof group>) => computeTable(g.teams, g.matches, rule).map((r) => r.name);

describe("'points-gd-gf-h2h' (World Cup 2022)", () => {
  it('Group H: South Korea above Uruguay on goals scored, both on 4 points and goal difference 0', () => {
    const h = group(
      'Uruguay 0-0 South Korea',
      'Portugal 3-2 Ghana',
      'South Korea 2-3 Ghana',
      'Portugal 2-0 Uruguay',
      'Ghana 0-2 Uruguay',
      'South Korea 2-1 Portugal',
    );
    const table = computeTable(h.teams, h.matches, 'points-gd-gf-h2h');
    expect(table.map((r) => [r.name, r.points, r.goalDifference, r.goalsFor])).toEqual([
      ['Portugal', 6, 2, 6],
      ['South Korea', 4, 0, 4],
      ['Uruguay', 4, 0, 2],
      ['Ghana', 3, -2, 5],
    ]);
    // Their 0-0 decides nothing under UEFA's order either: the same table.
    expect(order('h2h-first', h)).toEqual(order('points-gd-gf-h2h', h));
  });

  it('Group E: Spain above Germany on goal difference (+6 to +1), Japan first on points', () => {
    const e = group(
      'Germany 1-2 Japan',
      'Spain 7-0 Costa Rica',
      'Japan 0-1 Costa Rica',
      'Spain 1-1 Germany',
      'Japan 2-1 Spain',
      'Costa Rica 2-4 Germany',
    );
    expect(order('points-gd-gf-h2h', e)).toEqual(['Japan', 'Spain', 'Germany', 'Costa Rica']);
  });

  it('puts goal difference before the result between the two teams, unlike UEFA', () => {
    // A beat B, but B has the better goal difference (+5 to +1); both on 6 points.
    const g = group('A 1-0 B', 'A 0-1 C', 'A 1-0 D', 'B 3-0 C', 'B 3-0 D', 'C 0-0 D');
    expect(order('points-gd-gf-h2h', g)).toEqual(['B', 'A', 'C', 'D']);
    expect(order('h2h-first', g)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('goes to head-to-head only among teams level on points, goal difference and goals, once for all of them', () => {
    // A, B and C: 4 points, 2-2 in goals each. Among the three: C scored 1, A and B 2 each; B beat A 2-1.
    const g = group('B 2-1 A', 'A 1-0 C', 'C 1-0 B', 'A 0-0 D', 'B 0-0 D', 'C 1-1 D');
    const table = computeTable(g.teams, g.matches, 'points-gd-gf-h2h');
    expect(table.map((r) => [r.name, r.points, r.goalsFor, r.goalsAgainst])).toEqual([
      ['A', 4, 2, 2],
      ['B', 4, 2, 2],
      ['C', 4, 2, 2],
      ['D', 3, 1, 1],
    ]);
    // FIFA's criteria among the three leave A and B level (then fair play, lots: here the name); UEFA's
    // are applied again to A and B alone, where B's win counts.
    expect(order('h2h-first', g)).toEqual(['B', 'A', 'C', 'D']);
  });
});

describe("'h2h-first' (Euro 2024)", () => {
  it('Group E: all four on 4 points, so head-to-head is the whole group; Romania above Belgium on goals scored', () => {
    const e = group(
      'Romania 3-0 Ukraine',
      'Belgium 0-1 Slovakia',
      'Slovakia 1-2 Ukraine',
      'Belgium 2-0 Romania',
      'Slovakia 1-1 Romania',
      'Ukraine 0-0 Belgium',
    );
    const table = computeTable(e.teams, e.matches, 'h2h-first');
    expect(table.map((r) => [r.name, r.points, r.goalDifference, r.goalsFor])).toEqual([
      ['Romania', 4, 1, 4],
      ['Belgium', 4, 1, 2],
      ['Slovakia', 4, 0, 3],
      ['Ukraine', 4, -2, 2],
    ]);
  });

  it('Group F: Portugal above Turkey on 6 points, by their 3-0 (and goal difference)', () => {
    const f = group(
      'Turkey 3-1 Georgia',
      'Portugal 2-1 Czech Republic',
      'Georgia 1-1 Czech Republic',
      'Turkey 0-3 Portugal',
      'Georgia 2-0 Portugal',
      'Czech Republic 1-2 Turkey',
    );
    expect(order('h2h-first', f)).toEqual(['Portugal', 'Turkey', 'Georgia', 'Czech Republic']);
  });
});

describe('tournament rules in the catalogue', () => {
  it('knows the World Cup (1) and the Euro (4) and their group stages', () => {
    expect(isTieBreakRule('points-gd-gf-h2h')).toBe(true);
    expect([leagueIdBySource('openfootball', 'cup'), leagueIdBySource('openfootball', 'euro')]).toEqual([1, 4]);
    expect([leagueIdBySource('api-football', '1'), leagueIdBySource('api-football', '4')]).toEqual([1, 4]);
    expect([leagueIdByName('FIFA World Cup'), leagueIdByName('Euro'), leagueIdByName('UEFA European Championship')]).toEqual([1, 4, 4]);

    // A group stage keeps the World Cup's own order, grouped or not.
    for (const grouped of [false, true]) {
      expect(seasonRules(1, 2022, grouped)).toEqual({
        format: 'groups',
        tiebreak: 'points-gd-gf-h2h',
        zones: [{ from: 1, to: 2, description: 'Round of 16', kind: 'knockouts' }],
        beyondResults: 'fair play, then drawing of lots',
      });
    }
    // FIFA 2026: head-to-head first, the best 8 of 12 thirds; what the results cannot decide is named, not guessed.
    expect(seasonRules(1, 2026)).toMatchObject({
      format: 'groups',
      tiebreak: 'h2h-first',
      bestThirds: 8,
      beyondResults: 'fair play, then the FIFA ranking',
    });
    expect(seasonRules(1, 2026).thirdsOnWins).toBeUndefined();
    expect(seasonRules(4, 2024)).toMatchObject({
      bestThirds: 4,
      thirdsOnWins: true,
      beyondResults: 'fair play, then the European Qualifiers ranking',
    });
    expect(seasonRules(1, 2022).bestThirds).toBeUndefined();
    expect(seasonRules(1, 2026).zones.map((z) => z.description)).toEqual(['Round of 32', 'Round of 32 (eight best third-placed teams)']);
    expect(seasonRules(4, 2024, true)).toMatchObject({ format: 'groups', tiebreak: 'h2h-first' });
    expect(seasonRules(4, 2024).zones.map((z) => [z.from, z.to])).toEqual([
      [1, 2],
      [3, 3],
    ]);
    expect(seasonRules(4, 2012).zones).toEqual([{ from: 1, to: 2, description: 'Quarter-finals', kind: 'knockouts' }]);
    // A standings request on a grouped season without its own row still gets FIFA's order.
    expect(tableRules(1, 2022, undefined, true).rule).toBe('points-gd-gf-h2h');
    expect(tableRules(1, 2022, { format: 'groups', tiebreak: 'points-gd-gf-h2h', zones: null }, true).rule).toBe('points-gd-gf-h2h');
    expect(tableRules(4, 2024, undefined, true).rule).toBe('h2h-first');
  });
});
