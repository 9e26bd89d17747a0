import fs from 'node:fs';
import path from 'node:path';
import type { Bracket, BracketRound, SearchResults } from '@matchday/contracts';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '../src/service';
import { openfootballSource } from '../src/importers/sources/openfootball';
import { saveAdjustments, saveMatches, savePlayerMatches, saveSquad } from '../src/importers/store';
import type { ImportContext } from '../src/importers/source';
import { json } from './support/read-api';

/** GET /api/bracket on the real tournaments: the World Cups 2026 and 2022, Euro 2024, the Champions League 2024-25 and 2025-26. */

const repoRoot = path.resolve(__dirname, '../../..');
const dataDir = process.env.MATCHDAY_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');
const openfootball = path.join(dataDir, 'openfootball');
const DIRS = ['worldcup-2026', 'worldcup-2022', 'euro-2024', 'champions-league/2024-25/cl.txt', 'champions-league/2025-26/cl.txt'].map(
  (dir) => path.join(openfootball, dir),
);
for (const dir of DIRS)
  if (!fs.existsSync(dir)) throw new Error(`The openfootball data is missing: expected ${dir} (set MATCHDAY_DATA_DIR)`);

const names = (rounds: readonly BracketRound[]) => rounds.map((r) => `${r.name} ${r.ties.length}`);

/**
 * Tree order: tie j of a round is fed by ties 2j and 2j+1 of the round before (or by tie j alone where the other
 * place comes from elsewhere, as the Champions League's Round of 16 from its league phase), named by its places.
 */
function expectTreeOrder(rounds: readonly BracketRound[]) {
  const tree = rounds.filter((r) => r.name !== 'Match for third place');
  for (let r = 1; r < tree.length; r += 1) {
    const [before, round] = [tree[r - 1]!, tree[r]!];
    const single = before.ties.length === round.ties.length;
    round.ties.forEach((tie, j) => {
      const feeders = single ? [before.ties[j]!] : [before.ties[2 * j]!, before.ties[2 * j + 1]!];
      const places = [tie.home.slot, tie.away.slot].filter((slot) => slot?.startsWith('W'));
      expect([round.name, j, places]).toEqual([round.name, j, feeders.map((f) => `W${f.matchNumber}`)]);
    });
  }
}

