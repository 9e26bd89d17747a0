import type { Knex } from '@matchday/server';
import { finalGoals } from '../../lib/score';

/** Upper bound of one reply (decades of meetings fit). */
export const MAX_MEETINGS = 200;

/** A meeting of two clubs as stored, with the final score and the names the screen shows. */
export interface MeetingRow {
  id: number;
  league_id: number;
  season: number;
  kickoff_at: unknown;
  status: string;
  home_team_id: number;
  away_team_id: number;
  home_goals: number | null;
  away_goals: number | null;
  league_name: string;
  home_name: string;
  home_logo: string | null;
  away_name: string;
  away_logo: string | null;
}

/** Every fixture between the two clubs in any league and season, most recent first (at most MAX_MEETINGS). */
export async function findMeetings(db: Knex, teamA: number, teamB: number): Promise<MeetingRow[]> {
  return db('fixtures as f')
    .join('leagues as l', 'l.id', 'f.league_id')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where((q) =>
      q
        .where((w) => w.where('f.home_team_id', teamA).where('f.away_team_id', teamB))
        .orWhere((w) => w.where('f.home_team_id', teamB).where('f.away_team_id', teamA)),
    )
    .orderBy([
      { column: 'f.kickoff_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ])
    .limit(MAX_MEETINGS)
    .select(
      'f.id',
      'f.league_id',
      'f.season',
      'f.kickoff_at',
      'f.status',
      'f.home_team_id',
      'f.away_team_id',
      ...finalGoals(db),
      'l.display_name as league_name',
      'h.name as home_name',
      'h.logo as home_logo',
      'a.name as away_name',
      'a.logo as away_logo',
    );
}
