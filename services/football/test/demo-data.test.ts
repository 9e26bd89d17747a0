import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { migrateLatest, openDatabase, toDate, type Knex } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import { doubleRoundRobin, generateDataset, leaguePhase, seedDemo } from '../src/importers/demo/demo';
import { apportion, prng, simulateMatch, type SquadEntry } from '../src/importers/demo/demo-match';
import { freshDatabase } from './import-helpers';

const DAY = 86_400_000;

async function count(query: Knex.QueryBuilder): Promise<number> {
  const [row] = (await query.count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}

describe('schedules', () => {
  it.each([13, 20])('double round robin of %i clubs: everyone meets everyone home and away, once per round at most', (n) => {
    const rounds = doubleRoundRobin(n);
    expect(rounds).toHaveLength(n % 2 ? 2 * n : 2 * (n - 1));
    const pairs = new Set<string>();
    const home = new Array<number>(n).fill(0);
    for (const round of rounds) {
      const seen = new Set<number>();
      for (const [h, a] of round) {
        expect(seen.has(h) || seen.has(a)).toBe(false);
        seen.add(h);
        seen.add(a);
        pairs.add(`${h}-${a}`);
        home[h]! += 1;
      }
    }
    expect(pairs.size).toBe(n * (n - 1));
    for (const count of home) expect(count).toBe(n - 1);
  });

  it('league phase of 36: eight matchdays, eight different opponents each, four at home', () => {
    const days = leaguePhase(36);
    expect(days).toHaveLength(8);
    const opponents = new Map<number, Set<number>>();
    const home = new Map<number, number>();
    for (const day of days) {
      expect(day).toHaveLength(18);
      const seen = new Set<number>();
      for (const [h, a] of day) {
        expect(seen.has(h) || seen.has(a)).toBe(false);
        seen.add(h);
        seen.add(a);
        opponents.set(h, (opponents.get(h) ?? new Set()).add(a));
        opponents.set(a, (opponents.get(a) ?? new Set()).add(h));
        home.set(h, (home.get(h) ?? 0) + 1);
      }
    }
    for (let team = 0; team < 36; team += 1) {
      expect(opponents.get(team)?.size).toBe(8);
      expect(home.get(team)).toBe(4);
    }
    expect(() => leaguePhase(32)).toThrow(/multiple of 12/);
  });
});

describe('simulateMatch', () => {
  const squad = (first: number): SquadEntry[] =>
    (
      [
        ['Goalkeeper', 2],
        ['Defender', 7],
        ['Midfielder', 7],
        ['Attacker', 4],
      ] as const
    ).flatMap(([position, n], k) =>
      Array.from({ length: n }, (_, i) => ({ playerId: first + k * 10 + i, position, quality: (i + 1) / 10 })),
    );

  it('keeps every statistic consistent with the score over many matches', () => {
    const random = prng(42);
    for (let i = 0; i < 300; i += 1) {
      const m = simulateMatch(
        random,
        { teamId: 1, strength: random(), squad: squad(100) },
        { teamId: 2, strength: random(), squad: squad(200) },
      );
      const goals = [m.homeGoals, m.awayGoals];
      expect(m.teams[0].ball_possession + m.teams[1].ball_possession).toBe(100);
      m.teams.forEach((t, side) => {
        const players = m.players.filter((p) => p.team_id === t.team_id);
        expect(t.total_shots).toBeGreaterThanOrEqual(t.shots_on_target);
        expect(t.shots_on_target).toBeGreaterThanOrEqual(goals[side]!);
        expect(t.shots_inside_box + t.shots_outside_box).toBe(t.total_shots);
        expect(t.goalkeeper_saves).toBe(m.teams[1 - side]!.shots_on_target - goals[1 - side]!);
        expect(t.passes_accurate).toBeLessThanOrEqual(t.total_passes);
        expect(t.passes_percent).toBe(Math.round((t.passes_accurate * 100) / t.total_passes));
        expect(players.reduce((s, p) => s + p.goals, 0)).toBe(goals[side]);
        expect(players.reduce((s, p) => s + p.assists, 0)).toBeLessThanOrEqual(goals[side]!);
        expect(players.reduce((s, p) => s + p.yellow_cards, 0)).toBe(t.yellow_cards);
        expect(players.reduce((s, p) => s + p.red_cards, 0)).toBe(t.red_cards);
        expect(players.reduce((s, p) => s + p.passes_total, 0)).toBe(t.total_passes);
        expect(players.reduce((s, p) => s + p.fouls_committed, 0)).toBe(t.fouls);
        expect(players.reduce((s, p) => s + p.fouls_drawn, 0)).toBe(m.teams[1 - side]!.fouls);
        expect(players.filter((p) => p.started)).toHaveLength(11);
        expect(players.filter((p) => p.started && p.position === 'Goalkeeper')).toHaveLength(1);
        const keeper = players.find((p) => p.started && p.position === 'Goalkeeper')!;
        expect(keeper).toMatchObject({ saves: t.goalkeeper_saves, goals_conceded: goals[1 - side], minutes: 90 });
        expect(players.filter((p) => p.subbed_in).length).toBe(players.filter((p) => p.subbed_out).length);
        for (const p of players) {
          expect(p.minutes).toBeGreaterThan(0);
          expect(p.minutes).toBeLessThanOrEqual(90);
          if (p.rating !== null) {
            expect(p.rating).toBeGreaterThanOrEqual(5.5);
            expect(p.rating).toBeLessThanOrEqual(9);
          }
          expect(p.duels_won).toBeLessThanOrEqual(p.duels_total);
        }
      });
    }
  });

  it('apportion splits a total exactly', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [0, 2, 5]).reduce((a, b) => a + b, 0)).toBe(7);
    expect(apportion(5, [0, 0])).toEqual([0, 0]);
  });
});

