import type { Knex } from '@matchday/server';
import type { FixturesRow, TeamsRow } from '../../db/rows';
import { finalScoreColumns, type FinalScoreColumns } from '../../lib/score';

/** Plain rows of a team's season; the service builds the records (service.ts). */

export async function findTeam(db: Knex, teamId: number): Promise<Pick<TeamsRow, 'id' | 'name' | 'logo' | 'country'> | undefined> {
  return db('teams').where('id', teamId).first('id', 'name', 'logo', 'country');
}

/** The team's fixtures of one league and season (every stage), with the final score. */
export async function findTeamFixtures(
  db: Knex,
  teamId: number,
  leagueId: number,
  season: number,
): Promise<Array<Pick<FixturesRow, 'status' | 'kickoff_at' | 'home_team_id'> & FinalScoreColumns>> {
  return db('fixtures')
    .where({ league_id: leagueId, season })
    .where((q) => q.where('home_team_id', teamId).orWhere('away_team_id', teamId))
    .select('status', 'kickoff_at', 'home_team_id', ...finalScoreColumns(db, 'fixtures'));
}
