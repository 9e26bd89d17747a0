import { LEAGUE_IDS, type FixtureAnalysis, type RecordSummary } from '@matchday/contracts';
import { httpFootballClient, manualClock, toDate, toSqlDateTime } from '@matchday/server';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { createInsights } from '../src/service';
import type { TipsBackfill } from '../src/modules/tips/backfill';
import { json } from './support/json';

interface TipColumns {
  fixture_id: number;
  kickoff_at: unknown;
  market: string;
  probability: number;
  odds: number | null;
  p_home: number;
  p_draw: number;
  p_away: number;
  p_over25: number;
  xg_home: number;
  xg_away: number;
  book_home: number | null;
}

/** What a tip says before its match (everything but the grading and the time it was made), by fixture. */
async function tipsByFixture(service: RunningService): Promise<Map<number, TipColumns>> {
  const rows: TipColumns[] = await service
    .db('tips')
    .where('origin', 'backfill')
    .select(
      'fixture_id',
      'kickoff_at',
      'market',
      'probability',
      'odds',
      'p_home',
      'p_draw',
      'p_away',
      'p_over25',
      'xg_home',
      'xg_away',
      'book_home',
    );
  return new Map(rows.map((row) => [Number(row.fixture_id), { ...row, fixture_id: Number(row.fixture_id) }]));
}

/**
 * The season so far, tipped afterwards from what was known before each kick-off, on the demo season (played
 * matches before the clock's day): stored apart from the tips frozen live, graded, shown in the record; no result
 * or closing price of a match reaches its own tip or an earlier one.
 */
