import type { Knex } from '@matchday/server';
import { TABLE_STAGES } from '../../domain/stages';
import type { FixturesRow, LeaguesRow, SeasonsRow, TeamsRow } from '../../db/rows';

/** Plain rows the standings are computed from; the service builds the table (service.ts). */

export async function findLeague(db: Knex, leagueId: number): Promise<Pick<LeaguesRow, 'name' | 'display_name' | 'country'> | undefined> {
  return db('leagues').where('id', leagueId).first('name', 'display_name', 'country');
}

/** The season's matches of the table stages (regular season, group stage, league phase), played or not. */
export async function findTableFixtures(
  db: Knex,
  leagueId: number,
  season: number,
): Promise<
  Array<Pick<FixturesRow, 'home_team_id' | 'away_team_id' | 'home_goals' | 'away_goals' | 'status' | 'kickoff_at' | 'round' | 'group_name'>>
> {
  return db('fixtures')
    .where({ league_id: leagueId, season })
    .whereIn('stage', TABLE_STAGES)
    .select('home_team_id', 'away_team_id', 'home_goals', 'away_goals', 'status', 'kickoff_at', 'round', 'group_name');
}

export async function findTeams(
  db: Knex,
  teamIds: readonly number[],
): Promise<Array<Pick<TeamsRow, 'id' | 'name' | 'short_name' | 'code' | 'logo'>>> {
  return db('teams').whereIn('id', teamIds).select('id', 'name', 'short_name', 'code', 'logo');
}

/** Points added or deducted per team in a league season. */
export async function sumAdjustments(db: Knex, leagueId: number, season: number): Promise<Array<{ team_id: number; points: unknown }>> {
  return db('standings_adjustments')
    .where({ league_id: leagueId, season })
    .groupBy('team_id')
    .select('team_id', db.raw('sum(points) as points'));
}

export async function findSeason(
  db: Knex,
  leagueId: number,
  season: number,
): Promise<Pick<SeasonsRow, 'format' | 'tiebreak' | 'zones'> | undefined> {
  return db('seasons').where({ league_id: leagueId, year: season }).first('format', 'tiebreak', 'zones');
}
