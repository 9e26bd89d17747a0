import { toDate } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { readOpenfootball } from '../src/importers/sources/openfootball';
import { saveMatches } from '../src/importers/store';
import { standings, thirdPlaced } from '../src/modules/standings/service';
import { euroDir, useImportedDatabase, worldCupDir } from './support/openfootball-tournaments';

/** The World Cup 2022 and the Euro 2024 imported from openfootball: their leagues, group tables and thirds. */

describe.each(testDatabases())('openfootball tournament import on %s', (_label, makeTarget) => {
  const imported = useImportedDatabase(makeTarget, [worldCupDir, euroDir]);

  it('stores both tournaments as leagues 1 and 4 with their tie-break rules, and changes nothing on a re-run', async () => {
    const counts = (await imported.db('fixtures').select('league_id', 'season').count({ n: '*' }).groupBy('league_id', 'season')) as Array<{
      league_id: number;
      season: number;
      n: number | string;
    }>;
    expect(counts.map((c) => [Number(c.league_id), Number(c.season), Number(c.n)]).sort()).toEqual([
      [1, 2022, 64],
      [4, 2024, 51],
    ]);
    const leagues = await imported.db('leagues').whereIn('id', [1, 4]).orderBy('id').select('id', 'name', 'type');
    expect(leagues).toEqual([
      { id: 1, name: 'World Cup', type: 'cup' },
      { id: 4, name: 'Euro Championship', type: 'cup' },
    ]);
    const seasons = await imported
      .db('seasons')
      .whereIn('league_id', [1, 4])
      .orderBy('league_id')
      .select('league_id', 'year', 'name', 'format', 'tiebreak');
    expect(seasons).toEqual([
      { league_id: 1, year: 2022, name: '2022', format: 'groups', tiebreak: 'points-gd-gf-h2h' },
      { league_id: 4, year: 2024, name: '2024', format: 'groups', tiebreak: 'h2h-first' },
    ]);

    const final = await imported.db('fixtures').where({ league_id: 1, round: 'Final' }).first();
    expect(final).toMatchObject({ home_goals: 2, away_goals: 2, home_goals_et: 3, away_goals_et: 3, home_penalties: 4, away_penalties: 2 });
    expect(toDate(final.kickoff_at)!.toISOString()).toBe('2022-12-18T15:00:00.000Z');
    // The store turns the goals into the final's timeline: its six goals, in the order scored.
    const goals = await imported
      .db('match_events')
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
    const goalEvents = await imported.db('match_events').where({ kind: 'goal' }).count({ n: '*' }).first();
    expect(Number(goalEvents!.n)).toBe(172 + 117);

    const again = await saveMatches(imported.db, [...readOpenfootball(worldCupDir).matches, ...readOpenfootball(euroDir).matches]);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 115, problems: [] });
  });

  it('orders every group as it finished: FIFA goals scored before head-to-head, UEFA head-to-head first', async () => {
    const tables = async (leagueId: number, season: number) => {
      const out: Record<string, string[]> = {};
      for (const row of await standings(imported.db, leagueId, season)) (out[row.group!] ??= []).push(row.teamName);
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
    const level = (await standings(imported.db, 4, 2024)).filter((row) => row.decidedBy);
    expect(level.map((row) => [row.teamName, row.decidedBy])).toEqual([
      ['Denmark', 'fair play, then the European Qualifiers ranking'],
      ['Slovenia', 'fair play, then the European Qualifiers ranking'],
    ]);
  });

  it("names national teams by FIFA's three-letter codes in the tables", async () => {
    const codes = new Map((await standings(imported.db, 1, 2022)).map((row) => [row.teamName, row.teamShortName]));
    expect(['South Korea', 'Costa Rica', 'Saudi Arabia', 'Netherlands', 'USA', 'Wales'].map((name) => codes.get(name))).toEqual([
      'KOR',
      'CRC',
      'KSA',
      'NED',
      'USA',
      'WAL',
    ]);
    // and a flag each, England, Scotland and Wales their own
    const flags = new Map((await standings(imported.db, 1, 2022)).map((row) => [row.teamName, row.teamFlag]));
    expect([flags.get('Japan'), flags.get('England'), flags.get('Wales')]).toEqual(['🇯🇵', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🏴󠁧󠁢󠁷󠁬󠁳󠁿']);
    const euro = new Map((await standings(imported.db, 4, 2024)).map((row) => [row.teamName, row.teamShortName]));
    expect(['Scotland', 'Turkey', 'Czech Republic', 'Slovenia'].map((name) => euro.get(name))).toEqual(['SCO', 'TUR', 'CZE', 'SVN']);
  });

  it("ranks the Euro's six thirds with UEFA's criteria: the best four go through, the World Cup 2022 had none", async () => {
    const { qualifying, thirdPlaced: thirds } = await thirdPlaced(imported.db, 4, 2024);
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
    expect(await thirdPlaced(imported.db, 1, 2022)).toEqual({ qualifying: 0, thirdPlaced: [] });
  });
});
