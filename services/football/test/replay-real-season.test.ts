import fs from 'node:fs';
import type { StandingRow, TopScorer } from '@matchday/contracts';
import { manualClock, migrateLatest, openDatabase, repoRoot, toDate, type Clock, type DatabaseTarget, type Knex } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import { findCuratedClub } from '../src/importers/aliases';
import { readReplay, writeReplay } from '../src/importers/replay';
import { football, startFootball } from '../src/service';
import { sharedData } from './import-helpers';

/**
 * `npm start -- --as-of 2025-01-02 --replay football-data-co-uk E0-2425.csv + fpl 2024-25`, with a fake
 * clock: the Premier League as it stood on 2 January 2025, then the rest of the season released by the
 * running service's timer as the clock passes each kick-off + 2 h.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const E0_2425 = sharedData('football-data-co-uk', 'E0-2425.csv');
const FPL_2425 = sharedData('fpl', '2024-25');

interface CsvMatch {
  day: string;
  home: string;
  away: string;
  fthg: number;
  ftag: number;
}

/** football-data.co.uk rows (no quoted fields in this file), team names as the app shows them. */
function readResults(file: string): CsvMatch[] {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const name = (team: string) => findCuratedClub(team)?.name ?? team;
  return lines.map((line) => {
    const cells = line.split(',');
    const row = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
    const [d, m, y] = row.Date!.split('/');
    return { day: `${y}-${m}-${d}`, home: name(row.HomeTeam!), away: name(row.AwayTeam!), fthg: Number(row.FTHG), ftag: Number(row.FTAG) };
  });
}

type Line = { played: number; wins: number; draws: number; losses: number; goalsFor: number; goalsAgainst: number; points: number };

/** The table computed from the CSV's results (no points adjustments in 2024-25). */
function tableOf(matches: readonly CsvMatch[]): Record<string, Line> {
  const table: Record<string, Line> = {};
  const line = (team: string) => (table[team] ??= { played: 0, wins: 0, draws: 0, losses: 0, goalsFor: 0, goalsAgainst: 0, points: 0 });
  for (const m of matches) {
    const [h, a] = [line(m.home), line(m.away)];
    h.played += 1;
    a.played += 1;
    h.goalsFor += m.fthg;
    h.goalsAgainst += m.ftag;
    a.goalsFor += m.ftag;
    a.goalsAgainst += m.fthg;
    const [hp, ap] = m.fthg > m.ftag ? [3, 0] : m.fthg < m.ftag ? [0, 3] : [1, 1];
    h.points += hp;
    a.points += ap;
    h[hp === 3 ? 'wins' : hp === 1 ? 'draws' : 'losses'] += 1;
    a[ap === 3 ? 'wins' : ap === 1 ? 'draws' : 'losses'] += 1;
  }
  return table;
}

function served(rows: readonly StandingRow[]): Record<string, Line> {
  return Object.fromEntries(
    rows.map((r) => [
      r.teamName,
      {
        played: r.played,
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
        goalsFor: r.goalsFor,
        goalsAgainst: r.goalsAgainst,
        points: r.points,
      },
    ]),
  );
}

const count = async (query: Knex.QueryBuilder): Promise<number> => Number(((await query.count({ n: '*' })) as Array<{ n: unknown }>)[0]!.n);