describe('generateDataset', () => {
  function sqliteFile(): string {
    return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-demo-')), 'football.sqlite');
  }

  async function digest(db: Knex): Promise<string> {
    const hash = createHash('sha256');
    for (const [table, order] of [
      ['teams', ['id']],
      ['players', ['id']],
      ['squad_members', ['team_id', 'season', 'player_id']],
      ['fixtures', ['id']],
      ['fixture_team_stats', ['fixture_id', 'team_id']],
      ['fixture_player_stats', ['fixture_id', 'player_id']],
    ] as const) {
      hash.update(
        JSON.stringify(
          await db(table)
            .select('*')
            .orderBy([...order]),
        ),
      );
    }
    return hash.digest('hex');
  }

  it('is deterministic: the same day gives the same rows', async () => {
    const day = new Date('2026-03-10T09:00:00Z');
    const digests: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const db = await openDatabase({ client: 'sqlite', location: sqliteFile() });
      try {
        await migrateLatest(db, migrations);
        await seedDemo(db, day);
        digests.push(await digest(db));
      } finally {
        await db.destroy();
      }
    }
    expect(digests[0]).toBe(digests[1]);
  });

  it('takes the number of leagues, seasons and clubs as parameters', async () => {
    const db = await openDatabase({ client: 'sqlite', location: sqliteFile() });
    try {
      await migrateLatest(db, migrations);
      const summary = await generateDataset(db, {
        today: new Date('2026-11-22T00:00:00Z'),
        seasons: 3,
        extraLeagues: 2,
        clubsPerExtraLeague: 6,
      });
      expect(summary).toMatchObject({ leagues: 5, seasons: 3 });
      expect(await count(db('leagues'))).toBe(5);
      expect(await count(db('seasons'))).toBe(15);
      const synthetic: Array<{ league_id: number }> = await db('leagues').where('id', '>=', 1000).select('id as league_id');
      expect(synthetic).toHaveLength(2);
      for (const { league_id } of synthetic) {
        // 6 clubs: 30 matches a season, 3 seasons
        expect(await count(db('fixtures').where({ league_id }))).toBe(90);
        expect(await count(db('fixtures').where({ league_id, season: 2024, status: 'finished' }))).toBe(30);
      }
      expect(summary.fixtures).toBe(await count(db('fixtures')));
      expect(summary.playerStatRows).toBe(await count(db('fixture_player_stats')));
    } finally {
      await db.destroy();
    }
  });
});

