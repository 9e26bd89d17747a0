import fs from 'node:fs';
import path from 'node:path';
import type { FixtureLineups, FixtureStats, MatchEvent } from '@matchday/contracts';
import { repoRoot, toDate } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { runImport } from '../src/importers/cli';
import { football } from '../src/service';
import { count, fixtureIdByTeams, getJson, sharedData, tempDir } from './import-helpers';

/**
 * What football.json's `-full` files leave in the store, through the service: the crowd, a side's line-up skipped
 * while the other's is served, the sources named, and a pairing met twice whose meetings are listed in another order.
 * Constructed files are written to a temporary folder.
 */

const SAMPLE = fs.readFileSync(sharedData('openfootball', 'football-json', 'full-sample', '2025-26', 'en.1-full.json'), 'utf8');

type RawSide = { starter: Array<{ name: string; captain?: boolean }>; bench: Array<{ name: string }>; subs: unknown[] };
type RawMatch = Record<string, unknown> & { lineup: RawSide[] };

/** The excerpt with its matches changed by `change`, written as `<dir>/2025-26/en.1-full.json`. */
function writeSample(dir: string, change: (matches: RawMatch[]) => void): string {
  const data = JSON.parse(SAMPLE) as { name: string; matches: RawMatch[] };
  change(data.matches);
  return writeFile(dir, 'en.1-full.json', data);
}

function writeFile(dir: string, name: string, data: unknown): string {
  fs.mkdirSync(path.join(dir, '2025-26'), { recursive: true });
  const file = path.join(dir, '2025-26', name);
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}

const twelfth = (side: RawSide) => side.starter.push({ name: 'Kenny DALGLISH' });

/** A side of eleven named `<club> Player 1` … 11, captained by `captain`, with one substitution at 70. */
function side(club: string, captain: number): RawSide {
  const starter = Array.from({ length: 11 }, (_, i) => ({
    name: `${club} Player ${i + 1}`,
    ...(i + 1 === captain ? { captain: true } : {}),
  }));
  return { starter, bench: [{ name: `${club} Sub` }], subs: [{ on: `${club} Sub`, off: `${club} Player 11`, minute: '70' }] };
}

/** Celtic v Rangers at Celtic Park: the meeting's date, its captains and its one goal. */
function meeting(date: string, captain: number, goal: { side: 1 | 2; minute: string }) {
  const scorer = { name: `${goal.side === 1 ? 'Celtic' : 'Rangers'} Player 9`, minute: goal.minute };
  return {
    round: 'Matchday',
    date,
    time: '12:00 UTC+0',
    team1: 'Celtic FC',
    team2: 'Rangers FC',
    score: { ft: goal.side === 1 ? [1, 0] : [0, 1] },
    [`goals${goal.side}`]: [scorer],
    ground: 'Celtic Park, Glasgow',
    attendance: 59_000 + captain,
    lineup: [side('Celtic', captain), side('Rangers', captain)],
  };
}