describe.each(testDatabases())('Premier League 2024-25 replayed as of 2 January 2025 on %s', (_label, makeTarget) => {
  // Fake now: 23 Nov 2026 12:00 UTC is the real 2 Jan 2025 12:00.
  const start = Date.parse('2026-11-23T12:00:00Z');
  const seasonEnd = Date.parse('2025-05-25T15:00:00Z');
  const clock = manualClock(start);
  let days = 0;
  let target: DatabaseTarget;
  let service: RunningService | undefined;
  const results = readResults(E0_2425);
  const get = async <T>(path: string): Promise<T> => {
    const response = await service!.request(path);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };

  beforeAll(async () => {
    const read = await readReplay(['football-data-co-uk', E0_2425, '+', 'fpl', FPL_2425], { INIT_CWD: repoRoot }, () => undefined, {
      asOf: '2025-01-02',
      now: new Date(start),
    });
    expect(read.problems).toEqual([]);
    days = read.days;
    target = makeTarget('football');
    const db = await openDatabase(target);
    try {
      await migrateLatest(db, migrations);
      const report = await writeReplay(db, read);
      expect(report.problems).toEqual([]);
    } finally {
      await db.destroy();
    }
    service = await startService(
      { ...football, onStart: (db: Knex, at: Clock) => startFootball(db, at, { releaser: { maxWaitMs: 20 } }) },
      target,
      {
        clock,
      },
    );
  }, 600_000);

  afterAll(async () => {
    await service?.close();
  });

  it('today is the real 2 January 2025', () => {
    expect(new Date(start - days * DAY).toISOString().slice(0, 10)).toBe('2025-01-02');
  });

  it('the table of 2 January 2025: 18 clubs on 19 played and two on 18, every line as the real results had it', async () => {
    const table = await get<StandingRow[]>('/api/standings?leagueId=39&season=2024');
    expect(table).toHaveLength(20);
    const played = table.map((r) => r.played).sort((a, b) => a - b);
    expect(played).toEqual([18, 18, ...Array<number>(18).fill(19)]);
    expect(new Set(table.filter((r) => r.played === 18).map((r) => r.teamName))).toEqual(new Set(['Everton', 'Liverpool']));
    expect(served(table)).toEqual(tableOf(results.filter((m) => m.day < '2025-01-02')));
    expect(table[0]).toMatchObject({ teamName: 'Liverpool', points: 45 });
  });

  it('Salah top scorer on 17', async () => {
    const scorers = await get<TopScorer[]>('/api/top-scorers/39/2024');
    expect(scorers[0]).toMatchObject({ playerName: expect.stringContaining('Salah'), goals_Total: 17 });
  });

  it('none of the remaining 191 matches has a result, statistics, player lines or closing odds', async () => {
    const db = service!.db;
    const future = () => db('fixtures').where('kickoff_at', '>', new Date(start).toISOString().slice(0, 19).replace('T', ' '));
    expect(await count(future())).toBe(191);
    expect(
      await count(future().where({ status: 'scheduled' }).whereNull('home_goals').whereNull('away_goals').whereNull('home_goals_ht')),
    ).toBe(191);
    expect(await count(db('fixtures').where({ status: 'finished' }))).toBe(189);
    const ids = future().select('id');
    expect(await count(db('fixture_team_stats').whereIn('fixture_id', ids.clone()))).toBe(0);
    expect(await count(db('fixture_player_stats').whereIn('fixture_id', ids.clone()))).toBe(0);
    expect(await count(db('fixture_odds').whereIn('fixture_id', ids.clone()).whereNot({ timing: 'opening' }))).toBe(0);
    expect(await count(db('fixture_odds').whereIn('fixture_id', ids.clone()).where({ timing: 'opening' }))).toBeGreaterThan(0);
  });

  it("each match's starting XI comes out at kick-off - 60 min (FPL's starts), before anything else of the match", async () => {
    const db = service!.db;
    const lineups = async (fixtureId: number) => count(db('fixture_lineups').where({ fixture_id: fixtureId, starting: true }));
    const [next] = (await db('fixtures')
      .where('kickoff_at', '>', new Date(start).toISOString().slice(0, 19).replace('T', ' '))
      .orderBy([{ column: 'kickoff_at' }, { column: 'id' }])
      .limit(1)
      .select('id', 'kickoff_at')) as Array<{ id: number; kickoff_at: unknown }>;
    const kickoff = toDate(next!.kickoff_at)!.getTime();
    expect(await count(db('fixture_lineups'))).toBe(0);
    clock.set(kickoff - 61 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 150)); // several looks at the clock
    expect(await lineups(next!.id)).toBe(0);
    clock.set(kickoff - 60 * 60_000);
    const deadline = Date.now() + 30_000;
    while ((await lineups(next!.id)) === 0) {
      if (Date.now() > deadline) throw new Error('line-up not released');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // the real XIs, 11 a side, and nothing of the match itself yet
    expect(await lineups(next!.id)).toBe(22);
    expect(await count(db('fixture_player_stats').where({ fixture_id: next!.id }))).toBe(0);
    expect(await db('fixtures').where({ id: next!.id }).first('status', 'home_goals')).toMatchObject({
      status: 'scheduled',
      home_goals: null,
    });
  });

  it('as the clock passes the end of the season every result comes out through the store: the real final table, Salah on 29', async () => {
    clock.set(seasonEnd + days * DAY + 2 * HOUR + 60_000);
    const deadline = Date.now() + 300_000;
    while (Number(((await service!.db('held_results').count({ n: '*' })) as Array<{ n: unknown }>)[0]!.n) > 0) {
      if (Date.now() > deadline) throw new Error('results not released');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(served(await get<StandingRow[]>('/api/standings?leagueId=39&season=2024'))).toEqual(tableOf(results));
    const scorers = await get<TopScorer[]>('/api/top-scorers/39/2024');
    expect(scorers[0]).toMatchObject({ playerName: expect.stringContaining('Salah'), goals_Total: 29 });
    expect(await count(service!.db('fixtures').where({ status: 'finished' }))).toBe(380);
  }, 360_000);
});