describe.each(testDatabases())('GET /api/bracket on %s', (_label, makeTarget) => {
  let service: RunningService;
  const get = async <T>(url: string, status = 200) => json<T>(await service.request(url), status);

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'));
    const problems: unknown[] = [];
    const context: ImportContext = {
      db: service.db,
      reportProblems: (p) => problems.push(...p),
      log: () => {},
      saveMatches: (m) => saveMatches(service.db, m),
      saveSquad: (m) => saveSquad(service.db, m),
      savePlayerMatches: (l) => savePlayerMatches(service.db, l),
      saveAdjustments: (a) => saveAdjustments(service.db, a),
    };
    for (const dir of DIRS) await openfootballSource.prepare([dir], repoRoot)(context);
    expect(problems).toEqual([]);
  });

  afterAll(async () => {
    await service.close();
  });

  it("World Cup 2026: from the Round of 32 to the final, in tree order, with the draw's places and how each tie ended", async () => {
    const { rounds } = await get<Bracket>('/api/bracket?leagueId=1&season=2026');
    expect(names(rounds)).toEqual([
      'Round of 32 16',
      'Round of 16 8',
      'Quarter-finals 4',
      'Semi-finals 2',
      'Match for third place 1',
      'Final 1',
    ]);
    expectTreeOrder(rounds);
    const final = rounds[5]!.ties[0]!;
    expect(final).toMatchObject({
      matchNumber: 104,
      status: 'finished',
      home: { teamName: 'Spain', slot: 'W101' },
      away: { teamName: 'Argentina', slot: 'W102' },
      goalsHome: 1,
      goalsAway: 0,
      afterExtraTime: true,
      penaltiesHome: null,
      winner: { teamName: 'Spain' },
    });
    expect(final.legs).toHaveLength(1);
    expect(final.kickoff).toBe('2026-07-19T19:00:00.000Z');
    expect(rounds[4]!.ties[0]).toMatchObject({
      matchNumber: 103,
      home: { slot: 'L101' },
      away: { slot: 'L102' },
      winner: { teamName: 'England' },
    });
    // Germany 1-1 Paraguay after extra time, 3-4 on penalties: Paraguay through, as W74 in the Round of 16
    const germany = rounds[0]!.ties.find((t) => t.matchNumber === 74)!;
    expect(germany).toMatchObject({
      home: { teamName: 'Germany', slot: '1E' },
      away: { teamName: 'Paraguay', slot: '3A/B/C/D/F' },
      goalsHome: 1,
      goalsAway: 1,
      afterExtraTime: true,
      penaltiesHome: 3,
      penaltiesAway: 4,
      winner: { teamName: 'Paraguay' },
    });
    expect(rounds[1]!.ties.find((t) => t.matchNumber === 89)).toMatchObject({ home: { teamName: 'Paraguay', slot: 'W74' } });
    // the two ties that feed the final's home place sit first: 97 and 98 into 101, 89 and 90 into 97
    expect(rounds.map((r) => r.ties[0]!.matchNumber)).toEqual([74, 89, 97, 101, 103, 104]);
  });

  it('World Cup 2022 and Euro 2024: from the Round of 16, penalties and extra time as played', async () => {
    const wc = await get<Bracket>('/api/bracket?leagueId=1&season=2022');
    expect(names(wc.rounds)).toEqual(['Round of 16 8', 'Quarter-finals 4', 'Semi-finals 2', 'Match for third place 1', 'Final 1']);
    expectTreeOrder(wc.rounds);
    expect(wc.rounds[4]!.ties[0]).toMatchObject({
      matchNumber: 64,
      home: { teamName: 'Argentina', slot: 'W61' },
      away: { teamName: 'France', slot: 'W62' },
      goalsHome: 3,
      goalsAway: 3,
      afterExtraTime: true,
      penaltiesHome: 4,
      penaltiesAway: 2,
      winner: { teamName: 'Argentina' },
    });
    expect(wc.rounds[0]!.ties.find((t) => t.home.teamName === 'Netherlands')).toMatchObject({
      matchNumber: 49,
      home: { slot: '1A' },
      away: { slot: '2B' },
    });

    const euro = await get<Bracket>('/api/bracket?leagueId=4&season=2024');
    expect(names(euro.rounds)).toEqual(['Round of 16 8', 'Quarter-finals 4', 'Semi-finals 2', 'Final 1']);
    expectTreeOrder(euro.rounds);
    expect(euro.rounds[3]!.ties[0]).toMatchObject({ matchNumber: 51, winner: { teamName: 'Spain' }, goalsHome: 2, goalsAway: 1 });
    // Portugal 0-0 Slovenia a.e.t., 3-0 on penalties
    expect(euro.rounds[0]!.ties.find((t) => t.home.teamName === 'Portugal')).toMatchObject({
      home: { slot: '1F' },
      away: { teamName: 'Slovenia', slot: '3A/B/C' },
      afterExtraTime: true,
      penaltiesHome: 3,
      penaltiesAway: 0,
      winner: { teamName: 'Portugal' },
    });
  });

  it('Champions League 2024-25: two legs per tie, the aggregate without away goals, penalties after the second leg', async () => {
    const { rounds } = await get<Bracket>('/api/bracket?leagueId=2&season=2024');
    expect(names(rounds)).toEqual(['Knockout play-offs 8', 'Round of 16 8', 'Quarter-finals 4', 'Semi-finals 2', 'Final 1']);
    expectTreeOrder(rounds);
    for (const round of rounds.slice(0, 4)) expect(round.ties.every((t) => t.legs.length === 2)).toBe(true);
    const final = rounds[4]!.ties[0]!;
    expect(final.legs).toHaveLength(1);
    expect(final.winner?.teamName).toMatch(/Paris Saint-Germain/);
    // Paris 0-1 Liverpool, Liverpool 0-1 Paris: 1-1 on aggregate, Paris through on penalties after extra time
    const liverpool = rounds[1]!.ties.find((t) => /Liverpool/.test(`${t.home.teamName} ${t.away.teamName}`))!;
    expect(liverpool).toMatchObject({ goalsHome: 1, goalsAway: 1, afterExtraTime: true, status: 'finished' });
    expect(liverpool.winner?.teamName).toMatch(/Paris Saint-Germain/);
    expect([liverpool.penaltiesHome, liverpool.penaltiesAway].sort()).toEqual([1, 4]);
    // every tie's winner has the larger aggregate, or won the shoot-out of a level one
    for (const tie of rounds.flatMap((r) => r.ties)) {
      const homeWon = tie.winner!.teamId === tie.home.teamId;
      if (tie.goalsHome !== tie.goalsAway) expect(homeWon).toBe(tie.goalsHome! > tie.goalsAway!);
      else expect(homeWon).toBe(tie.penaltiesHome! > tie.penaltiesAway!);
      expect(tie.legs.reduce((n, leg) => n + (leg.homeTeamId === tie.home.teamId ? leg.goalsHome! : leg.goalsAway!), 0)).toBe(
        tie.goalsHome,
      );
    }
  });

  it('Champions League 2025-26: the final still to be played, its teams known from the semi-finals', async () => {
    const { rounds } = await get<Bracket>('/api/bracket?leagueId=2&season=2025');
    expect(names(rounds)).toEqual(['Knockout play-offs 8', 'Round of 16 8', 'Quarter-finals 4', 'Semi-finals 2', 'Final 1']);
    const final = rounds[4]!.ties[0]!;
    expect(final).toMatchObject({ status: 'scheduled', goalsHome: null, goalsAway: null, winner: null });
    expect([final.home.teamName, final.away.teamName].join(' v ')).toMatch(/Paris Saint-Germain.* v Arsenal|Arsenal.* v Paris/);
  });

  it("finds national teams by FIFA's official names too", async () => {
    const teams = async (q: string) => (await get<SearchResults>(`/api/search?q=${encodeURIComponent(q)}`)).teams.map((t) => t.name);
    expect(await teams('Korea Republic')).toContain('South Korea');
    expect(await teams("Côte d'Ivoire")).toContain('Ivory Coast');
    expect(await teams('Congo DR')).toContain('DR Congo');
    expect(await teams('Türkiye')).toContain('Turkey');
  });

  it('answers 404 "no knockout stage" for a season without one and 400 for a bad query', async () => {
    expect(await get<{ message: string }>('/api/bracket?leagueId=1&season=2030', 404)).toEqual({ message: 'no knockout stage' });
    expect(await get<{ message: string }>('/api/bracket?leagueId=39&season=2026', 404)).toEqual({ message: 'no knockout stage' });
    expect((await get<{ message: string }>('/api/bracket?leagueId=abc&season=2026', 400)).message).toMatch(/leagueId/);
    expect((await get<{ message: string }>('/api/bracket?leagueId=1', 400)).message).toMatch(/season/);
  });

  it('fills as a replay plays: places before their teams are known, a live tie with its score, winners advancing', async () => {
    const db = service.db;
    const season = { league_id: 1, season: 2026 };
    const saved = (await db('fixtures')
      .where(season)
      .select('id', 'status', 'home_goals', 'away_goals', 'home_goals_et', 'away_goals_et')) as Array<Record<string, unknown>>;
    try {
      // As on 10 July 2026: the Round of 16 played, Spain v Belgium (98) being played, the rest to come
      const quarter = await db('fixtures')
        .where({ ...season, match_number: 98 })
        .first('kickoff_at');
      const later = db('fixtures').where(season).where('kickoff_at', '>=', quarter.kickoff_at);
      await later.clone().update({
        status: 'scheduled',
        home_goals: null,
        away_goals: null,
        home_goals_et: null,
        away_goals_et: null,
        home_penalties: null,
        away_penalties: null,
      });
      await db('fixtures')
        .where({ ...season, match_number: 98 })
        .update({ status: 'live', home_goals: 1, away_goals: 1 });
      const { rounds } = await get<Bracket>('/api/bracket?leagueId=1&season=2026');
      const tie = (n: number) => rounds.flatMap((r) => r.ties).find((t) => t.matchNumber === n)!;
      expect(tie(97)).toMatchObject({ status: 'finished', winner: { teamName: 'France' } });
      expect(tie(98)).toMatchObject({
        status: 'live',
        goalsHome: 1,
        goalsAway: 1,
        winner: null,
        home: { teamName: 'Spain' },
        away: { teamName: 'Belgium' },
      });
      expect(tie(98).minute).not.toBeNull();
      expect(tie(99)).toMatchObject({
        status: 'scheduled',
        goalsHome: null,
        home: { teamName: 'Norway', slot: 'W91' },
        away: { teamName: 'England' },
      });
      // the semi-final: France is through, Spain's place waits for the live quarter-final
      expect(tie(101)).toMatchObject({
        home: { teamId: expect.any(Number), teamName: 'France', slot: 'W97' },
        away: { teamId: null, teamName: null, slot: 'W98' },
      });
      expect(tie(104)).toMatchObject({ home: { teamId: null, slot: 'W101' }, away: { teamId: null, slot: 'W102' }, winner: null });
      // a team not known yet is nowhere in the reply: not in the legs, not behind a match to open
      const franceId = tie(101).home.teamId!;
      expect(tie(101).fixtureId).toBeNull();
      expect(tie(101).legs.map((leg) => [leg.fixtureId, leg.homeTeamId, leg.awayTeamId])).toEqual([[null, franceId, null]]);
      expect(tie(104).legs.map((leg) => [leg.fixtureId, leg.homeTeamId, leg.awayTeamId])).toEqual([[null, null, null]]);
      expect(tie(99).fixtureId).toEqual(expect.any(Number));
      expect(tie(99).legs[0]).toMatchObject({
        fixtureId: tie(99).fixtureId,
        homeTeamId: tie(99).home.teamId,
        awayTeamId: tie(99).away.teamId,
      });

      // During the groups' last matchday: none of the round of 32's places has its team yet, each keeps its label
      const lastMatchday = await db('fixtures')
        .where({ ...season, round: 'Group stage - Matchday 3' })
        .min({ at: 'kickoff_at' })
        .first();
      await db('fixtures')
        .where(season)
        .where('kickoff_at', '>=', lastMatchday!.at)
        .update({ status: 'scheduled', home_goals: null, away_goals: null });
      const before = await get<Bracket>('/api/bracket?leagueId=1&season=2026');
      expect(before.rounds[0]!.ties.every((t) => t.home.teamId === null && t.away.teamId === null && t.home.slot !== null)).toBe(true);
    } finally {
      for (const row of saved) await db('fixtures').where({ id: row.id }).update(row);
    }
  });
});
