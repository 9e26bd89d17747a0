import { isUniqueViolation, type Knex } from '@matchday/server';

/** One played match of the Dream11 record as stored (points null where no team could be made). */
export interface Dream11RecordRow {
  fixture_id: number;
  league_id: number;
  league_name: string;
  kickoff_at: string | Date;
  home_team: string;
  away_team: string;
  model_points: number | null;
  form_points: number | null;
  captain: string | null;
  made_at: string | Date;
}

/** The `dream11_record` table: written once per fixture by the record's backfill (record.ts), read by the API. */
export class Dream11RecordRepository {
  constructor(private readonly db: Knex) {}

  /** Stores a match's row unless it has one (a concurrent run's row wins quietly); whether it was stored. */
  async store(row: Dream11RecordRow): Promise<boolean> {
    try {
      await this.db('dream11_record').insert(row);
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return false;
    }
  }

  /** The fixtures among these that have a row. */
  async recorded(fixtureIds: readonly number[]): Promise<number[]> {
    if (!fixtureIds.length) return [];
    const rows: Array<{ fixture_id: number }> = await this.db('dream11_record').whereIn('fixture_id', fixtureIds).select('fixture_id');
    return rows.map((r) => Number(r.fixture_id));
  }

  /** Every match with a team scored, newest first. */
  scored(): Promise<Dream11RecordRow[]> {
    return this.db('dream11_record')
      .whereNotNull('model_points')
      .whereNotNull('form_points')
      .orderBy('kickoff_at', 'desc')
      .orderBy('fixture_id', 'desc')
      .select('*');
  }
}
