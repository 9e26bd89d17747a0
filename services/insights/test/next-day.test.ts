import type { Dream11Day, TipsDay, WeekendSpecial } from '@matchday/contracts';
import { httpFootballClient, manualClock, toDate, toSqlDateTime } from '@matchday/server';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { createInsights } from '../src/service';

const DAY = 86_400_000;

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const utcDay = (at: number) => Math.floor(at / DAY) * DAY;

/**
 * "No dead ends": a tips or Dream11 day with nothing on it names the next day with matches (its first kick-off, how
 * many, the tab showing it), on the demo season with the clock put on a day without fixtures.
 */
describe.each(testDatabases())('the next day with something on it, on %s', (_label, target) => {
  let footballService: RunningService;
  let service: RunningService;
  const clock = manualClock(Date.parse('2027-01-12T00:01:00Z'));
  /** The first day without fixtures after the demo's day and the next day with some. */
  let empty = 0;
  let next: Date[] = [];
  let runJob: () => Promise<unknown>;
  /** Every kick-off after the clock's start. */
  let kickoffs: number[] = [];

  beforeAll(async () => {
    footballService = await startService(football, target('football'), { seed: true, clock });
    const rows: Array<{ kickoff_at: unknown }> = await footballService
      .db('fixtures')
      .where('kickoff_at', '>', toSqlDateTime(new Date(clock())))
      .orderBy('kickoff_at')
      .select('kickoff_at');
    kickoffs = rows.map((r) => toDate(r.kickoff_at)!.getTime());
    const gap = kickoffs.findIndex((t, k) => k > 0 && utcDay(t) - utcDay(kickoffs[k - 1]!) >= 2 * DAY);
    expect(gap).toBeGreaterThan(0);
    empty = utcDay(kickoffs[gap - 1]!) + DAY;
    next = kickoffs.filter((t) => utcDay(t) === utcDay(kickoffs[gap]!)).map((t) => new Date(t));
    clock.set(empty + 60_000);
    const definition = createInsights({ football: httpFootballClient(footballService.url, TEST_SECRET), background: false });
    const insights = await startService(definition, target('insights'), { clock });
    service = insights;
    runJob = () => insights.parts.job.run();
    await runJob();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await footballService?.close();
  });

  const tabOf = (day: number) => {
    const weekday = new Date(empty).getUTCDay();
    const saturday = empty + (weekday === 0 ? -1 : 6 - weekday) * DAY;
    if (day === empty + DAY) return 'tomorrow';
    return day >= saturday && day < saturday + 2 * DAY ? 'weekend' : null;
  };

  it('an empty tips day names the next day with matches, its first kick-off and count, and the tab that shows it', async () => {
    const today = await json<TipsDay>(await service.request('/api/tips?day=today'));
    expect(today.tips).toEqual([]);
    expect(today.next).toEqual({
      date: next[0]!.toISOString().slice(0, 10),
      kickoffAt: next[0]!.toISOString(),
      matches: next.length,
      tab: tabOf(utcDay(next[0]!.getTime())),
    });
  });

  it('a day with tips says nothing of the next one', async () => {
    clock.set(next[0]!.getTime() - 2 * 60 * 60_000);
    try {
      const day = await json<TipsDay>(await service.request('/api/tips?day=today'));
      expect(day.tips.length).toBeGreaterThan(0);
      expect(day.next).toBeUndefined();
    } finally {
      clock.set(empty + 60_000);
    }
  });

  it('a weekend without an accumulator names the next day after it with matches', async () => {
    // the first weekend (UTC Saturday and Sunday) with fewer than the accumulator's 3 matches, and matches after it
    const saturdays = [...new Set(kickoffs.map((t) => utcDay(t) - ((new Date(t).getUTCDay() + 1) % 7) * DAY))].sort((a, b) => a - b);
    const quiet = saturdays.find(
      (saturday) =>
        kickoffs.filter((t) => t >= saturday && t < saturday + 2 * DAY).length < 3 && kickoffs.some((t) => t >= saturday + 2 * DAY),
    );
    expect(quiet).toBeDefined();
    const after = kickoffs.filter((t) => t >= quiet! + 2 * DAY);
    const first = after.filter((t) => utcDay(t) === utcDay(after[0]!));
    clock.set(quiet! + 60_000);
    try {
      await runJob();
      const weekend = await json<WeekendSpecial>(await service.request('/api/tips/weekend'));
      expect(weekend.picks).toEqual([]);
      expect(weekend.next).toEqual({
        date: new Date(first[0]!).toISOString().slice(0, 10),
        kickoffAt: new Date(first[0]!).toISOString(),
        matches: first.length,
        // seen from the Saturday: Monday is no tab's (neither tomorrow nor this weekend)
        tab: utcDay(first[0]!) === quiet! + DAY ? 'tomorrow' : null,
      });
    } finally {
      clock.set(empty + 60_000);
    }
  });

  it('an empty Dream11 day names the next day with matches a team can be made for', async () => {
    const today = await json<Dream11Day>(await service.request('/api/dream11?day=today'));
    expect(today.cards).toEqual([]);
    expect(today.next?.date).toBe(next[0]!.toISOString().slice(0, 10));
    expect(today.next?.matches).toBe(next.length);
  });
});
