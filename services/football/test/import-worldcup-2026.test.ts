import { testDatabases } from '@matchday/testing';
import type { ImportedMatch } from '../src/importers/model';
import { readOpenfootball } from '../src/importers/sources/openfootball';
import { standings, thirdPlaced } from '../src/modules/standings/service';
import { find, goalCount, goalText, useImportedDatabase, worldCup2026Dir } from './support/openfootball-tournaments';

/** The World Cup 2026 from openfootball (48 teams, its own format): its files as read, then imported and ranked. */

describe('openfootball World Cup 2026 (48 teams, its own format)', () => {
  const wc26 = readOpenfootball(worldCup2026Dir);
  const match = (number: number) => {
    const found = wc26.matches.find((m) => m.matchNumber === number);
    if (!found) throw new Error(`no match ${number}`);
    return found;
  };

  it('reads all 104 matches with 308 goals, without a problem: 72 in twelve groups, 32 knockouts numbered 73-104', () => {
    expect(wc26.problems).toEqual([]);
    expect([wc26.matches.length, goalCount(wc26.matches)]).toEqual([104, 308]);
    expect(wc26.matches.every((m) => m.leagueId === 1 && m.season === 2026)).toBe(true);
    const groups = wc26.matches.filter((m) => m.stage === 'group');
    expect(groups).toHaveLength(72);
    expect(new Set(groups.map((m) => m.group))).toEqual(new Set('ABCDEFGHIJKL'));
    expect(groups.every((m) => m.matchNumber === undefined)).toBe(true);
    const knockouts = wc26.matches.filter((m) => m.stage === 'knockout');
    expect(knockouts.map((m) => m.matchNumber).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 32 }, (_, i) => 73 + i));
    expect(goalCount(groups)).toBe(215);
  });

  it("stores each kick-off as the UTC instant of its line's own offset", () => {
    const opener = find(wc26.matches, 'Mexico', 'South Africa');
    // 13:00 UTC-6 in Mexico City
    expect(opener.kickoffAt.toISOString()).toBe('2026-06-11T19:00:00.000Z');
    // (75) 19:00 UTC-6 in Monterrey: past midnight in UTC, the next day
    expect(match(75).kickoffAt.toISOString()).toBe('2026-06-30T01:00:00.000Z');
    // (104) 15:00 UTC-4 in East Rutherford
    expect(match(104).kickoffAt.toISOString()).toBe('2026-07-19T19:00:00.000Z');
  });

  it('takes each venue from the stadiums file: stadium, city, country and capacity', () => {
    expect(match(104).venue).toEqual({
      name: 'MetLife Stadium',
      city: 'New York/New Jersey (East Rutherford)',
      country: 'USA',
      capacity: 82500,
    });
    expect(find(wc26.matches, 'Mexico', 'South Africa').venue).toEqual({
      name: 'Estadio Azteca',
      city: 'Mexico City',
      country: 'Mexico',
      capacity: 83000,
    });
    expect(new Set(wc26.matches.map((m) => m.venue!.name)).size).toBe(16);
  });

  it('keeps the match numbers and the slots of the draw from the comments', () => {
    expect([match(73).homeSlot, match(73).awaySlot, match(73).round]).toEqual(['2A', '2B', 'Round of 32']);
    expect([match(74).homeSlot, match(74).awaySlot]).toEqual(['1E', '3A/B/C/D/F']);
    expect([match(89).homeSlot, match(89).awaySlot, match(89).home.name]).toEqual(['W74', 'W77', 'Paraguay']);
    expect([match(103).homeSlot, match(103).awaySlot]).toEqual(['L101', 'L102']);
    expect([match(104).home.name, match(104).away.name, match(104).extraTime]).toEqual(['Spain', 'Argentina', { home: 1, away: 0 }]);
  });

  it("reads 2026's scorer marks: (p), (og), (OG), several minutes of one player, lists that wrap", () => {
    const texts = (m: ImportedMatch) => m.goalEvents!.map(goalText);
    // "(Miro Muheim 90+4'(og); Breel Embolo 17'(p))"
    expect(texts(find(wc26.matches, 'Qatar', 'Switzerland'))).toEqual(["away Breel Embolo 17' pen", "home Miro Muheim 90+4' og"]);
    // "Mahmoud Abunada 34'(OG)": an own goal in capitals
    expect(texts(find(wc26.matches, 'Bosnia & Herzegovina', 'Qatar'))).toContain("home Mahmoud Abunada 34' og");
    // "Kai Havertz 45+5'(p),88'": a penalty and another goal of the same player
    const germany = find(wc26.matches, 'Germany', 'Curaçao').goalEvents!.filter((g) => g.scorer === 'Kai Havertz');
    expect(germany.map(goalText)).toEqual(["home Kai Havertz 45+5' pen", "home Kai Havertz 88'"]);
    // the third-place match's wrapped list, "Bukayo Saka 37', 45+1', 87'(p)"
    const saka = match(103).goalEvents!.filter((g) => g.scorer === 'Bukayo Saka');
    expect(saka.map(goalText)).toEqual(["away Bukayo Saka 37'", "away Bukayo Saka 45+1'", "away Bukayo Saka 87' pen"]);
    // "(Kylian Mbappé 70' (p))" with a space before the mark
    expect(texts(match(89))).toEqual(["away Kylian Mbappé 70' pen"]);
  });
});

