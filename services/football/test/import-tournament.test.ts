import type { ImportedGoal, ImportedMatch, RowProblem, Score } from '../src/importers/model';
import { readOpenfootball } from '../src/importers/sources/openfootball';
import { parseTournamentTxt, tournamentLeagueId } from '../src/importers/sources/openfootball-tournament';
import { parseTournamentScore, readScorers } from '../src/importers/sources/openfootball-scores';
import { euroDir, find, goalCount, goalText, worldCupDir } from './support/openfootball-tournaments';

/**
 * The openfootball tournament files as read (World Cup 2022, Euro 2024) and their problems; stored and ranked:
 * import-tournament-store.test.ts; the World Cup 2026: import-worldcup-2026.test.ts.
 */

const worldCup = readOpenfootball(worldCupDir);
const euro = readOpenfootball(euroDir);

const wc = (home: string, away: string, stage?: ImportedMatch['stage']) => find(worldCup.matches, home, away, stage);
const eu = (home: string, away: string, stage?: ImportedMatch['stage']) => find(euro.matches, home, away, stage);
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
