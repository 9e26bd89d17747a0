import type { Dream11Record } from '@matchday/contracts';
import { httpFootballClient, manualClock, toDate } from '@matchday/server';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { stopSolver } from '../src/fantasy/optimiser';
import { createInsights, type InsightsParts } from '../src/service';
import { json } from './support/json';

interface RecordRow {
  fixture_id: number;
  league_id: number;
  kickoff_at: unknown;
  model_points: number | null;
  form_points: number | null;
  captain: string | null;
}

const rowsOf = async (service: RunningService): Promise<RecordRow[]> =>
  (await service.db('dream11_record').orderBy('kickoff_at').orderBy('fixture_id').select('*')).map((row: RecordRow) => ({
    fixture_id: Number(row.fixture_id),
    league_id: Number(row.league_id),
    kickoff_at: toDate(row.kickoff_at)!.toISOString(),
    model_points: row.model_points === null ? null : Number(row.model_points),
    form_points: row.form_points === null ? null : Number(row.form_points),
    captain: row.captain,
  }));

/**
 * The Dream11 record on the demo season: the model's team for each played match of a league with player points,
 * picked from what was known before kick-off, against the form pick, both on the points the players then made.
 */
describe.each(testDatabases())('Dream11 record on %s', (_label, target) => {
  let footballService: RunningService;
  let service: RunningService<InsightsParts>;
  const clock = manualClock(Date.parse('2027-01-12T00:01:00Z'));
  let leaguesWithPoints: number[] = [];

  beforeAll(async () => {
    footballService = await startService(football, target('football'), { seed: true, clock });
    const definition = createInsights({ football: httpFootballClient(footballService.url, TEST_SECRET), background: false });
    service = await startService(definition, target('insights'), { clock });
    const rows: Array<{ league_id: number }> = await footballService
      .db('fixture_player_stats as s')
      .join('fixtures as f', 'f.id', 's.fixture_id')
      .join('leagues as l', 'l.id', 'f.league_id')
      .whereRaw('f.season = l.current_season')
      .distinct('f.league_id');
    leaguesWithPoints = rows.map((r) => Number(r.league_id)).sort((a, b) => a - b);
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await footballService?.close();
    await stopSolver();
  });

  it("scores the model's team and the form pick of every played match of the season with player points, once", async () => {
    expect(leaguesWithPoints.length).toBeGreaterThan(0);
    const report = await service.parts.dream11Record.run();
    expect(report.pending).toBeGreaterThan(5);
    expect(report.made).toBe(report.pending);
    expect(report.fits).toBeGreaterThan(1);
    const rows = await rowsOf(service);
    expect(rows).toHaveLength(report.made);
    expect([...new Set(rows.map((r) => r.league_id))].sort((a, b) => a - b)).toEqual(leaguesWithPoints);
    for (const row of rows) expect(Date.parse(row.kickoff_at as string)).toBeLessThan(clock());
    expect(rows.filter((r) => r.model_points !== null && r.form_points !== null).length).toBeGreaterThan(5);
    // every played match of the demo season's three leagues, two solves each: 30-50 s on a busy 2-core machine
  }, 180_000);

  it('gives the averages, the label and the latest matches through GET /api/dream11/record', async () => {
    const rows = (await rowsOf(service)).filter((r) => r.model_points !== null);
    const record = await json<Dream11Record>(await service.request('/api/dream11/record'));
    expect(record).toMatchObject({ origin: 'backfill', label: 'computed afterwards from data before kick-off', matches: rows.length });
    const mean = (values: number[]) => Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 10) / 10;
    expect(record.modelAverage).toBe(mean(rows.map((r) => r.model_points!)));
    expect(record.formAverage).toBe(mean(rows.map((r) => r.form_points!)));
    expect(record.modelAhead).toBe(rows.filter((r) => r.model_points! > r.form_points!).length);
    expect(record.recent).toHaveLength(5);
    const kickoffs = record.recent.map((m) => Date.parse(m.kickoffAt));
    expect([...kickoffs].sort((a, b) => b - a)).toEqual(kickoffs);
    expect(kickoffs[0]).toBe(Math.max(...rows.map((r) => Date.parse(r.kickoff_at as string))));
    expect(record.recent[0]!.match).toMatch(/ vs /);
    expect(record.recent[0]!.captain.length).toBeGreaterThan(0);
    expect(record.note).toMatch(/only what was known before each kick-off/);
    expect((await service.request('/api/dream11/record?x=1')).status).toBe(400);
  });

  it('runs once: run again (as at a restart) it fits nothing and stores nothing', async () => {
    const before = await service.db('dream11_record').orderBy('id').select('*');
    clock.advance(60_000);
    expect(await service.parts.dream11Record.run()).toMatchObject({ pending: 0, made: 0, fits: 0 });
    expect(await service.db('dream11_record').orderBy('id').select('*')).toEqual(before);
  });

  it("no look-ahead: a match's own player lines change its score, never its team or an earlier match's", async () => {
    const before = await rowsOf(service);
    const scored = before.filter((r) => r.model_points !== null);
    const middle = scored[Math.floor(scored.length / 2)]!;
    // the middle match and the league's matches just before it are made again after every player of the middle match
    // scored twice more in it
    const league = before.filter((r) => r.league_id === middle.league_id);
    const at = league.findIndex((r) => r.fixture_id === middle.fixture_id);
    const redo = league.slice(Math.max(0, at - 8), at + 1);
    await footballService.db('fixture_player_stats').where('fixture_id', middle.fixture_id).increment('goals', 2);
    await service
      .db('dream11_record')
      .whereIn(
        'fixture_id',
        redo.map((r) => r.fixture_id),
      )
      .delete();
    expect(await service.parts.dream11Record.run()).toMatchObject({ pending: redo.length, made: redo.length });
    const after = new Map((await rowsOf(service)).map((r) => [r.fixture_id, r]));
    expect(after.get(middle.fixture_id)!.captain).toBe(middle.captain);
    expect(after.get(middle.fixture_id)!.model_points).toBeGreaterThan(middle.model_points!);
    expect(after.get(middle.fixture_id)!.form_points).toBeGreaterThan(middle.form_points!);
    const earlier = redo.filter((r) => Date.parse(r.kickoff_at as string) < Date.parse(middle.kickoff_at as string));
    expect(earlier.length).toBeGreaterThan(2);
    for (const row of earlier) expect(after.get(row.fixture_id)).toEqual(row);
  });
});