describe.each(testDatabases())('the demo season on %s', (_label, makeTarget) => {
  let db: Knex;
  let close: () => Promise<void>;
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sqlDateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

  beforeAll(async () => {
    ({ db, close } = await freshDatabase(makeTarget('football')));
    await seedDemo(db, now);
  }, 120_000);

  afterAll(async () => {
    await close();
  });

  it('three leagues with their rules, 2025 and 2026 seasons', async () => {
    const seasons: Array<{ league_id: number; year: number; format: string; tiebreak: string; zones: string }> = await db(
      'seasons',
    ).orderBy(['league_id', 'year']);
    expect(seasons.map((s) => [s.league_id, s.year, s.format, s.tiebreak])).toEqual([
      [2, 2025, 'league-phase', 'ucl-league-phase'],
      [2, 2026, 'league-phase', 'ucl-league-phase'],
      [39, 2025, 'league', 'points-gd-gf'],
      [39, 2026, 'league', 'points-gd-gf'],
      [323, 2025, 'league', 'h2h-first'],
      [323, 2026, 'league', 'h2h-first'],
    ]);
    expect(JSON.parse(seasons[2]!.zones)).toContainEqual({ from: 18, to: 20, description: 'Relegation', kind: 'relegation' });
  });

  it('fixtures on today, tomorrow and every day of the coming two weeks', async () => {
    for (let day = 0; day < 14; day += 1) {
      const n = await count(
        db('fixtures')
          .where('kickoff_at', '>=', sqlDateTime(today + day * DAY))
          .andWhere('kickoff_at', '<', sqlDateTime(today + (day + 1) * DAY)),
      );
      expect({ day, fixtures: n > 0 }).toEqual({ day, fixtures: true });
    }
  });

  it('played before today with score and statistics, scheduled from today without', async () => {
    expect(await count(db('fixtures').where('kickoff_at', '<', sqlDateTime(today)).whereNot('status', 'finished'))).toBe(0);
    expect(await count(db('fixtures').where('kickoff_at', '>=', sqlDateTime(today)).whereNot('status', 'scheduled'))).toBe(0);
    expect(
      await count(
        db('fixtures')
          .where('status', 'finished')
          .where((q) => q.whereNull('home_goals').orWhereNull('away_goals')),
      ),
    ).toBe(0);
    expect(await count(db('fixtures').where('status', 'scheduled').whereNotNull('home_goals'))).toBe(0);
    const finished = await count(db('fixtures').where('status', 'finished'));
    expect(await count(db('fixture_team_stats'))).toBe(2 * finished);
    expect(await count(db('fixture_team_stats as t').join('fixtures as f', 'f.id', 't.fixture_id').where('f.status', 'scheduled'))).toBe(0);
    expect(await count(db('fixture_player_stats as p').join('fixtures as f', 'f.id', 'p.fixture_id').where('f.status', 'scheduled'))).toBe(
      0,
    );
    // The current season is half played, the previous one completely, with its knockouts
    expect(await count(db('fixtures').where({ season: 2026, status: 'finished' }))).toBeGreaterThan(0);
    expect(await count(db('fixtures').where({ season: 2026, status: 'scheduled' }))).toBeGreaterThan(0);
    expect(await count(db('fixtures').where({ season: 2025 }).whereNot('status', 'finished'))).toBe(0);
    expect(await count(db('fixtures').where({ league_id: 2, season: 2025, round: 'Final' }))).toBe(1);
    expect(await count(db('fixtures').where({ league_id: 323, season: 2025, stage: 'playoff' }))).toBe(2);
  });

  it('every finished fixture: team statistics consistent with the goals, players adding up to the team', async () => {
    const teamViolations = await count(
      db('fixture_team_stats as t')
        .join('fixtures as f', 'f.id', 't.fixture_id')
        .where((q) =>
          q
            .whereRaw('t.shots_on_target > t.total_shots')
            .orWhereRaw('(case when t.is_home then f.home_goals else f.away_goals end) > t.shots_on_target')
            .orWhereRaw('t.shots_inside_box + t.shots_outside_box <> t.total_shots')
            .orWhereRaw('t.passes_accurate > t.total_passes'),
        ),
    );
    expect(teamViolations).toBe(0);
    const possession: Array<{ fixture_id: number; total: unknown }> = await db('fixture_team_stats')
      .groupBy('fixture_id')
      .select('fixture_id', db.raw('sum(ball_possession) as total'));
    expect(possession.filter((p) => Number(p.total) !== 100)).toEqual([]);
    const sums: Array<{ fixture_id: number; team_id: number; goals: unknown; yellow: unknown; starters: unknown; passes: unknown }> =
      await db('fixture_player_stats')
        .groupBy('fixture_id', 'team_id')
        .select(
          'fixture_id',
          'team_id',
          db.raw('sum(goals) as goals'),
          db.raw('sum(yellow_cards) as yellow'),
          db.raw('sum(case when started then 1 else 0 end) as starters'),
          db.raw('sum(passes_total) as passes'),
        );
    const fixtureRows: Array<{ id: number; home_team_id: number; home_goals: number; away_goals: number }> = await db('fixtures')
      .where('status', 'finished')
      .select('id', 'home_team_id', 'home_goals', 'away_goals');
    const fixtures = new Map(fixtureRows.map((f) => [Number(f.id), f]));
    const teamRows: Array<{ fixture_id: number; team_id: number; yellow_cards: number; total_passes: number }> = await db(
      'fixture_team_stats',
    ).select('fixture_id', 'team_id', 'yellow_cards', 'total_passes');
    const teamStats = new Map(teamRows.map((t) => [`${t.fixture_id}:${t.team_id}`, t]));
    expect(sums).toHaveLength(2 * fixtures.size);
    const wrong = sums.filter((s) => {
      const f = fixtures.get(Number(s.fixture_id))!;
      const goals = Number(s.team_id) === Number(f.home_team_id) ? f.home_goals : f.away_goals;
      const t = teamStats.get(`${s.fixture_id}:${s.team_id}`)!;
      return (
        Number(s.goals) !== goals || Number(s.yellow) !== t.yellow_cards || Number(s.starters) !== 11 || Number(s.passes) !== t.total_passes
      );
    });
    expect(wrong).toEqual([]);
    const [ratings] = await db('fixture_player_stats').select(db.raw('min(rating) as low, max(rating) as high'));
    expect(Number(ratings.low)).toBeGreaterThanOrEqual(5.5);
    expect(Number(ratings.high)).toBeLessThanOrEqual(9);
  });

  it('squads by position, players with names, nationality, birth date and no photo', async () => {
    const sizes: Array<{ team_id: number; position: string; n: unknown }> = await db('squad_members')
      .where('season', 2026)
      .groupBy('team_id', 'position')
      .select('team_id', 'position', db.raw('count(*) as n'));
    const ranges: Record<string, [number, number]> = { Goalkeeper: [2, 3], Defender: [7, 8], Midfielder: [7, 8], Attacker: [4, 5] };
    expect(new Set(sizes.map((s) => s.team_id)).size).toBe(13 + 20 + 32);
    for (const s of sizes) {
      const [min, max] = ranges[s.position]!;
      expect(Number(s.n)).toBeGreaterThanOrEqual(min);
      expect(Number(s.n)).toBeLessThanOrEqual(max);
    }
    const sample: Array<{ name: string; first_name: string; last_name: string; nationality: string; birth_date: unknown; photo: unknown }> =
      await db('players').limit(50);
    for (const p of sample) {
      expect(p.name).toBe(`${p.first_name} ${p.last_name}`);
      expect(p.nationality).toEqual(expect.any(String));
      expect(
        toDate(p.birth_date instanceof Date ? p.birth_date.toISOString() : `${String(p.birth_date)}T00:00:00Z`)?.getTime(),
      ).toBeLessThan(Date.now());
      expect(p.photo).toBeNull();
    }
    // Indian clubs are mostly Indian, with a few foreign players
    const isl: Array<{ nationality: string }> = await db('players as p')
      .join('squad_members as s', 's.player_id', 'p.id')
      .join('teams as t', 't.id', 's.team_id')
      .where({ 't.country': 'India', 's.season': 2026 })
      .select('p.nationality');
    const indian = isl.filter((p) => p.nationality === 'India').length;
    expect(indian / isl.length).toBeGreaterThan(0.6);
    expect(indian).toBeLessThan(isl.length);
  });
});