describe.each(testDatabases())('football.json -full in the store, through the service on %s', (_label, makeTarget) => {
  let service: RunningService;
  let dir: string;
  const run = (...argv: string[]) => runImport(argv, { db: service.db, cwd: repoRoot, progress: false, log: () => undefined });
  const lineups = async (id: number) => {
    const response = await service.request(`/api/fixtures/${id}/lineups`);
    return { status: response.status, body: (await response.json()) as FixtureLineups & { message?: string } };
  };

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'));
    dir = tempDir();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the side whose line-up holds together and says the other is not available; neither: 404', async () => {
    const file = writeSample(dir, (matches) => {
      twelfth(matches[0]!.lineup[0]!);
      twelfth(matches[1]!.lineup[0]!);
      twelfth(matches[1]!.lineup[1]!);
    });
    const report = await run('football-json', file);
    expect(report.problems.map((p) => p.message)).toEqual([
      'match 1: Liverpool v Bournemouth: home line-up skipped (Liverpool): 12 starters',
      'match 2: Aston Villa v Newcastle United: home line-up skipped (Aston Villa): 12 starters',
      'match 2: Aston Villa v Newcastle United: away line-up skipped (Newcastle United): 12 starters',
    ]);
    const { status, body } = await lineups(await fixtureIdByTeams(service.db, 39, 2025, 'Liverpool', 'Bournemouth'));
    expect(status).toBe(200);
    expect(body.home).toEqual({
      teamId: expect.any(Number),
      teamName: 'Liverpool',
      available: false,
      starters: [],
      substitutes: [],
      bench: null,
    });
    expect(body.away).toMatchObject({ teamName: 'Bournemouth', available: true, bench: null });
    expect(body.away.starters).toHaveLength(11);
    expect(body.away.starters.find((p) => p.name === 'Antoine Semenyo')?.goals).toBe(2);
    expect(await lineups(await fixtureIdByTeams(service.db, 39, 2025, 'Aston Villa', 'Newcastle United'))).toEqual({
      status: 404,
      body: { message: 'Line-ups not available' },
    });
    const other = await lineups(await fixtureIdByTeams(service.db, 39, 2025, 'Manchester City', 'Tottenham Hotspur'));
    expect([other.body.home.available, other.body.away.available]).toEqual([true, true]);
  });

  it('stores the attendance and the ground, and names football.json as the source of the players', async () => {
    const id = await fixtureIdByTeams(service.db, 39, 2025, 'Liverpool', 'Bournemouth');
    const stats = await getJson<FixtureStats>(service, `/api/fixture-stats/${id}`);
    expect(stats).toMatchObject({ attendance: 60315, venue: 'Anfield', venueCity: 'Liverpool', referee: 'Anthony Taylor' });
    expect(stats.sources).toEqual({ results: ['openfootball (football.json)'], statistics: [], players: ['openfootball (football.json)'] });
    // a match the file gives no crowd for has none
    await service.db('fixtures').where({ id }).update({ attendance: null });
    expect((await getJson<FixtureStats>(service, `/api/fixture-stats/${id}`)).attendance).toBeNull();
  });

  it("attaches a repeated pairing's line-ups and goals to the meeting of their kick-off, whatever the file's order", async () => {
    const september = meeting('2025-09-01', 1, { side: 1, minute: '10' });
    const december = meeting('2025-12-27', 2, { side: 2, minute: '80' });
    const write = (matches: unknown[]) => writeFile(dir, 'sco.1-full.json', { name: 'Scottish Premiership 2025/26', matches });
    const meetings = async () => {
      const rows = (await service.db('fixtures').where({ league_id: 179 }).orderBy('kickoff_at').select('id', 'kickoff_at')) as Array<{
        id: number;
        kickoff_at: unknown;
      }>;
      const out: Array<[string, string | undefined, string | null, number | null, number]> = [];
      for (const row of rows) {
        const { body } = await lineups(Number(row.id));
        const events = await getJson<MatchEvent[]>(service, `/api/fixture-events/${row.id}`);
        const stats = await getJson<FixtureStats>(service, `/api/fixture-stats/${row.id}`);
        out.push([
          toDate(row.kickoff_at)!.toISOString().slice(0, 10),
          body.home.starters.find((p) => p.captain)?.name,
          events.find((e) => e.kind === 'goal')?.scorer ?? null,
          stats.attendance,
          await count(service.db('fixture_player_stats').where({ fixture_id: row.id })),
        ]);
      }
      return out;
    };
    const expected = [
      ['2025-09-01', 'Celtic Player 1', 'Celtic Player 9', 59_001, 24],
      ['2025-12-27', 'Celtic Player 2', 'Rangers Player 9', 59_002, 24],
    ];

    expect((await run('football-json', write([september, december]))).problems).toEqual([]);
    expect(await meetings()).toEqual(expected);
    // the December meeting listed first now takes the file's first id, which named September's
    expect((await run('football-json', write([december, september]))).problems).toEqual([]);
    expect(await meetings()).toEqual(expected);
    expect(await count(service.db('fixtures').where({ league_id: 179 }))).toBe(2);
  });
});
