import fs from 'node:fs';
import path from 'node:path';
import { dropMysqlDatabase, migrateLatest, openDatabase, toDate, type Knex } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import type { ImportedGoal, ImportedMatch, RowProblem, Score } from '../src/importers/model';
import type { ImportContext } from '../src/importers/source';
import { openfootballSource, readOpenfootball } from '../src/importers/sources/openfootball';
import { parseTournamentTxt, tournamentLeagueId } from '../src/importers/sources/openfootball-tournament';
import { parseTournamentScore, readScorers } from '../src/importers/sources/openfootball-scores';
import { saveAdjustments, saveMatches, savePlayerMatches, saveSquad } from '../src/importers/store';
import { standings, thirdPlaced } from '../src/modules/standings/service';

const repoRoot = path.resolve(__dirname, '../../..');
const dataDir = process.env.MATCHDAY_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');
const worldCupDir = path.join(dataDir, 'openfootball', 'worldcup-2022');
const euroDir = path.join(dataDir, 'openfootball', 'euro-2024');
for (const dir of [worldCupDir, euroDir]) {
  if (!fs.existsSync(dir))
    throw new Error(`The openfootball data is missing: expected ${dir} (set MATCHDAY_DATA_DIR to the shared data directory)`);
}

const worldCup = readOpenfootball(worldCupDir);
const euro = readOpenfootball(euroDir);

const goalCount = (matches: readonly ImportedMatch[]) => matches.reduce((n, m) => n + m.goalEvents!.length, 0);
const find = (matches: readonly ImportedMatch[], home: string, away: string, stage?: ImportedMatch['stage']) => {
  const match = matches.find((m) => m.home.name === home && m.away.name === away && (stage === undefined || m.stage === stage));
  if (!match) throw new Error(`no ${home} v ${away}`);
  return match;
};
const wc = (home: string, away: string, stage?: ImportedMatch['stage']) => find(worldCup.matches, home, away, stage);
const eu = (home: string, away: string, stage?: ImportedMatch['stage']) => find(euro.matches, home, away, stage);
/** "Lionel Messi 23' pen" style, for short expectations. */
const goalText = (g: ImportedGoal) =>
  `${g.side} ${g.scorer} ${g.minute}${g.stoppage ? `+${g.stoppage}` : ''}'${g.kind === 'penalty' ? ' pen' : g.kind === 'own-goal' ? ' og' : ''}`;
const tally = (goals: readonly ImportedGoal[]): Score => ({
  home: goals.filter((g) => g.side === 'home').length,
  away: goals.filter((g) => g.side === 'away').length,
});
const problemText = (p: RowProblem) => `${p.file}:${p.line}: ${p.message}`;

