import type { TipsDay, WeekendSpecial } from '@matchday/contracts';
import { httpFootballClient, manualClock, toDate, toSqlDateTime } from '@matchday/server';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { createInsights } from '../src/service';
import { json } from './support/json';

const DAY = 86_400_000;
/** The default replay's shift: 104 weeks and 2 days, so a stored Saturday is a real Thursday. */
const SHIFT_DAYS = 730;
const SHIFT = SHIFT_DAYS * DAY;

/** The real instant of a stored one, its real UTC day's start and weekday (0 Sunday .. 6 Saturday). */
const real = (stored: number) => stored - SHIFT;
const realDay = (stored: number) => Math.floor(real(stored) / DAY) * DAY;
const realWeekday = (stored: number) => new Date(real(stored)).getUTCDay();

/**
 * While a replay is served, the tips' days and weekend are the real calendar's (the stored kick-off minus the shift
 * GET /api/dataset gives), as every screen writes a match's day: on the demo season served as a replay shifted by a
 * number of days that is not whole weeks, with the clock on a real Thursday whose Thursday and Friday have no matches.
 */
describe.each(testDatabases())('tips days on a replay shifted by days that are not whole weeks, on %s', (_label, target) => {
  let footballService: RunningService;
  let service: RunningService;
  const clock = manualClock(Date.parse('2027-01-12T00:01:00Z'));
  /** The real Saturday's and Sunday's fixtures (stored kick-off, id). */
  let weekend: Array<{ id: number; at: number }> = [];
  let thursday = 0;

  beforeAll(async () => {
    footballService = await startService(football, target('football'), { seed: true, clock });
    await footballService.db('dataset_meta').insert({ key: 'date_shift_days', value: String(SHIFT_DAYS) });
    const rows: Array<{ id: number; kickoff_at: unknown }> = await footballService
      .db('fixtures')
      .where('kickoff_at', '>', toSqlDateTime(new Date(clock())))
      .orderBy('kickoff_at')
      .select('id', 'kickoff_at');
    const fixtures = rows.map((r) => ({ id: r.id, at: toDate(r.kickoff_at)!.getTime() }));
    // the first real Thursday after the clock's day, starting on the stored clock; its Thursday and Friday emptied
    thursday = realDay(clock()) + SHIFT + DAY;
    while (realWeekday(thursday) !== 4) thursday += DAY;
    const emptied = fixtures.filter((f) => f.at >= thursday && f.at < thursday + 2 * DAY).map((f) => f.id);
    expect(emptied.length).toBeGreaterThan(0);
    await footballService.db('fixtures').whereIn('id', emptied).delete();
    weekend = fixtures.filter((f) => f.at >= thursday + 2 * DAY && f.at < thursday + 4 * DAY);
    clock.set(thursday + 60_000);
    const definition = createInsights({ football: httpFootballClient(footballService.url, TEST_SECRET), background: false });
    const insights = await startService(definition, target('insights'), { clock });
    service = insights;
    await insights.parts.job.run();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await footballService?.close();
  });

  it('serves a replay whose shift moves the stored weekdays (the setting under test)', async () => {
    const dataset = await json<{ replay: { shiftMs: number } | null }>(await footballService.request('/api/dataset'));
    expect(dataset.replay?.shiftMs).toBe(SHIFT);
    expect(new Date(thursday).getUTCDay()).toBe(6); // stored Saturday, real Thursday
    expect(weekend.map((f) => realWeekday(f.at))).toEqual(expect.arrayContaining([6, 0]));
    expect(new Set(weekend.map((f) => realWeekday(f.at)))).toEqual(new Set([6, 0]));
  });

  it('publishes tips for the real Saturday and Sunday, and no other day', async () => {
    const tipped = (await service.db('tips').select('fixture_id')) as Array<{ fixture_id: number }>;
    expect(tipped.map((t) => t.fixture_id).sort((a, b) => a - b)).toEqual(weekend.map((f) => f.id).sort((a, b) => a - b));
  });

  it("the Weekend Special picks from the real Saturday and Sunday's matches", async () => {
    const special = await json<WeekendSpecial>(await service.request('/api/tips/weekend'));
    expect(special.picks.length).toBeGreaterThanOrEqual(3);
    const ids = new Set(weekend.map((f) => f.id));
    for (const pick of special.picks) {
      expect(ids.has(pick.fixtureId)).toBe(true);
      expect([6, 0]).toContain(realWeekday(Date.parse(pick.kickoffAt)));
    }
    expect(special.next).toBeUndefined();
  });

  it("an empty real Thursday and Friday name the real Saturday, on the weekend's tab", async () => {
    const saturday = weekend.filter((f) => realWeekday(f.at) === 6);
    for (const day of ['today', 'tomorrow'] as const) {
      const reply = await json<TipsDay>(await service.request(`/api/tips?day=${day}`));
      expect(reply.tips).toEqual([]);
      expect(reply.next).toEqual({
        date: new Date(saturday[0]!.at).toISOString().slice(0, 10),
        kickoffAt: new Date(saturday[0]!.at).toISOString(),
        matches: saturday.length,
        tab: 'weekend',
      });
    }
  });
});
