import type { Knex } from '@matchday/server';
import { fixturesWithNames, type FixtureWithNamesRow } from '../fixtures/mapper';

/** Upper bound of one reply (decades of meetings fit). */
export const MAX_MEETINGS = 200;

/** Every fixture between the two clubs in any league and season, most recent first (at most MAX_MEETINGS). */
export async function findMeetings(db: Knex, teamA: number, teamB: number): Promise<FixtureWithNamesRow[]> {
  return fixturesWithNames(db)
    .where((q) =>
      q
        .where((w) => w.where('f.home_team_id', teamA).where('f.away_team_id', teamB))
        .orWhere((w) => w.where('f.home_team_id', teamB).where('f.away_team_id', teamA)),
    )
    .orderBy([
      { column: 'f.kickoff_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ])
    .limit(MAX_MEETINGS);
}
