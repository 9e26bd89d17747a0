import type { Dream11Card, FixtureAnalysis, RecordSummary, TipsDay, WeekendSpecial } from '@matchday/contracts';
import { RULES } from '../src/fantasy/optimiser';
import { httpFootballClient, manualClock, toDate, toSqlDateTime } from '@matchday/server';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { createInsights, type InsightsParts } from '../src/service';
import type { TipsJob } from '../src/modules/tips/job';
import { json } from './support/json';

const DAY = 86_400_000;

/** Every row of the tips table, in id order (what a read must leave as it was). */
async function tipsTable(service: RunningService): Promise<unknown[]> {
  return service.db('tips').orderBy('id').select('*');
}

/**
 * Tips on the demo data (its upcoming fixtures carry the generator's bookmaker-like prices), frozen and graded by
 * the background job (run here by hand on a fake clock); reads never write.
 */
describe.each(testDatabases())('tips on %s', (_label, target) => {
  let footballService: RunningService;
  let service: RunningService<InsightsParts>;
  let job: TipsJob;
  // one clock for both services: the demo season is seeded around its day, and the job freezes and grades on it
  const midnight = Date.parse('2027-01-12T00:00:00Z');
  const clock = manualClock(midnight + 60_000);

  beforeAll(async () => {
    footballService = await startService(football, target('football'), { seed: true, clock });
    const client = httpFootballClient(footballService.url, TEST_SECRET);
    const definition = createInsights({ football: client, background: false });
    service = await startService(definition, target('insights'), { clock });
    job = service.parts.job;
    await job.run();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await footballService?.close();
  });

  it("lists today's tips, most confident first, with fair odds, the bookmaker's odds and the edge", async () => {
    const day = await json<TipsDay>(await service.request('/api/tips?day=today'));
    expect(day.demo).toBe(true);
    expect(day.date).toBe(new Date(midnight).toISOString().slice(0, 10));
    expect(day.tips.length).toBeGreaterThan(0);
    expect(day.tips.length).toBeLessThanOrEqual(6);
    const confidences = day.tips.map((t) => t.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    for (const tip of day.tips) {
      expect(tip.date).toBe(day.date);
      expect(tip.status).toBe('upcoming');
      expect(tip.confidence).toBeGreaterThan(33);
      expect(tip.fairOdds).toBeCloseTo(100 / tip.confidence, 1);
      if (tip.market !== 'bttsYes' && tip.market !== 'bttsNo') {
        expect(tip.odds).not.toBeNull();
        expect(tip.bookmaker).toBe('Demo');
      }
      if (tip.odds !== null && tip.market !== 'homeMinus1') expect(tip.edge).toBeCloseTo((tip.confidence / 100) * tip.odds - 1, 2);
      expect(tip.analysis).toMatch(/expected goals/);
    }
  });

  it('prices like a real book: the demo bookmaker is close to the model, edges mostly within 10%', async () => {
    const edges: number[] = [];
    const gaps: number[] = [];
    for (const day of ['today', 'tomorrow'] as const) {
      const tips = await json<TipsDay>(await service.request(`/api/tips?day=${day}`));
      for (const tip of tips.tips) if (tip.odds !== null && tip.edge !== null) edges.push(tip.edge);
      for (const tip of tips.tips) {
        const analysis = await json<FixtureAnalysis>(await service.request(`/api/tips/fixture/${tip.fixtureId}`));
        for (const market of ['home', 'draw', 'away', 'over25', 'under25'] as const) {
          const book = analysis.bookmaker[market];
          if (book !== undefined) gaps.push(100 * Math.abs(analysis.probabilities[market] - book));
        }
      }
    }
    expect(edges.length).toBeGreaterThanOrEqual(5);
    const within = edges.filter((e) => Math.abs(e) <= 0.1).length / edges.length;
    expect(within).toBeGreaterThanOrEqual(0.8);
    expect(Math.max(...edges.map(Math.abs))).toBeLessThanOrEqual(0.2);
    // the book's probabilities (overround removed) stay within a few points of the model's (percentage points)
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.reduce((s, g) => s + g, 0) / gaps.length).toBeLessThanOrEqual(5);
  });

  it('runs the job once at start, before the service answers: tips are there on the first read', async () => {
    const client = httpFootballClient(footballService.url, TEST_SECRET);
    const started = await startService(createInsights({ football: client }), target('insights'), { clock });
    try {
      const [row] = await started.db('tips').count({ n: '*' });
      expect(Number(row!.n)).toBeGreaterThan(0);
      const day = await json<TipsDay>(await started.request('/api/tips?day=tomorrow'));
      expect(day.tips.length).toBeGreaterThan(0);
    } finally {
      await started.close();
    }
  });

  it('stores tips only inside the published window (today, tomorrow, the weekend), before kick-off', async () => {
    const rows: Array<{ kickoff_at: unknown }> = await service.db('tips').select('kickoff_at');
    expect(rows.length).toBeGreaterThan(0);
    const now = new Date(clock());
    const saturday = Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate() + (now.getUTCDay() === 0 ? -1 : 6 - now.getUTCDay()),
    );
    for (const row of rows) {
      const kickoff = (toDate(row.kickoff_at) ?? new Date(0)).getTime();
      expect(kickoff).toBeGreaterThan(clock());
      const inDays = kickoff < midnight + 2 * DAY;
      const inWeekend = kickoff >= saturday && kickoff < saturday + 2 * DAY;
      expect(inDays || inWeekend).toBe(true);
    }
  });

  it('a GET writes nothing: every read leaves the tips table as it was, even for a fixture weeks ahead or a result not yet graded', async () => {
    const later: Array<{ id: number }> = await footballService
      .db('fixtures')
      .where('kickoff_at', '>', toSqlDateTime(new Date(clock() + 7 * 7 * DAY)))
      .orderBy('kickoff_at')
      .limit(1)
      .select('id');
    expect(later).toHaveLength(1);
    const stored = await tipsTable(service);
    const day = await json<TipsDay>(await service.request('/api/tips?day=today'));
    // a result arrives: only the job grades it
    const played = day.tips[0]!;
    await footballService.db('fixtures').where('id', played.fixtureId).update({ status: 'finished', home_goals: 1, away_goals: 1 });
    const savedClock = clock();
    clock.set(Date.parse(played.kickoffAt) + 3 * 60 * 60_000);
    try {
      const paths = [
        '/api/tips?day=today',
        '/api/tips?day=tomorrow',
        '/api/tips/weekend',
        `/api/tips/fixture/${later[0]!.id}`,
        `/api/tips/fixture/${played.fixtureId}`,
        `/api/tips/record?leagueId=${played.leagueId}`,
        '/api/tips/record',
        '/api/dream11?day=today',
        '/api/dream11?day=tomorrow',
      ];
      for (const path of paths) expect([path, (await service.request(path)).status]).toEqual([path, 200]);
      const far = await json<FixtureAnalysis>(await service.request(`/api/tips/fixture/${later[0]!.id}`));
      expect(far.tip.id).toBe(0);
      expect(far.tip.status).toBe('upcoming');
      expect(await tipsTable(service)).toEqual(stored);
      const record = await json<RecordSummary>(await service.request(`/api/tips/record?leagueId=${played.leagueId}`));
      expect(record.recent.map((t) => t.id)).not.toContain(played.id);
    } finally {
      await footballService
        .db('fixtures')
        .where('id', played.fixtureId)
        .update({ status: 'scheduled', home_goals: null, away_goals: null });
      clock.set(savedClock);
    }
  });

  it('freezes a tip when the job first stores it: later runs and reads return it unchanged', async () => {
    const first = await json<TipsDay>(await service.request('/api/tips?day=tomorrow'));
    clock.advance(60 * 60_000);
    await job.run();
    const again = await json<TipsDay>(await service.request('/api/tips?day=tomorrow'));
    expect(again.tips.map((t) => [t.id, t.madeAt, t.confidence, t.odds])).toEqual(
      first.tips.map((t) => [t.id, t.madeAt, t.confidence, t.odds]),
    );
    const [row] = await service.db('tips').where('fixture_id', first.tips[0]!.fixtureId).select('made_at', 'p_home', 'status');
    expect(row).toBeDefined();
    expect(new Date(first.tips[0]!.madeAt).getTime()).toBeLessThan(Date.parse(first.tips[0]!.kickoffAt));
  });

  it('grades a tip once (in the job) when its result is in and counts it in the league record', async () => {
    const day = await json<TipsDay>(await service.request('/api/tips?day=today'));
    const tip = day.tips[0]!;
    // the match is played: 2-0 to the home side
    await footballService.db('fixtures').where('id', tip.fixtureId).update({ status: 'finished', home_goals: 2, away_goals: 0 });
    clock.set(Date.parse(tip.kickoffAt) + 3 * 60 * 60_000);
    expect((await job.run()).graded).toBeGreaterThanOrEqual(1);
    const gradedAt = (await service.db('tips').where('id', tip.id).first()).graded_at;
    expect(await job.grade()).toBe(0);
    expect((await service.db('tips').where('id', tip.id).first()).graded_at).toEqual(gradedAt);
    const record = await json<RecordSummary>(await service.request(`/api/tips/record?leagueId=${tip.leagueId}`));
    expect(record.graded).toBeGreaterThanOrEqual(1);
    const graded = record.recent.find((t) => t.id === tip.id)!;
    const expected = {
      home: 'won',
      draw: 'lost',
      away: 'lost',
      over25: 'lost',
      under25: 'won',
      bttsYes: 'lost',
      bttsNo: 'won',
      homeMinus1: 'won',
    }[tip.market];
    expect(graded.status).toBe(expected);
    const row = await service.db('tips').where('id', tip.id).first();
    // RPS of the frozen 1X2 against a home win
    expect(Number(row.rps)).toBeCloseTo(((1 - row.p_home) ** 2 + row.p_away ** 2) / 2, 9);
    expect(record.modelRps).not.toBeNull();
    expect(record.bookmakerRps).not.toBeNull();
    expect(record.hitRate).toBe(record.won / (record.won + record.lost));
    expect(record.calibration.reduce((s, b) => s + b.count, 0)).toBe(3 * record.graded);
    const all = await json<RecordSummary[]>(await service.request('/api/tips/record'));
    expect(all.map((r) => r.leagueId)).toContain(tip.leagueId);
  });

  it('never makes a tip for a match that has kicked off', async () => {
    clock.set(midnight + 2 * DAY + 23.9 * 60 * 60_000);
    const before = await tipsTable(service);
    const day = await json<TipsDay>(await service.request('/api/tips?day=today'));
    expect(await tipsTable(service)).toEqual(before);
    await job.run();
    const rows: Array<{ made_at: unknown; kickoff_at: unknown }> = await service.db('tips').select('made_at', 'kickoff_at');
    for (const row of rows) expect(toDate(row.made_at)!.getTime()).toBeLessThan(toDate(row.kickoff_at)!.getTime());
    for (const tip of day.tips) expect(Date.parse(tip.madeAt)).toBeLessThan(Date.parse(tip.kickoffAt));
    clock.set(midnight + 60_000);
  });

  it('builds the Weekend Special from 3 to 5 picks with combined odds and probability, assumed independent', async () => {
    const special = await json<WeekendSpecial>(await service.request('/api/tips/weekend'));
    expect(special.picks.length).toBeGreaterThanOrEqual(3);
    expect(special.picks.length).toBeLessThanOrEqual(5);
    const product = special.picks.reduce((p, t) => p * (t.confidence / 100), 1);
    expect(special.combinedProbability).toBeCloseTo(product, 3);
    if (special.combinedOdds !== null)
      expect(special.combinedOdds).toBeCloseTo(
        special.picks.reduce((o, t) => o * t.odds!, 1),
        1,
      );
    expect(special.note).toMatch(/independent/);
    for (const pick of special.picks) expect([0, 6]).toContain(new Date(pick.kickoffAt).getUTCDay());
  });

  it("gives one fixture's full analysis: score matrix, markets beside the bookmaker's, ratings, form, record", async () => {
    const day = await json<TipsDay>(await service.request('/api/tips?day=tomorrow'));
    const tip = day.tips[0]!;
    const analysis = await json<FixtureAnalysis>(await service.request(`/api/tips/fixture/${tip.fixtureId}`));
    expect(analysis.tip.id).toBe(tip.id);
    expect(analysis.scoreMatrix).toHaveLength(7);
    const mass = analysis.scoreMatrix.flat().reduce((s, p) => s + p, 0);
    expect(mass).toBeGreaterThan(0.9);
    expect(mass).toBeLessThanOrEqual(1 + 1e-9);
    const p = analysis.probabilities;
    expect(p.home + p.draw + p.away).toBeCloseTo(1, 9);
    expect(analysis.bookmaker.name).toBe('Demo');
    expect(analysis.bookmaker.home! + analysis.bookmaker.draw! + analysis.bookmaker.away!).toBeCloseTo(1, 9);
    expect(analysis.mostLikelyScores[0]!.probability).toBe(Math.max(...analysis.scoreMatrix.flat()));
    expect(analysis.ratings.home.name).toBe(tip.homeTeam);
    expect(analysis.ratings.home.form.length).toBeGreaterThan(0);
    expect(analysis.record.leagueId).toBe(tip.leagueId);
  });

  it('answers 400 for bad ids and days and 404 for unknown fixtures and leagues', async () => {
    expect((await json<{ message: string }>(await service.request('/api/tips?day=yesterday'), 400)).message).toMatch(/^day:/);
    expect((await json<{ message: string }>(await service.request('/api/tips/fixture/abc'), 400)).message).toMatch(/fixtureId/);
    expect((await json<{ message: string }>(await service.request('/api/tips/fixture/99999999'), 404)).message).toBe('Fixture not found');
    expect((await json<{ message: string }>(await service.request('/api/tips/record?leagueId=x'), 400)).message).toMatch(/leagueId/);
    expect((await json<{ message: string }>(await service.request('/api/tips/record?leagueId=999999'), 404)).message).toBe(
      'League not found',
    );
  });

  it('gives a Dream11 card per fixture: safe XI within the rules, C and VC, credits, expected points, differential', async () => {
    const day = await json<{ cards: Dream11Card[]; demo: boolean }>(await service.request('/api/dream11?day=tomorrow'));
    expect(day.demo).toBe(true);
    expect(day.cards.length).toBeGreaterThan(0);
    expect(day.cards.length).toBeLessThanOrEqual(8);
    for (const card of day.cards) {
      for (const team of [card.safe, card.differential]) {
        expect(team.players).toHaveLength(11);
        expect(team.credits).toBeLessThanOrEqual(100);
        const count = (role: string) => team.players.filter((p) => p.role === role).length;
        for (const [role, [min, max]] of Object.entries(RULES.roles)) {
          expect(count(role)).toBeGreaterThanOrEqual(min);
          expect(count(role)).toBeLessThanOrEqual(max);
        }
        expect(team.players.map((p) => p.playerId)).toEqual(expect.arrayContaining([team.captainId, team.viceCaptainId]));
        expect(team.captainId).not.toBe(team.viceCaptainId);
        const c = team.players.find((p) => p.playerId === team.captainId)!;
        const vc = team.players.find((p) => p.playerId === team.viceCaptainId)!;
        expect(team.expectedPoints).toBeCloseTo(
          team.players.reduce((s, p) => s + p.expectedPoints, 0) + c.expectedPoints + 0.5 * vc.expectedPoints,
          0,
        );
        for (const p of team.players) expect((p.credits * 2) % 1).toBe(0);
      }
      expect(card.expectedPoints).toBe(card.safe.expectedPoints);
      expect(card.differential.expectedPoints).toBeLessThanOrEqual(card.safe.expectedPoints + 1e-9);
      expect(card.captain.name).toBe(card.safe.players.find((p) => p.playerId === card.safe.captainId)!.name);
      expect(card.safetyScore).toBeGreaterThanOrEqual(0);
      expect(card.safetyScore).toBeLessThanOrEqual(10);
    }
    const one = await json<Dream11Card>(await service.request(`/api/dream11/fixture/${day.cards[0]!.fixtureId}`));
    expect(one.safe.players.map((p) => p.playerId)).toEqual(day.cards[0]!.safe.players.map((p) => p.playerId));
    expect((await service.request('/api/dream11/fixture/x1')).status).toBe(400);
    expect((await json<{ message: string }>(await service.request('/api/dream11/fixture/99999999'), 404)).message).toBe(
      'Fixture not found',
    );
    expect((await service.request('/api/dream11?day=never')).status).toBe(400);
  });

  it("a day's Dream11 cards are the matches still to start: one under way (teams locked at kick-off) is left out", async () => {
    const tomorrow = await json<{ cards: Dream11Card[] }>(await service.request('/api/dream11?day=tomorrow'));
    const kickoffs = [...new Set(tomorrow.cards.map((card) => Date.parse(card.kickoffAt)))].sort((a, b) => a - b);
    expect(kickoffs.length).toBeGreaterThan(1);
    clock.set(kickoffs[0]! + 10 * 60_000);
    try {
      const today = await json<{ cards: Dream11Card[] }>(await service.request('/api/dream11?day=today'));
      expect(today.cards.length).toBeGreaterThan(0);
      for (const card of today.cards) expect(Date.parse(card.kickoffAt)).toBeGreaterThan(clock());
      const started = tomorrow.cards.filter((card) => Date.parse(card.kickoffAt) === kickoffs[0]).map((card) => card.fixtureId);
      for (const id of started) expect(today.cards.map((card) => card.fixtureId)).not.toContain(id);
    } finally {
      clock.set(midnight + 60_000);
    }
  });

  it('re-makes the picks when the line-ups arrive and says what changed', async () => {
    const day = await json<{ cards: Dream11Card[] }>(await service.request('/api/dream11?day=tomorrow'));
    const before = day.cards[0]!;
    expect(before.lineups).toBe('predicted');
    expect(before.changes).toBeNull();
    // the line-ups come out: the three predicted picks with the most expected points are on the bench
    const benched = [...before.safe.players].sort((a, b) => b.expectedPoints - a.expectedPoints).slice(0, 3);
    const [fixture] = await footballService.db('fixtures').where('id', before.fixtureId).select('season', 'home_team_id', 'away_team_id');
    const squad: Array<{ player_id: number; team_id: number; position: string }> = await footballService
      .db('squad_members')
      .whereIn('team_id', [fixture.home_team_id, fixture.away_team_id])
      .where('season', fixture.season)
      .orderBy('player_id')
      .select('player_id', 'team_id', 'position');
    const xi: number[] = [];
    for (const teamId of [fixture.home_team_id, fixture.away_team_id]) {
      for (const [position, n] of [
        ['Goalkeeper', 1],
        ['Defender', 4],
        ['Midfielder', 4],
        ['Attacker', 2],
      ] as const) {
        const pool = squad.filter(
          (m) => m.team_id === teamId && m.position === position && !benched.some((b) => b.playerId === m.player_id),
        );
        xi.push(...pool.slice(0, n).map((m) => m.player_id));
      }
    }
    await footballService.db('fixture_lineups').insert(
      squad.map((m) => ({
        fixture_id: before.fixtureId,
        player_id: m.player_id,
        team_id: m.team_id,
        starting: xi.includes(m.player_id),
      })),
    );
    try {
      // well inside the card cache's 5 minutes: the line-ups alone make it again
      const after = await json<Dream11Card>(await service.request(`/api/dream11/fixture/${before.fixtureId}`));
      expect(after.lineups).toBe('confirmed');
      for (const p of after.safe.players) expect(xi).toContain(p.playerId);
      for (const b of benched) {
        expect(after.safe.players.map((p) => p.playerId)).not.toContain(b.playerId);
        expect(after.changes!.out).toContain(b.name);
      }
      expect(after.changes!.in).toHaveLength(after.changes!.out.length);
      for (const name of after.changes!.in) expect(after.safe.players.map((p) => p.name)).toContain(name);
      expect(after.safetyScore).toBe(10);
    } finally {
      await footballService.db('fixture_lineups').where('fixture_id', before.fixtureId).delete();
    }
  });

  it('stores tips with the probabilities behind them', async () => {
    const rows = await service.db('tips').select('*');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Number(row.p_home) + Number(row.p_draw) + Number(row.p_away)).toBeCloseTo(1, 6);
      expect(new Date(`${String(row.made_at).replace(' ', 'T')}Z`).getTime() || new Date(row.made_at).getTime()).toBeLessThan(
        new Date(row.kickoff_at instanceof Date ? row.kickoff_at : `${String(row.kickoff_at).replace(' ', 'T')}Z`).getTime(),
      );
    }
    expect(toSqlDateTime(new Date(0))).toBe('1970-01-01 00:00:00.000');
  });
});