describe('openfootball tournament files (World Cup 2022, Euro 2024)', () => {
  it('reads all 64 World Cup matches with 172 goals and all 51 Euro matches with 117 goals, without a problem', () => {
    expect(worldCup.problems).toEqual([]);
    expect(euro.problems).toEqual([]);
    expect(worldCup.files.map((f) => f.label).sort()).toEqual(['worldcup-2022/cup.txt', 'worldcup-2022/cup_finals.txt']);
    expect(euro.files.map((f) => f.label)).toEqual(['euro-2024/euro.txt']);
    expect([worldCup.matches.length, goalCount(worldCup.matches)]).toEqual([64, 172]);
    expect([euro.matches.length, goalCount(euro.matches)]).toEqual([51, 117]);

    const stages = (matches: readonly ImportedMatch[]) => {
      const out: Record<string, number> = {};
      for (const m of matches) out[m.stage] = (out[m.stage] ?? 0) + 1;
      return out;
    };
    expect(stages(worldCup.matches)).toEqual({ group: 48, knockout: 16 });
    expect(stages(euro.matches)).toEqual({ group: 36, knockout: 15 });
    expect(worldCup.matches.every((m) => m.leagueId === 1 && m.season === 2022 && m.source === 'openfootball')).toBe(true);
    expect(euro.matches.every((m) => m.leagueId === 4 && m.season === 2024 && m.status === 'finished')).toBe(true);
    const all = [...worldCup.matches, ...euro.matches];
    expect(new Set(all.map((m) => m.externalId)).size).toBe(all.length);
    expect(wc('Qatar', 'Ecuador').externalId).toBe('worldcup-2022/cup.txt#1');
    expect(wc('Argentina', 'France').externalId).toBe('worldcup-2022/cup_finals.txt#16');
    expect(tournamentLeagueId('cup_finals.txt')).toBe(1);
    expect(tournamentLeagueId('/x/euro-2024/euro.txt')).toBe(4);
    expect(tournamentLeagueId('cl.txt')).toBeUndefined();
  });

  it('gives every match goals in the order scored that add up to its final, 90-minute and half-time scores', () => {
    for (const m of [...worldCup.matches, ...euro.matches]) {
      const goals = m.goalEvents!;
      expect(tally(goals)).toEqual(m.extraTime ?? m.goals);
      expect(tally(goals.filter((g) => g.minute <= 90))).toEqual(m.goals);
      expect(tally(goals.filter((g) => g.minute <= 45))).toEqual(m.halfTime);
      const order = goals.map((g) => g.minute * 100 + (g.stoppage ?? 0));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('reads the World Cup final: kick-off in UTC, 2-2 after 90, 3-3 after extra time, 4-2 on penalties', () => {
    const final = wc('Argentina', 'France');
    expect(final).toMatchObject({
      stage: 'knockout',
      round: 'Final',
      group: null,
      goals: { home: 2, away: 2 },
      halfTime: { home: 2, away: 0 },
      extraTime: { home: 3, away: 3 },
      penalties: { home: 4, away: 2 },
      venue: { name: 'Lusail Iconic Stadium', city: 'Lusail', country: 'Qatar' },
    });
    expect(final.home).toEqual({ name: 'Argentina', country: 'Argentina', code: null });
    expect(final.kickoffAt.toISOString()).toBe('2022-12-18T15:00:00.000Z');
    expect(final.goalEvents!.map(goalText)).toEqual([
      "home Lionel Messi 23' pen",
      "home Ángel Di María 36'",
      "away Kylian Mbappé 80' pen",
      "away Kylian Mbappé 81'",
      "home Lionel Messi 108'",
      "away Kylian Mbappé 118' pen",
    ]);
    expect(wc('Croatia', 'Morocco').round).toBe('Match for third place');
  });

  it('reads both shoot-out notations: the World Cup writes it after, the Euro before', () => {
    // "2-2 a.e.t. (2-2, 1-0), 3-4 pen." -- the "(1-0)" is wrong: Molina scored for Argentina in the 35th minute.
    expect(wc('Netherlands', 'Argentina')).toMatchObject({
      goals: { home: 2, away: 2 },
      halfTime: { home: 0, away: 1 },
      extraTime: { home: 2, away: 2 },
      penalties: { home: 3, away: 4 },
    });
    // "1-1 a.e.t (1-1, 1-0), 1-3 pen.": a.e.t without its last dot.
    expect(wc('Japan', 'Croatia')).toMatchObject({
      goals: { home: 1, away: 1 },
      extraTime: { home: 1, away: 1 },
      penalties: { home: 1, away: 3 },
    });
    // Goalless after 120 minutes: no scorer line at all.
    expect(wc('Morocco', 'Spain')).toMatchObject({
      halfTime: { home: 0, away: 0 },
      extraTime: { home: 0, away: 0 },
      penalties: { home: 3, away: 0 },
    });
    expect(wc('Morocco', 'Spain').goalEvents).toEqual([]);
    // "5-3 pen. 1-1 a.e.t. (1-1, 0-0)" and "3-0 pen. 0-0 a.e.t. (0-0)".
    expect(eu('England', 'Switzerland')).toMatchObject({
      goals: { home: 1, away: 1 },
      halfTime: { home: 0, away: 0 },
      extraTime: { home: 1, away: 1 },
      penalties: { home: 5, away: 3 },
    });
    expect(eu('Portugal', 'Slovenia')).toMatchObject({
      goals: { home: 0, away: 0 },
      halfTime: { home: 0, away: 0 },
      extraTime: { home: 0, away: 0 },
      penalties: { home: 3, away: 0 },
      goalEvents: [],
    });
    expect(parseTournamentScore('2-2 a.e.t. (2-2, 1-0), 3-4 pen.')).toEqual(parseTournamentScore('3-4 pen. 2-2 a.e.t. (2-2, 1-0)'));
    expect(parseTournamentScore('3-0 pen. 0-0 a.e.t. (0-0)')).toEqual({
      goals: { home: 0, away: 0 },
      halfTime: null,
      extraTime: { home: 0, away: 0 },
      penalties: { home: 3, away: 0 },
    });
    expect(parseTournamentScore('0-2')).toEqual({ goals: { home: 0, away: 2 }, halfTime: null, extraTime: null, penalties: null });
    expect(parseTournamentScore('1-1 pen. 2-2 a.e.t. (1-1), 3-4 pen.')).toBeNull();
    expect(parseTournamentScore('2-1 (1-0, 0-0)')).toBeNull();
    expect(parseTournamentScore('2-x (1-0)')).toBeNull();
  });

  it('infers extra time from a goal after the 90th minute where the file leaves out a.e.t.', () => {
    // "Spain 2-1 (0-0) Germany" with "Merino 119'": 1-1 after 90 minutes, 2-1 after extra time.
    const spain = eu('Spain', 'Germany');
    expect(spain).toMatchObject({
      round: 'Quarter-finals',
      goals: { home: 1, away: 1 },
      halfTime: { home: 0, away: 0 },
      extraTime: { home: 2, away: 1 },
    });
    expect(spain.penalties ?? null).toBeNull();
    expect(spain.goalEvents!.map(goalText)).toEqual(["home Olmo 51'", "away Wirtz 89'", "home Merino 119'"]);
    // "England 2-1 (0-1) Slovakia" with "Bellingham 90+5' Kane 91'": the 90+5' is still normal time.
    const england = eu('England', 'Slovakia');
    expect(england).toMatchObject({ goals: { home: 1, away: 1 }, extraTime: { home: 2, away: 1 } });
    expect(england.goalEvents!.map(goalText)).toEqual(["away Schranz 25'", "home Bellingham 90+5'", "home Kane 91'"]);
    // A match without a goal after 90 has no extra time.
    expect(eu('Spain', 'England').extraTime ?? null).toBeNull();
  });

  it('keeps own goals on the side they counted for, and stoppage time apart from the minute', () => {
    expect(wc('Argentina', 'Australia').goalEvents!.map(goalText)).toEqual([
      "home Lionel Messi 35'",
      "home Julián Álvarez 57'",
      "away Enzo Fernández 77' og",
    ]);
    expect(eu('Croatia', 'Albania').goalEvents!.map(goalText)).toEqual([
      "away Laçi 11'",
      "home Kramarić 74'",
      "home Gjasula 76' og",
      "away Gjasula 90+5'",
    ]);
    expect(eu('Spain', 'Italy').goalEvents!.map(goalText)).toEqual(["home Calafiori 55' og"]);
    const iran = wc('England', 'Iran').goalEvents!;
    expect(iran.map(goalText).slice(-3)).toEqual(["home Marcus Rashford 71'", "home Jack Grealish 90'", "away Mehdi Taremi 90+13' pen"]);
    expect(iran.at(-1)).toEqual({ side: 'away', minute: 90, stoppage: 13, kind: 'penalty', scorer: 'Mehdi Taremi' });
    expect(iran.find((g) => g.scorer === 'Raheem Sterling')).toMatchObject({ minute: 45, stoppage: 1 });
    // Extra time's first-half stoppage before its second half.
    expect(wc('Croatia', 'Brazil').goalEvents!.map(goalText)).toEqual(["away Neymar 105+1'", "home Bruno Petković 117'"]);
  });

  it('reads scorer lists as written: one-word names, initials, wrapped lists, lists of one side, "44\'(pen.)"', () => {
    expect(wc('Ecuador', 'Senegal').goalEvents!.map(goalText)).toEqual([
      "away Ismaila Sarr 44' pen",
      "home Moisés Caicedo 67'",
      "away Koulibaly 70'",
    ]);
    expect(eu('Romania', 'Ukraine').goalEvents!.map(goalText)).toEqual(["home Stanciu 29'", "home R. Marin 53'", "home Drăguș 57'"]);
    expect(eu('Slovakia', 'Romania').goalEvents!.map(goalText)).toEqual(["home Duda 24'", "away R. Marin 37' pen"]);
    // A list over two lines.
    expect(wc('Costa Rica', 'Germany').goalEvents!.map(goalText)).toEqual([
      "away Serge Gnabry 10'",
      "home Yeltsin Tejeda 58'",
      "home Juan Vargas 70'",
      "away Kai Lukas Havertz 73'",
      "away Kai Lukas Havertz 85'",
      "away Niclas Füllkrug 89'",
    ]);
    // No ";": the list belongs to the only side that scored, here the away side.
    expect(wc('Qatar', 'Ecuador').goalEvents!.map(goalText)).toEqual(["away Enner Valencia 16' pen", "away Enner Valencia 31'"]);
    // Minutes without a comma between them: "Kylian Mbappé 61' 86'".
    expect(wc('France', 'Denmark').goalEvents!.map(goalText)).toEqual([
      "home Kylian Mbappé 61'",
      "away Andreas Christensen 68'",
      "home Kylian Mbappé 86'",
    ]);
    expect(wc('Germany', 'Japan').goalEvents![0]).toMatchObject({ scorer: 'Ilkay Gündogan', kind: 'penalty', minute: 33 });
  });

  it('skips the Euro line-ups: substitutions with minutes are not goals', () => {
    expect(eu('Germany', 'Scotland').goalEvents!.map(goalText)).toEqual([
      "home Wirtz 10'",
      "home Musiala 19'",
      "home Havertz 45+1' pen",
      "home Füllkrug 68'",
      "away Rüdiger 87' og",
      "home Can 90+3'",
    ]);
    expect(eu('Austria', 'France').goalEvents!.map(goalText)).toEqual(["away Wöber 38' og"]);
    expect(eu('Germany', 'Hungary').goalEvents!.map(goalText)).toEqual(["home Musiala 22'", "home Gündoğan 67'"]);
    const scorers = new Set(euro.matches.flatMap((m) => m.goalEvents!.map((g) => g.scorer)));
    for (const substitute of ['Groß', 'Neuer', 'Sane', 'McKenna', 'Camavinga', 'Kleinheisler']) expect(scorers.has(substitute)).toBe(false);
  });

  it('counts the half-time score from the minutes, also where the file has it wrong or leaves it out', () => {
    expect(wc('Ghana', 'Uruguay').halfTime).toEqual({ home: 0, away: 2 });
    // File "(0-0)", Morata scored in the 11th minute.
    expect(wc('Japan', 'Spain').halfTime).toEqual({ home: 0, away: 1 });
    // File "(2-1)", Embolo equalised in the 44th.
    expect(wc('Serbia', 'Switzerland').halfTime).toEqual({ home: 2, away: 2 });
    expect(wc('Morocco', 'Croatia').halfTime).toEqual({ home: 0, away: 0 });
  });

  it('converts local kick-offs to UTC: Qatar UTC+3, the Euro CEST as the file says; a line without a time keeps the one above', () => {
    expect(wc('Qatar', 'Ecuador').kickoffAt.toISOString()).toBe('2022-11-20T16:00:00.000Z');
    // "Netherlands 2-0 (1-0) Qatar" has no time: 18:00 as Ecuador v Senegal above it.
    expect(wc('Netherlands', 'Qatar').kickoffAt.toISOString()).toBe('2022-11-29T15:00:00.000Z');
    expect(eu('Germany', 'Scotland').kickoffAt.toISOString()).toBe('2024-06-14T19:00:00.000Z');
    expect(eu('Denmark', 'Serbia').kickoffAt.toISOString()).toBe('2024-06-25T19:00:00.000Z');
    expect(eu('Spain', 'England').kickoffAt.toISOString()).toBe('2024-07-14T19:00:00.000Z');
    expect(eu('Spain', 'England').venue).toEqual({ name: 'Berlin', city: 'Berlin', country: 'Germany' });
    expect(wc('Wales', 'Iran').venue).toEqual({ name: 'Ahmad bin Ali Stadium', city: 'Al Rayyan', country: 'Qatar' });
  });

  it('names the group and its matchday (1-3) of every group match, and the round of every knockout', () => {
    for (const [matches, groups] of [
      [worldCup.matches, 'ABCDEFGH'],
      [euro.matches, 'ABCDEF'],
    ] as const) {
      const counts: Record<string, number> = {};
      for (const m of matches.filter((x) => x.stage === 'group'))
        counts[`${m.group} ${m.round}`] = (counts[`${m.group} ${m.round}`] ?? 0) + 1;
      const expected: Record<string, number> = {};
      for (const group of groups) for (const day of [1, 2, 3]) expected[`${group} Group stage - Matchday ${day}`] = 2;
      expect(counts).toEqual(expected);
    }
    expect(wc('South Korea', 'Portugal')).toMatchObject({ stage: 'group', group: 'H', round: 'Group stage - Matchday 3' });
    const rounds = (matches: readonly ImportedMatch[]) => [...new Set(matches.filter((m) => m.stage === 'knockout').map((m) => m.round))];
    expect(rounds(worldCup.matches)).toEqual(['Round of 16', 'Quarter-finals', 'Semi-finals', 'Match for third place', 'Final']);
    expect(rounds(euro.matches)).toEqual(['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final']);
  });
});

describe('openfootball tournament problems', () => {
  const file = 'test-2030/cup.txt';
  const parse = (...lines: string[]) =>
    parseTournamentTxt(['= World Cup 2030', '', ...lines].join('\n'), { file, leagueId: 1, timeZone: 'UTC' });

  it('skips and reports a malformed match line, keeps a match whose scorers do not add up with its score, and reads the rest', () => {
    const { matches, problems } = parse(
      'Group A  | Alpha  Beta  Gamma  Delta', // 3
      '▪ Group A', // 4
      'Thu Jun 13', // 5
      '  19:00  Alpha  2-1 (1-0)  Beta  @ Stadium One, Town', // 6
      "          (Ann 10' Ann 50'; Bob 60')", // 7
      '  21:00  Gamma  2:x  Delta  @ Stadium Two, City', // 8
      '  Alpha v Gamma @ Stadium One', // 9
      '         Gamma  2-0 (1-0)  Delta  @ Stadium Two, City', // 10
      "          (Cid 30')", // 11
      '  22:00  Beta  1-1 (0-0)  Delta  @ Stadium Two', // 12
      "          (Bob 70'; Dan 80')", // 13
    );
    expect(problems.map(problemText)).toEqual([
      'test-2030/cup.txt:8: unreadable score "2:x"',
      'test-2030/cup.txt:9: unreadable match line "Alpha v Gamma @ Stadium One"',
      'test-2030/cup.txt:11: Gamma 2-0 Delta: the scorers add up to 1-0, the score is 2-0',
    ]);
    expect(matches.map((m) => [m.externalId, m.home.name, m.away.name, m.kickoffAt.toISOString(), m.round])).toEqual([
      [`${file}#1`, 'Alpha', 'Beta', '2030-06-13T19:00:00.000Z', 'Group stage - Matchday 1'],
      // The score line is the result: stored with it, its goals (which do not make it) left out.
      [`${file}#4`, 'Gamma', 'Delta', '2030-06-13T21:00:00.000Z', 'Group stage - Matchday 1'],
      // The two bad lines keep their numbers: the match after them is still #5.
      [`${file}#5`, 'Beta', 'Delta', '2030-06-13T22:00:00.000Z', 'Group stage - Matchday 2'],
    ]);
    expect(matches[1]).toMatchObject({ goals: { home: 2, away: 0 }, halfTime: { home: 1, away: 0 }, goalEvents: null });
    expect(matches[2]!.venue).toEqual({ name: 'Stadium Two', city: 'Stadium Two', country: null });
  });

  it('keeps a match with its score but no goals when its list is wrong: minutes, no ";" for two scoring sides, unclosed, missing', () => {
    const { matches, problems } = parse(
      '▪ Round of 16', // 3
      'Sat Jul 6', // 4
      '  18:00  Alpha  1-0  Beta  @ Ground, Town', // 5
      "         (Ann 60+2')", // 6
      '         Alpha  1-1 (0-1)  Gamma  @ Ground, Town', // 7
      "         (Ann 50' Cid 20')", // 8
      '         Beta  2-1 a.e.t. (2-1, 1-0)  Gamma  @ Ground, Town', // 9
      "         (Bob 10' Bob 100'; Cid 30')", // 10
      '         Delta  1-0 (1-0)  Alpha  @ Ground, Town', // 11
      "         (Dan 30';", // 12
      '  20:00  Delta  2-0 (0-0)  Beta  @ Ground, Town', // 13
      '  21:00  Gamma  1-0 (0-0)  Delta  @ Ground, Town', // 14
      "         (44' Cid)", // 15
      '▪ Final', // 16
      'Sun Jul 7', // 17
      '  21:00  Alpha  0-0 a.e.t. (0-0), 5-4 pen.  Beta  @ Ground, Town', // 18
      "  Alpha: Ann - Bob (Cid 46'),", // 19
      "         Dan (Eve 80')", // 20
      '▪ Group stage', // 21
    );
    expect(problems.map(problemText)).toEqual([
      'test-2030/cup.txt:6: Alpha 1-0 Beta: minute 60+2 is not stoppage time',
      'test-2030/cup.txt:8: Alpha 1-1 Gamma: both sides scored but the scorer list has no ";"',
      "test-2030/cup.txt:10: Beta 2-1 Gamma: the scorers up to 90' add up to 1-1, the 90-minute score is 2-1",
      'test-2030/cup.txt:12: Delta v Alpha: the scorer list is not closed',
      'test-2030/cup.txt:13: Delta 2-0 Beta: no scorer list',
      "test-2030/cup.txt:15: Gamma 1-0 Delta: minute 44' without a scorer",
      'test-2030/cup.txt:21: unknown stage "Group stage"',
    ]);
    // Each with the score its line writes and no goals: never goals that do not make the score.
    expect(matches.map((m) => [m.home.name, m.away.name, m.goals, m.extraTime, m.goalEvents])).toEqual([
      ['Alpha', 'Beta', { home: 1, away: 0 }, null, null],
      ['Alpha', 'Gamma', { home: 1, away: 1 }, null, null],
      ['Beta', 'Gamma', { home: 2, away: 1 }, { home: 2, away: 1 }, null],
      ['Delta', 'Alpha', { home: 1, away: 0 }, null, null],
      ['Delta', 'Beta', { home: 2, away: 0 }, null, null],
      ['Gamma', 'Delta', { home: 1, away: 0 }, null, null],
      ['Alpha', 'Beta', { home: 0, away: 0 }, { home: 0, away: 0 }, []],
    ]);
    // The final and its line-up: kept, and the line-up read as nothing.
    expect(matches[6]).toMatchObject({ round: 'Final', extraTime: { home: 0, away: 0 }, penalties: { home: 5, away: 4 }, goalEvents: [] });
  });

  it('checks group members and needs a year and a time zone', () => {
    const { problems } = parse('Group A  | Alpha  Beta', '▪ Group A', 'Thu Jun 13', '  19:00  Alpha  0-0  Omega  @ Ground, Town');
    expect(problems.map(problemText)).toEqual(['test-2030/cup.txt:6: Omega is not in Group A']);
    expect(parseTournamentTxt('▪ Final', { file, leagueId: 1 }).problems.map(problemText)).toEqual([
      'test-2030/cup.txt:1: no year: name the directory like worldcup-2022 or give a "= World Cup 2022" title line',
    ]);
    expect(parseTournamentTxt('= World Cup 2030', { file, leagueId: 1 }).problems.map(problemText)).toEqual([
      'test-2030/cup.txt:1: no time zone known for the times of 2030: give --tz <zone>',
    ]);
    // A date line whose weekday does not fit the year.
    expect(parse('▪ Final', 'Tue Jul 7').problems.map(problemText)).toEqual(['test-2030/cup.txt:4: cannot place "Tue Jul 7" in 2030']);
    expect(readScorers("(Ann 10'; -)", { home: 1, away: 0 })).toEqual([
      { side: 'home', minute: 10, stoppage: null, kind: 'goal', scorer: 'Ann' },
    ]);
    expect(readScorers("(Ann 10' Bob; Cid 5')", { home: 1, away: 1 })).toBe('"Bob" has no minute');
  });
});

/** The context the import command gives a source, writing straight through the store. */
function directContext(db: Knex, problems: unknown[]): ImportContext {
  return {
    db,
    reportProblems: (p) => problems.push(...p),
    log: () => {},
    saveMatches: (m) => saveMatches(db, m),
    saveSquad: (m) => saveSquad(db, m),
    savePlayerMatches: (l) => savePlayerMatches(db, l),
    saveAdjustments: (a) => saveAdjustments(db, a),
  };
}

describe.each(testDatabases())('openfootball tournament import on %s', (_label, makeTarget) => {
  let db: Knex;
  let target: ReturnType<typeof makeTarget>;

  beforeAll(async () => {
    target = makeTarget('football');
    db = await openDatabase(target);
    await migrateLatest(db, migrations);
    const problems: unknown[] = [];
    for (const dir of [worldCupDir, euroDir]) await openfootballSource.prepare([dir], repoRoot)(directContext(db, problems));
    expect(problems).toEqual([]);
  });

  afterAll(async () => {
    await db.destroy();
    if (target.client === 'mysql') await dropMysqlDatabase(target.location);
  });

  it('stores both tournaments as leagues 1 and 4 with their tie-break rules, and changes nothing on a re-run', async () => {
    const counts = (await db('fixtures').select('league_id', 'season').count({ n: '*' }).groupBy('league_id', 'season')) as Array<{
      league_id: number;
      season: number;
      n: number | string;
    }>;
    expect(counts.map((c) => [Number(c.league_id), Number(c.season), Number(c.n)]).sort()).toEqual([
      [1, 2022, 64],
      [4, 2024, 51],
    ]);
    const leagues = await db('leagues').whereIn('id', [1, 4]).orderBy('id').select('id', 'name', 'type');
    expect(leagues).toEqual([
      { id: 1, name: 'World Cup', type: 'cup' },
      { id: 4, name: 'Euro Championship', type: 'cup' },
    ]);
    const seasons = await db('seasons')
      .whereIn('league_id', [1, 4])
      .orderBy('league_id')
      .select('league_id', 'year', 'name', 'format', 'tiebreak');
    expect(seasons).toEqual([
      { league_id: 1, year: 2022, name: '2022', format: 'groups', tiebreak: 'points-gd-gf-h2h' },
      { league_id: 4, year: 2024, name: '2024', format: 'groups', tiebreak: 'h2h-first' },
    ]);

    const final = await db('fixtures').where({ league_id: 1, round: 'Final' }).first();
    expect(final).toMatchObject({ home_goals: 2, away_goals: 2, home_goals_et: 3, away_goals_et: 3, home_penalties: 4, away_penalties: 2 });
    expect(toDate(final.kickoff_at)!.toISOString()).toBe('2022-12-18T15:00:00.000Z');
    // The store turns the goals into the final's timeline: its six goals, in the order scored.
    const goals = await db('match_events')
      .where({ fixture_id: final.id, kind: 'goal' })
      .orderBy('seq')
      .select('scorer', 'minute', 'goal_kind');
    expect(goals.map((g) => `${g.scorer} ${g.minute}' ${g.goal_kind}`)).toEqual([
      "Lionel Messi 23' penalty",
      "Ángel Di María 36' goal",
      "Kylian Mbappé 80' penalty",
      "Kylian Mbappé 81' goal",
      "Lionel Messi 108' goal",
      "Kylian Mbappé 118' penalty",
    ]);
    const goalEvents = await db('match_events').where({ kind: 'goal' }).count({ n: '*' }).first();
    expect(Number(goalEvents!.n)).toBe(172 + 117);

    const again = await saveMatches(db, [...readOpenfootball(worldCupDir).matches, ...readOpenfootball(euroDir).matches]);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 115, problems: [] });
  });

  it('orders every group as it finished: FIFA goals scored before head-to-head, UEFA head-to-head first', async () => {
    const tables = async (leagueId: number, season: number) => {
      const out: Record<string, string[]> = {};
      for (const row of await standings(db, leagueId, season)) (out[row.group!] ??= []).push(row.teamName);
      return out;
    };
    expect(await tables(1, 2022)).toEqual({
      A: ['Netherlands', 'Senegal', 'Ecuador', 'Qatar'],
      B: ['England', 'USA', 'Iran', 'Wales'],
      C: ['Argentina', 'Poland', 'Mexico', 'Saudi Arabia'],
      D: ['France', 'Australia', 'Tunisia', 'Denmark'],
      E: ['Japan', 'Spain', 'Germany', 'Costa Rica'],
      F: ['Morocco', 'Croatia', 'Belgium', 'Canada'],
      G: ['Brazil', 'Switzerland', 'Cameroon', 'Serbia'],
      // South Korea and Uruguay: 4 points, goal difference 0; Korea scored 4, Uruguay 2.
      H: ['Portugal', 'South Korea', 'Uruguay', 'Ghana'],
    });
    expect(await tables(4, 2024)).toEqual({
      A: ['Germany', 'Switzerland', 'Hungary', 'Scotland'],
      B: ['Spain', 'Italy', 'Croatia', 'Albania'],
      // Denmark and Slovenia were level on everything the results say (UEFA went on to fair play): by name here.
      C: ['England', 'Denmark', 'Slovenia', 'Serbia'],
      D: ['Austria', 'France', 'Netherlands', 'Poland'],
      // All four on 4 points: the head-to-head table is the whole group; Romania above Belgium on goals.
      E: ['Romania', 'Belgium', 'Slovakia', 'Ukraine'],
      F: ['Portugal', 'Turkey', 'Georgia', 'Czech Republic'],
    });
    // Denmark and Slovenia: the reply says what would decide rather than presenting the name order as a verdict.
    const level = (await standings(db, 4, 2024)).filter((row) => row.decidedBy);
    expect(level.map((row) => [row.teamName, row.decidedBy])).toEqual([
      ['Denmark', 'fair play, then the European Qualifiers ranking'],
      ['Slovenia', 'fair play, then the European Qualifiers ranking'],
    ]);
  });

  it("names national teams by FIFA's three-letter codes in the tables", async () => {
    const codes = new Map((await standings(db, 1, 2022)).map((row) => [row.teamName, row.teamShortName]));
    expect(['South Korea', 'Costa Rica', 'Saudi Arabia', 'Netherlands', 'USA', 'Wales'].map((name) => codes.get(name))).toEqual([
      'KOR',
      'CRC',
      'KSA',
      'NED',
      'USA',
      'WAL',
    ]);
    // and a flag each, England, Scotland and Wales their own
    const flags = new Map((await standings(db, 1, 2022)).map((row) => [row.teamName, row.teamFlag]));
    expect([flags.get('Japan'), flags.get('England'), flags.get('Wales')]).toEqual(['🇯🇵', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🏴󠁧󠁢󠁷󠁬󠁳󠁿']);
    const euro = new Map((await standings(db, 4, 2024)).map((row) => [row.teamName, row.teamShortName]));
    expect(['Scotland', 'Turkey', 'Czech Republic', 'Slovenia'].map((name) => euro.get(name))).toEqual(['SCO', 'TUR', 'CZE', 'SVN']);
  });

  it("ranks the Euro's six thirds with UEFA's criteria: the best four go through, the World Cup 2022 had none", async () => {
    const { qualifying, thirdPlaced: thirds } = await thirdPlaced(db, 4, 2024);
    expect(qualifying).toBe(4);
    expect(thirds.map((t) => `${t.group} ${t.teamName} ${t.points} ${t.goalDifference} ${t.goalsFor}${t.qualified ? ' Q' : ''}`)).toEqual([
      'F Georgia 4 0 4 Q',
      'D Netherlands 4 0 4 Q',
      'E Slovakia 4 0 3 Q',
      'C Slovenia 3 0 2 Q',
      'A Hungary 3 -3 2',
      'B Croatia 2 -3 3',
    ]);
    // Georgia and the Netherlands are level on points, goal difference, goals and wins: UEFA went on to fair play.
    expect(thirds.filter((t) => t.decidedBy).map((t) => t.teamName)).toEqual(['Georgia', 'Netherlands']);
    expect(await thirdPlaced(db, 1, 2022)).toEqual({ qualifying: 0, thirdPlaced: [] });
  });
});

const worldCup2026Dir = path.join(dataDir, 'openfootball', 'worldcup-2026');

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
  let db: Knex;
  let target: ReturnType<typeof makeTarget>;
  const wc26 = readOpenfootball(worldCup2026Dir);

  beforeAll(async () => {
    target = makeTarget('football');
    db = await openDatabase(target);
    await migrateLatest(db, migrations);
    const problems: unknown[] = [];
    await openfootballSource.prepare([worldCup2026Dir], repoRoot)(directContext(db, problems));
    expect(problems).toEqual([]);
  });

  afterAll(async () => {
    await db.destroy();
    if (target.client === 'mysql') await dropMysqlDatabase(target.location);
  });

  it('stores 104 matches, 308 goals, the knockouts with their numbers and slots', async () => {
    const count = await db('fixtures').where({ league_id: 1, season: 2026 }).count({ n: '*' }).first();
    expect(Number(count!.n)).toBe(104);
    const goals = await db('match_events').where({ kind: 'goal' }).count({ n: '*' }).first();
    expect(Number(goals!.n)).toBe(308);
    const final = await db('fixtures').where({ league_id: 1, season: 2026, match_number: 104 }).first();
    expect(final).toMatchObject({ stage: 'knockout', home_slot: 'W101', away_slot: 'W102', home_goals_et: 1, away_goals_et: 0 });
    const venue = await db('venues').where({ id: final.venue_id }).first('name', 'city', 'capacity');
    expect(venue).toEqual({ name: 'MetLife Stadium', city: 'New York/New Jersey (East Rutherford)', capacity: 82500 });
  });

  it("finishes every group in the order of FIFA's 2026 criteria, as the round of 32's slots say", async () => {
    const tables: Record<string, string[]> = {};
    for (const row of await standings(db, 1, 2026)) (tables[row.group!] ??= []).push(row.teamName);
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
    const { qualifying, thirdPlaced: thirds } = await thirdPlaced(db, 1, 2026);
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
