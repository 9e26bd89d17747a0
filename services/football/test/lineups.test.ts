import { positionOrder } from '../src/lib/values';
import type { FixtureLineups, LineupPlayer } from '@matchday/contracts';
import { testDatabases, type RunningService } from '@matchday/testing';
import { fixtureIdByTeams, premierLeague2024, serviceWithImports, sharedData } from './import-helpers';

/**
 * The line-ups endpoint through the service, on the real 2024-25 Premier League (football-data.co.uk + FPL, whose
 * per-match lines say who started) and the ISL 2024-25 results (no player lines); then football.json's 2025-26
 * `-full` excerpt, whose shouted names ("MOHAMED SALAH") meet FPL's squads of 2024-25.
 */
describe.each(testDatabases())('line-ups from the real data on %s', (_label, makeTarget) => {
  let service: RunningService;
  const fixtureId = (leagueId: number, season: number, home: string, away: string) =>
    fixtureIdByTeams(service.db, leagueId, season, home, away);
  const lineups = async (id: number | string) => {
    const response = await service.request(`/api/fixtures/${id}/lineups`);
    return { status: response.status, body: (await response.json()) as FixtureLineups & { message?: string } };
  };

  beforeAll(async () => {
    service = await serviceWithImports(makeTarget('football'), [
      ...premierLeague2024(),
      ['results-csv', sharedData('isl', 'isl_2024-25_matches.csv'), '--league', '323', '--season', '2024'],
      ['football-json', sharedData('openfootball', 'football-json', 'full-sample', '2025-26', 'en.1-full.json')],
    ]);
  }, 600_000);

  afterAll(async () => {
    await service?.close();
  });

  describe('Newcastle 3-3 Liverpool, 4 December 2024', () => {
    let body: FixtureLineups;
    beforeAll(async () => {
      const reply = await lineups(await fixtureId(39, 2024, 'Newcastle United', 'Liverpool'));
      expect(reply.status).toBe(200);
      body = reply.body;
    });

    it('comes from FPL, which does not list the unused bench nor name a captain', () => {
      expect(body.source).toBe('FPL');
      expect([body.home.teamName, body.away.teamName]).toEqual(['Newcastle United', 'Liverpool']);
      expect(body.home.bench).toBeNull();
      expect(body.away.bench).toBeNull();
      const everyone = [...body.home.starters, ...body.home.substitutes, ...body.away.starters, ...body.away.substitutes];
      expect(everyone.every((p) => p.captain === null && p.cameOn === null && p.wentOff === null)).toBe(true);
    });

    it('has eleven starters a side, one goalkeeper first, then defenders, midfielders and forwards', () => {
      for (const side of [body.home, body.away]) {
        expect(side.starters).toHaveLength(11);
        expect(side.starters[0]!.position).toBe('Goalkeeper');
        expect(side.starters.filter((p) => p.position === 'Goalkeeper')).toHaveLength(1);
        const order = side.starters.map((p) => positionOrder(p.position));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(side.starters.every((p) => p.position !== null && p.playerId !== null && (p.minutes ?? 0) > 0)).toBe(true);
      }
    });

    it('lists the substitutes who came on with the minutes they played, longest first', () => {
      for (const side of [body.home, body.away]) {
        expect(side.substitutes.length).toBeGreaterThan(0);
        expect(side.substitutes.length).toBeLessThanOrEqual(5);
        const minutes = side.substitutes.map((p) => p.minutes!);
        expect(minutes.every((m) => m > 0 && m < 90)).toBe(true);
        expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
        const starters = new Set(side.starters.map((p) => p.playerId));
        expect(side.substitutes.some((p) => starters.has(p.playerId))).toBe(false);
      }
    });

    it('puts the goals on the right players: Isak, Schär, Gordon; Jones, Salah 2', () => {
      const scorers = (players: LineupPlayer[]) =>
        players
          .filter((p) => p.goals > 0)
          .map((p) => `${p.name.split(' ').pop()} ${p.goals}`)
          .sort();
      expect(scorers([...body.home.starters, ...body.home.substitutes])).toEqual(['Gordon 1', 'Isak 1', 'Schär 1']);
      expect(scorers([...body.away.starters, ...body.away.substitutes])).toEqual(['Jones 1', 'Salah 2']);
      const yellows = [...body.away.starters, ...body.away.substitutes].reduce((a, p) => a + p.yellow, 0);
      expect(yellows).toBe(5);
    });

    it('rates everyone who played between 3 and 10, with xG where FPL has it', () => {
      const everyone = [...body.home.starters, ...body.home.substitutes, ...body.away.starters, ...body.away.substitutes];
      expect(everyone.every((p) => p.rating !== null && p.rating >= 3 && p.rating <= 10)).toBe(true);
      expect(everyone.every((p) => p.xg !== null && p.xg >= 0)).toBe(true);
      const xg = (players: LineupPlayer[]) => Math.round(players.reduce((a, p) => a + p.xg!, 0) * 100) / 100;
      expect(xg([...body.home.starters, ...body.home.substitutes])).toBeCloseTo(2.1, 2);
      expect(xg([...body.away.starters, ...body.away.substitutes])).toBeCloseTo(1.99, 2);
    });
  });

  it('links football.json’s names to the squad players FPL has (their name, id and position), the others as fans write them', async () => {
    const before = (await lineups(await fixtureId(39, 2024, 'Newcastle United', 'Liverpool'))).body;
    const salah = before.away.starters.find((p) => p.name === 'Mohamed Salah')!;
    const { status, body } = await lineups(await fixtureId(39, 2025, 'Liverpool', 'Bournemouth'));
    expect(status).toBe(200);
    expect(body.source).toBe('openfootball (football.json)');
    const home = body.home.starters;
    expect(home.find((p) => p.playerId === salah.playerId)).toMatchObject({ name: 'Mohamed Salah', position: salah.position, goals: 1 });
    expect(home.find((p) => p.name === 'Virgil van Dijk')).toMatchObject({ position: 'Defender', captain: true });
    expect(home.find((p) => p.name === 'Alexis Mac Allister')?.position).toBe('Midfielder');
    // new at Liverpool in 2025-26: not in its FPL squad of 2024-25, so no position, and his name in normal case
    expect(home.find((p) => p.name === 'Florian Wirtz')).toMatchObject({ position: null });
    // grouped by the positions known, the others last
    const order = home.map((p) => positionOrder(p.position));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(home.every((p) => p.name === p.name.trim() && !/\p{Lu}{3,}/u.test(p.name))).toBe(true);
  });

  it('keeps one record of a player who changed clubs: Kerkez, Bournemouth’s in FPL 2024-25, starts for Liverpool in 2025-26', async () => {
    const records = (await service.db('players').where('name', 'like', '%Kerkez%').select('id')) as Array<{ id: number }>;
    expect(records).toHaveLength(1);
    const bournemouth = (await lineups(await fixtureId(39, 2024, 'Bournemouth', 'Newcastle United'))).body;
    const before = [...bournemouth.home.starters, ...bournemouth.home.substitutes].find((p) => p.name.endsWith('Kerkez'));
    expect(before?.playerId).toBe(Number(records[0]!.id));
    const { body } = await lineups(await fixtureId(39, 2025, 'Liverpool', 'Bournemouth'));
    // his position is the one his squad of 2024-25 gave him, at the club he has left
    expect(body.home.starters.find((p) => p.name === 'Milos Kerkez')).toMatchObject({
      playerId: Number(records[0]!.id),
      position: 'Defender',
    });
  });

  it('every 2024-25 match has eleven starters a side', async () => {
    const ids = (await service.db('fixtures').where({ league_id: 39, season: 2024 }).select('id')) as Array<{ id: number }>;
    expect(ids).toHaveLength(380);
    for (const { id } of ids) {
      const { status, body } = await lineups(id);
      expect(status).toBe(200);
      expect([body.home.starters.length, body.away.starters.length]).toEqual([11, 11]);
    }
  }, 300_000);

  it('answers 404 "Line-ups not available" for a match without them (the ISL, results only)', async () => {
    const isl = (await service.db('fixtures').where({ league_id: 323, season: 2024 }).first('id')) as { id: number };
    expect(await lineups(isl.id)).toEqual({ status: 404, body: { message: 'Line-ups not available' } });
    const last = (await service.db('fixtures').max('id as id').first()) as { id: number };
    expect((await lineups(Number(last.id) + 1000)).status).toBe(404);
  });

  it('answers 400 with a message for an id that is not a whole number', async () => {
    for (const bad of ['abc', '-1', '1.5', '1e3', '1234567890123']) {
      const { status, body } = await lineups(bad);
      expect(status).toBe(400);
      expect(typeof body.message).toBe('string');
    }
  });
});