describe.each(testDatabases())('World Cup 2026 import on %s', (_label, makeTarget) => {
  const imported = useImportedDatabase(makeTarget, [worldCup2026Dir]);
  const wc26 = readOpenfootball(worldCup2026Dir);

  it('stores 104 matches, 308 goals, the knockouts with their numbers and slots', async () => {
    const count = await imported.db('fixtures').where({ league_id: 1, season: 2026 }).count({ n: '*' }).first();
    expect(Number(count!.n)).toBe(104);
    const goals = await imported.db('match_events').where({ kind: 'goal' }).count({ n: '*' }).first();
    expect(Number(goals!.n)).toBe(308);
    const final = await imported.db('fixtures').where({ league_id: 1, season: 2026, match_number: 104 }).first();
    expect(final).toMatchObject({ stage: 'knockout', home_slot: 'W101', away_slot: 'W102', home_goals_et: 1, away_goals_et: 0 });
    const venue = await imported.db('venues').where({ id: final.venue_id }).first('name', 'city', 'capacity');
    expect(venue).toEqual({ name: 'MetLife Stadium', city: 'New York/New Jersey (East Rutherford)', capacity: 82500 });
  });

  it("finishes every group in the order of FIFA's 2026 criteria, as the round of 32's slots say", async () => {
    const tables: Record<string, string[]> = {};
    for (const row of await standings(imported.db, 1, 2026)) (tables[row.group!] ??= []).push(row.teamName);
    expect(tables).toEqual({
      A: ['Mexico', 'South Africa', 'South Korea', 'Czech Republic'],
      B: ['Switzerland', 'Canada', 'Bosnia & Herzegovina', 'Qatar'],
      C: ['Brazil', 'Morocco', 'Scotland', 'Haiti'],
      D: ['USA', 'Australia', 'Paraguay', 'Turkey'],
      E: ['Germany', 'Ivory Coast', 'Ecuador', 'Curaçao'],
      F: ['Netherlands', 'Japan', 'Sweden', 'Tunisia'],
      G: ['Belgium', 'Egypt', 'Iran', 'New Zealand'],
      H: ['Spain', 'Cape Verde', 'Uruguay', 'Saudi Arabia'],
      I: ['France', 'Norway', 'Senegal', 'Iraq'],
      J: ['Argentina', 'Austria', 'Algeria', 'Jordan'],
      K: ['Colombia', 'Portugal', 'DR Congo', 'Uzbekistan'],
      L: ['England', 'Croatia', 'Ghana', 'Panama'],
    });
    // Who the draw's comments put in each group place: "## 1E v 3A/B/C/D/F" with Germany at home is 1E.
    const placed = new Map<string, string>();
    for (const m of wc26.matches.filter((x) => x.round === 'Round of 32')) {
      placed.set(m.homeSlot!, m.home.name);
      placed.set(m.awaySlot!, m.away.name);
    }
    for (const [group, order] of Object.entries(tables)) {
      expect([group, order[0]]).toEqual([group, placed.get(`1${group}`)]);
      if (placed.has(`2${group}`)) expect([group, order[1]]).toEqual([group, placed.get(`2${group}`)]);
    }
  });

  it('ranks the twelve thirds: the eight qualified are the eight the round of 32 drew', async () => {
    const { qualifying, thirdPlaced: thirds } = await thirdPlaced(imported.db, 1, 2026);
    expect(
      thirds.map((t) => `${t.rank} ${t.group} ${t.teamName} ${t.points} ${t.goalDifference} ${t.goalsFor}${t.qualified ? ' Q' : ''}`),
    ).toEqual([
      '1 K DR Congo 4 1 4 Q',
      '2 F Sweden 4 0 7 Q',
      '3 E Ecuador 4 0 2 Q',
      '4 L Ghana 4 0 2 Q',
      '5 B Bosnia & Herzegovina 4 -1 5 Q',
      '6 J Algeria 4 -2 5 Q',
      '7 D Paraguay 4 -2 2 Q',
      '8 I Senegal 3 2 8 Q',
      '9 G Iran 3 0 3',
      '10 A South Korea 3 -1 2',
      '11 C Scotland 3 -3 1',
      '12 H Uruguay 2 -1 3',
    ]);
    // Ecuador and Ghana are level on all the results give: fair play and the ranking would decide, and the reply says so.
    expect(thirds.filter((t) => t.decidedBy).map((t) => [t.teamName, t.decidedBy])).toEqual([
      ['Ecuador', 'fair play, then the FIFA ranking'],
      ['Ghana', 'fair play, then the FIFA ranking'],
    ]);
    expect(qualifying).toBe(8);
    expect(thirds).toHaveLength(12);
    const drawn = wc26.matches
      .filter((m) => m.round === 'Round of 32')
      .flatMap((m) => [
        [m.homeSlot!, m.home.name],
        [m.awaySlot!, m.away.name],
      ])
      .filter(([slot]) => slot!.startsWith('3'));
    expect(drawn).toHaveLength(8);
    expect(new Set(thirds.filter((t) => t.qualified).map((t) => t.teamName))).toEqual(new Set(drawn.map(([, team]) => team)));
    // and each from one of the groups its slot allows ("3A/B/C/D/F")
    for (const [slot, team] of drawn) expect(slot!.slice(1).split('/')).toContain(thirds.find((t) => t.teamName === team)!.group);
    expect(thirds.map((t) => t.rank)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});
