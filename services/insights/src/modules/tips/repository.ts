import { isUniqueViolation, toSqlDateTime, type Knex } from '@matchday/server';
import type { TipRow } from './cards';

/** A tip about to be frozen: every column but the id and the grading ones. */
export type NewTip = Omit<TipRow, 'id' | 'home_goals' | 'away_goals' | 'rps' | 'book_rps'>;

/** What grading a tip writes: its status, the 90-minute score, the RPS of its 1X2 and of the bookmaker's. */
export interface Grade {
  status: 'won' | 'lost' | 'push';
  homeGoals: number;
  awayGoals: number;
  rps: number;
  bookRps: number | null;
}

/**
 * The `tips` table. Its only writer is the background job (job.ts), through `freeze` and `grade`; everything else
 * reads. A frozen tip never changes except for being graded once.
 */
export class TipsRepository {
  constructor(private readonly db: Knex) {}

  /** Stores each tip whose fixture has none yet (a concurrent freeze of the same fixture loses quietly). */
  async freeze(tips: readonly NewTip[]): Promise<number> {
    if (!tips.length) return 0;
    const have = new Set(await this.tipped(tips.map((t) => t.fixture_id)));
    let stored = 0;
    for (const tip of tips) {
      if (have.has(tip.fixture_id)) continue;
      try {
        await this.db('tips').insert(tip);
        stored += 1;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return stored;
  }

  /** Grades a tip that is still upcoming; false when it was graded already. */
  async grade(id: number, grade: Grade, at: Date): Promise<boolean> {
    const changed = await this.db('tips')
      .where({ id, status: 'upcoming' })
      .update({
        status: grade.status,
        home_goals: grade.homeGoals,
        away_goals: grade.awayGoals,
        rps: grade.rps,
        book_rps: grade.bookRps,
        graded_at: toSqlDateTime(at),
      });
    return changed > 0;
  }

  // ---- reads -------------------------------------------------------------------------------------------------------

  /** The fixtures among these that have a tip (of either origin). */
  async tipped(fixtureIds: readonly number[]): Promise<number[]> {
    if (!fixtureIds.length) return [];
    const rows: Array<{ fixture_id: number }> = await this.db('tips').whereIn('fixture_id', fixtureIds).select('fixture_id');
    return rows.map((r) => Number(r.fixture_id));
  }

  byFixtures(fixtureIds: readonly number[]): Promise<TipRow[]> {
    if (!fixtureIds.length) return Promise.resolve([]);
    return this.db('tips').whereIn('fixture_id', fixtureIds).select('*');
  }

  async byFixture(fixtureId: number): Promise<TipRow | undefined> {
    const row: TipRow | undefined = await this.db('tips').where('fixture_id', fixtureId).first();
    return row;
  }

  /** Tips still upcoming whose match kicked off before `now` (due for grading once the result is in). */
  due(now: Date): Promise<TipRow[]> {
    return this.db('tips').where('status', 'upcoming').where('kickoff_at', '<', toSqlDateTime(now)).select('*');
  }

  /** Every tip of one league (or all), newest first. */
  recorded(leagueId?: number): Promise<TipRow[]> {
    const query = this.db('tips');
    if (leagueId !== undefined) query.where('league_id', leagueId);
    return query.orderBy('kickoff_at', 'desc').orderBy('id', 'desc').select('*');
  }
}
