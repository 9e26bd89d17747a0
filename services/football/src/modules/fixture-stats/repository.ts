import type { Knex } from '@matchday/server';
import type { LeaguesRow } from '../../db/rows';
import { fixturesWithNames, type FixtureWithNamesRow } from '../fixtures/mapper';

/** Plain rows of one fixture's statistics; the service builds the reply (service.ts). */

/** The fixture with its names (fixtures/mapper.ts), plus its league's logo and type. */
export type FixtureHeaderRow = FixtureWithNamesRow & { league_logo: LeaguesRow['logo']; league_type: LeaguesRow['type'] };

/** A fixture_team_stats row (one side of one fixture), read by column name (lib/team-stat-columns.ts). */
export type TeamMatchStatsRow = Record<string, unknown> & { team_id: number };

/** The fixture with its league, venue and both clubs, and the final score. */
export async function findFixtureHeader(db: Knex, fixtureId: number): Promise<FixtureHeaderRow | undefined> {
  return fixturesWithNames(db).where('f.id', fixtureId).first('l.logo as league_logo', 'l.type as league_type');
}

export async function findTeamMatchStats(db: Knex, fixtureId: number): Promise<TeamMatchStatsRow[]> {
  return db('fixture_team_stats').where('fixture_id', fixtureId).select('*');
}
