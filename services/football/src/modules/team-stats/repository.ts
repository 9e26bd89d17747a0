import type { Knex } from '@matchday/server';
import { finalGoals } from '../../lib/score';

/** Plain rows of a team's season; the service builds the records (service.ts). */

export interface TeamRow {
  id: number;
  name: string;
  logo: string | null;
  country: string | null;
}

export interface TeamFixtureRow {
  status: string;
  kickoff_at: unknown;
  home_team_id: number;
  home_goals: number | null;
  away_goals: number | null;
}

export async function findTeam(db: Knex, teamId: number): Promise<TeamRow | undefined> {
  return db('teams').where('id', teamId).first('id', 'name', 'logo', 'country');
}

/** The team's fixtures of one league and season (every stage), with the final score. */
export async function findTeamFixtures(db: Knex, teamId: number, leagueId: number, season: number): Promise<TeamFixtureRow[]> {
  return db('fixtures')
    .where({ league_id: leagueId, season })
    .where((q) => q.where('home_team_id', teamId).orWhere('away_team_id', teamId))
    .select('status', 'kickoff_at', 'home_team_id', ...finalGoals(db, 'fixtures'));
}
