import type { FeedMatch } from '@matchday/contracts';
import { outcomeOf, rps } from '../../model/metrics';
import type { LeagueFeed } from '../league-feed';
import { newTip } from './cards';
import { settle } from './markets';
import type { TipsRepository } from './repository';

const DAY = 86_400_000;
/** Fixtures asked of the football service per results read. */
const GRADE_CHUNK = 200;

/*
 * Tabs are days of the calendar the user reads. While a replay is served every stored kick-off is its real one moved
 * by the replay's shift (GET /api/dataset, LeagueFeed.replayShiftMs), and screens write a match's real day: a day,
 * and the weekend, is one of the real calendar (now − shift), given here as the stored instants it spans. A shift
 * that is not a multiple of seven days moves Saturday to another stored weekday.
 */

/** The start, on the stored clock, of the real UTC day holding the stored instant `now`, `offset` days on. */
function realDayStart(now: Date, shiftMs: number, offset = 0): Date {
  return new Date(Math.floor((now.getTime() - shiftMs) / DAY) * DAY + offset * DAY + shiftMs);
}

/** The real UTC weekday (0 Sunday .. 6 Saturday) of the stored instant `at`. */
function realWeekday(at: Date, shiftMs: number): number {
  return new Date(at.getTime() - shiftMs).getUTCDay();
}

/** The coming (or current) real Saturday and Sunday, UTC, on the stored clock. */
export function weekendWindow(now: Date, shiftMs: number): { from: Date; to: Date } {
  const weekday = realWeekday(now, shiftMs);
  const saturday = realDayStart(now, shiftMs, weekday === 0 ? -1 : 6 - weekday);
  return { from: saturday, to: new Date(saturday.getTime() + 2 * DAY) };
}

/** The real UTC day `today` or `tomorrow`, on the stored clock. */
export function dayWindow(now: Date, day: 'today' | 'tomorrow', shiftMs: number): { from: Date; to: Date } {
  const from = realDayStart(now, shiftMs, day === 'today' ? 0 : 1);
  return { from, to: new Date(from.getTime() + DAY) };
}

/** The start, on the stored clock, of the real UTC day holding a stored kick-off. */
export function dayOf(kickoffAt: string, shiftMs: number): Date {
  return realDayStart(new Date(kickoffAt), shiftMs);
}

/** Where tips are published, so where they are stored: today, tomorrow and the weekend (real UTC days). */
export function publishedWindows(now: Date, shiftMs: number): Array<{ from: Date; to: Date }> {
  return [dayWindow(now, 'today', shiftMs), dayWindow(now, 'tomorrow', shiftMs), weekendWindow(now, shiftMs)];
}

export function inPublishedWindow(match: FeedMatch, now: Date, shiftMs: number): boolean {
  const t = Date.parse(match.kickoffAt);
  return publishedWindows(now, shiftMs).some((w) => t >= w.from.getTime() && t < w.to.getTime());
}

/**
 * The background job, the only writer of tips (through the repository): freezes a tip for every fixture of the
 * published window that has not kicked off, with the model as it stands, and grades every frozen tip whose result
 * is in. Runs once at start before the service reports ready, then every few minutes (service.ts).
 */
export class TipsJob {
  constructor(
    private readonly feed: LeagueFeed,
    private readonly repository: TipsRepository,
  ) {}

  async run(): Promise<{ frozen: number; graded: number }> {
    const now = this.feed.now();
    const shiftMs = await this.feed.replayShiftMs();
    const windows = publishedWindows(now, shiftMs);
    const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
    const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
    const { matches } = await this.feed.matchesBetween(from, to);
    const tips = matches
      .filter(
        ({ match }) => match.homeGoals === null && Date.parse(match.kickoffAt) > now.getTime() && inPublishedWindow(match, now, shiftMs),
      )
      .map(({ match, state }) => newTip(match, state.feed.league.displayName, state.feed.demo, state.model, now));
    const frozen = await this.repository.freeze(tips);
    return { frozen, graded: await this.grade() };
  }

  /** Grades every frozen tip whose match has kicked off and has a result; each is graded once. */
  async grade(): Promise<number> {
    const now = this.feed.now();
    const due = await this.repository.due(now);
    let graded = 0;
    for (let i = 0; i < due.length; i += GRADE_CHUNK) {
      const chunk = due.slice(i, i + GRADE_CHUNK);
      const results = await this.feed.football.get<FeedMatch[]>(
        `/internal/model-feed/fixtures?ids=${chunk.map((r) => r.fixture_id).join(',')}`,
      );
      const byId = new Map(results.map((m) => [m.id, m]));
      for (const row of chunk) {
        const match = byId.get(row.fixture_id);
        if (!match || match.homeGoals === null || match.awayGoals === null) continue;
        const outcome = outcomeOf(match.homeGoals, match.awayGoals);
        const book = row.book_home === null ? null : { home: row.book_home, draw: row.book_draw!, away: row.book_away! };
        const done = await this.repository.grade(
          row.id,
          {
            status: settle(row.market, match.homeGoals, match.awayGoals),
            homeGoals: match.homeGoals,
            awayGoals: match.awayGoals,
            rps: rps({ home: row.p_home, draw: row.p_draw, away: row.p_away }, outcome),
            bookRps: book ? rps(book, outcome) : null,
          },
          now,
        );
        if (done) graded += 1;
      }
    }
    return graded;
  }
}
