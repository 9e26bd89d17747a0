import type { Knex } from '@matchday/server';
import { finalGoals } from '../../lib/score';

/** Plain rows of one fixture's statistics; the service builds the reply (service.ts). */

export interface FixtureHeaderRow {
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
  league_logo: string | null;
  league_type: string;
  venue: string | null;
  venue_city: string | null;
  home_name: string;
  home_logo: string | null;
  away_name: string;
  away_logo: string | null;
}

/** A fixture_team_stats row (one side of one fixture). */
export type TeamMatchStatsRow = Record<string, unknown> & { team_id: number };

/** The fixture with its league, venue and both clubs, and the final score. */
export async function findFixtureHeader(db: Knex, fixtureId: number): Promise<FixtureHeaderRow | undefined> {
  return db('fixtures as f')
    .join('leagues as l', 'l.id', 'f.league_id')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .leftJoin('venues as v', 'v.id', 'f.venue_id')
    .where('f.id', fixtureId)
    .first(
      'f.id',
      'f.league_id',
      'f.season',
      'f.kickoff_at',
      'f.status',
      'f.home_team_id',
      'f.away_team_id',
      ...finalGoals(db),
      'l.display_name as league_name',
      'l.logo as league_logo',
      'l.type as league_type',
      'v.name as venue',
      'v.city as venue_city',
      'h.name as home_name',
      'h.logo as home_logo',
      'a.name as away_name',
      'a.logo as away_logo',
    );
}

export async function findTeamMatchStats(db: Knex, fixtureId: number): Promise<TeamMatchStatsRow[]> {
  return db('fixture_team_stats').where('fixture_id', fixtureId).select('*');
}