describe.each(testDatabases())('tips backfill on %s', (_label, target) => {
  let footballService: RunningService;
  let service: RunningService;
  let backfill: TipsBackfill;
  const clock = manualClock(Date.parse('2027-01-12T00:01:00Z'));
  let played: Array<{ id: number; kickoff_at: unknown; home_goals: number; away_goals: number }> = [];
  let live: Record<string, unknown>;
  let leagueId = 0;
  let made = 0;

  beforeAll(async () => {
    footballService = await startService(football, target('football'), { seed: true, clock });
    const definition = createInsights({ football: httpFootballClient(footballService.url, TEST_SECRET), background: false });
    const insights = await startService(definition, target('insights'), { clock });
    service = insights;
    backfill = insights.parts.backfill;
    const [league] = await footballService.db('leagues').orderBy('id').select('id', 'current_season');
    leagueId = Number(league.id);
    played = await footballService
      .db('fixtures')
      .where({ league_id: league.id, season: league.current_season })
      .whereNotNull('home_goals')
      .where('kickoff_at', '<', toSqlDateTime(new Date(clock())))
      .orderBy('kickoff_at')
      .select('id', 'kickoff_at', 'home_goals', 'away_goals');
    // the demo prices upcoming matches only: the played ones get a bookmaker's pre-match prices here
    await footballService.db('fixture_odds').insert(
      played.map((m, k) => ({
        fixture_id: m.id,
        bookmaker: 'B365',
        timing: 'opening',
        home: k % 2 ? 2.1 : 2.6,
        draw: 3.4,
        away: k % 2 ? 3.6 : 2.8,
        over_2_5: 1.9,
        under_2_5: 1.95,
      })),
    );
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await footballService?.close();
  });

  it('tips every played match of the season without a tip, graded and labelled; a tip frozen live stays as it is', async () => {
    expect(played.length).toBeGreaterThan(20);
    // a tip frozen live before one of the matches (as the job would have): the backfill leaves it alone
    const frozen = played[played.length - 1]!;
    const kickoff = toDate(frozen.kickoff_at)!;
    await service.db('tips').insert({
      fixture_id: frozen.id,
      league_id: leagueId,
      league_name: 'Live league',
      season: 2026,
      kickoff_at: toSqlDateTime(kickoff),
      home_team_id: 1,
      away_team_id: 2,
      home_team: 'Home',
      away_team: 'Away',
      market: 'draw',
      probability: 0.3,
      p_home: 0.35,
      p_draw: 0.3,
      p_away: 0.35,
      p_over25: 0.5,
      p_btts: 0.5,
      p_home_minus1: 0.15,
      p_push: 0.2,
      xg_home: 1.2,
      xg_away: 1.2,
      made_at: toSqlDateTime(new Date(kickoff.getTime() - 3_600_000)),
    });
    const frozenColumns = ['id', 'origin', 'market', 'probability', 'p_home', 'p_draw', 'p_away', 'made_at'];
    live = await service.db('tips').where('fixture_id', frozen.id).first(frozenColumns);

    const report = await backfill.run();
    // every league's season so far (the demo has several)
    expect(report.pending).toBeGreaterThan(played.length - 1);
    expect(report.made).toBe(report.pending);
    expect(report.graded).toBe(report.made + 1);
    made = report.made;
    expect(report.fits).toBeGreaterThan(1);

    // graded like every tip, otherwise as it was frozen
    expect(await service.db('tips').where('fixture_id', frozen.id).first(frozenColumns)).toEqual(live);
    expect(live.origin).toBe('live');
    expect((await service.db('tips').where('fixture_id', frozen.id).first()).status).not.toBe('upcoming');
    const backfilled = await tipsByFixture(service);
    for (const match of played.slice(0, -1)) expect(backfilled.get(match.id)?.book_home).toBeGreaterThan(0);
    const rows: Array<{ status: string; made_at: unknown; kickoff_at: unknown }> = await service
      .db('tips')
      .where('origin', 'backfill')
      .select('status', 'made_at', 'kickoff_at');
    for (const row of rows) {
      expect(row.status).not.toBe('upcoming');
      // computed afterwards: made now, after its kick-off
      expect(toDate(row.made_at)!.getTime()).toBe(clock());
      expect(toDate(row.kickoff_at)!.getTime()).toBeLessThan(clock());
    }
  });

  it('shows both records apart, each with its count, hit rate, ROI and RPS against the bookmaker, and says how they differ', async () => {
    const record = await json<RecordSummary>(await service.request(`/api/tips/record?leagueId=${leagueId}`));
    const [livePart, backfillPart] = record.parts!;
    expect(livePart).toMatchObject({ origin: 'live', label: 'frozen before kick-off', tips: 1 });
    expect(backfillPart).toMatchObject({ origin: 'backfill', label: 'computed afterwards from data before kick-off' });
    expect(backfillPart!.tips).toBe(played.length - 1);
    expect(backfillPart!.graded).toBe(backfillPart!.tips);
    expect(backfillPart!.hitRate).toBe(Math.round((backfillPart!.won / (backfillPart!.won + backfillPart!.lost)) * 10000) / 10000);
    expect(backfillPart!.won + backfillPart!.lost + backfillPart!.pushed).toBe(backfillPart!.graded);
    expect(backfillPart!.modelRps).not.toBeNull();
    expect(backfillPart!.bookmakerRps).not.toBeNull();
    expect(backfillPart!.rpsMatches).toBe(backfillPart!.graded);
    expect(backfillPart!.roi).not.toBeNull();
    expect(backfillPart!.calibration.reduce((s, b) => s + b.count, 0)).toBe(3 * backfillPart!.graded);
    // the top-level figures stay those of the live tips: never merged
    expect(record.tips).toBe(1);
    expect(record.recent.every((tip) => tip.origin === 'live')).toBe(true);
    expect(record.note).toMatch(/^Frozen tips were stored before their kick-off.*backfilled tips were computed after/);
    const all = await json<RecordSummary[]>(await service.request('/api/tips/record'));
    expect(all.find((r) => r.leagueId === leagueId)?.parts?.[1]!.tips).toBe(backfillPart!.tips);
    // a played match's analysis shows its backfilled tip, labelled
    const analysis = await json<FixtureAnalysis>(await service.request(`/api/tips/fixture/${played[5]!.id}`));
    expect(analysis.tip.origin).toBe('backfill');
    expect(analysis.tip.status).not.toBe('upcoming');
  });

  it("lists every league's record in the order every list of leagues takes: Indian Super League, Premier League, Champions League", async () => {
    // the football service lists its leagues by id (Champions League 2, Premier League 39, Indian Super League 323)
    const all = await json<RecordSummary[]>(await service.request('/api/tips/record'));
    expect(all.map((r) => r.league)).toEqual(['Indian Super League', 'Premier League', 'Champions League']);
    expect(all.map((r) => r.leagueId)).toEqual([LEAGUE_IDS.indianSuperLeague, LEAGUE_IDS.premierLeague, LEAGUE_IDS.championsLeague]);
  });

  it('runs once: run again (as at a restart) it fits nothing and stores nothing', async () => {
    const before = await service.db('tips').orderBy('id').select('*');
    clock.advance(60_000);
    const report = await backfill.run();
    expect(report).toMatchObject({ pending: 0, made: 0, fits: 0 });
    expect(await service.db('tips').orderBy('id').select('*')).toEqual(before);
  });

  /** Moves a played match's result and closing prices, runs the backfill afresh and gives the tips it made. */
  async function rerunWithChangedMatch(fixtureId: number): Promise<Map<number, TipColumns>> {
    await footballService.db('fixtures').where('id', fixtureId).update({ home_goals: 0, away_goals: 7 });
    await footballService.db('fixture_odds').where({ fixture_id: fixtureId, timing: 'closing' }).delete();
    await footballService.db('fixture_odds').insert({
      fixture_id: fixtureId,
      bookmaker: 'B365',
      timing: 'closing',
      home: 21,
      draw: 11,
      away: 1.08,
      over_2_5: 1.1,
      under_2_5: 8,
    });
    await service.db('tips').where('origin', 'backfill').delete();
    // without a stored tip, a played match's analysis shows the model's tip from before its day, not stored, as computed afterwards
    const unstored = await json<FixtureAnalysis>(await service.request(`/api/tips/fixture/${fixtureId}`));
    expect([unstored.tip.id, unstored.tip.origin]).toEqual([0, 'backfill']);
    const report = await backfill.run();
    expect(report.made).toBe(made);
    return tipsByFixture(service);
  }

  it("no look-ahead: a match's own result and closing prices do not change its backfilled tip", async () => {
    const before = await tipsByFixture(service);
    const target = played[Math.floor(played.length / 2)]!;
    const after = await rerunWithChangedMatch(target.id);
    expect(after.get(target.id)).toEqual(before.get(target.id));
    const graded = await service.db('tips').where('fixture_id', target.id).first();
    expect([Number(graded.home_goals), Number(graded.away_goals)]).toEqual([0, 7]);
  });

  it("no look-ahead: a later match's data never reaches an earlier match's tip (and does reach later ones)", async () => {
    const before = await tipsByFixture(service);
    const later = played[Math.floor(played.length / 3)]!;
    const laterKickoff = toDate(later.kickoff_at)!.getTime();
    const after = await rerunWithChangedMatch(later.id);
    let earlier = 0;
    let changedAfter = 0;
    for (const [fixtureId, tip] of after) {
      const kickoff = toDate(tip.kickoff_at)!.getTime();
      if (kickoff <= laterKickoff) {
        earlier += 1;
        expect([fixtureId, tip]).toEqual([fixtureId, before.get(fixtureId)]);
      } else if (tip.p_home !== before.get(fixtureId)!.p_home) changedAfter += 1;
    }
    expect(earlier).toBeGreaterThan(5);
    expect(changedAfter).toBeGreaterThan(0);
  });
});
