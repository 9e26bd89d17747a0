import type { Knex } from '@matchday/server';
import type { FixturesRow, LeaguesRow } from '../../db/rows';
import { fixturesWithNames, type FixtureWithNamesRow } from '../fixtures/mapper';

/** Plain rows of one fixture's statistics; the service builds the reply (service.ts). */

/** The fixture with its names (fixtures/mapper.ts), plus its league's logo and type. */
export type FixtureHeaderRow = FixtureWithNamesRow & { league_logo: LeaguesRow['logo']; league_type: LeaguesRow['type'] };

/** A fixture_team_stats row (one side of one fixture), read by column name (lib/team-stat-columns.ts). */
export type TeamMatchStatsRow = Record<string, unknown> & { team_id: number };

/** The fixture with its league, venue and both clubs, the final score, the referee and the attendance. */
export async function findFixtureHeader(
  db: Knex,
  fixtureId: number,
): Promise<(FixtureHeaderRow & Pick<FixturesRow, 'referee' | 'attendance'>) | undefined> {
  return fixturesWithNames(db)
    .where('f.id', fixtureId)
    .first('l.logo as league_logo', 'l.type as league_type', 'f.referee', 'f.attendance');
}

/** The sources the fixture was imported from (its external ids), in the order they were stored. */
export async function findFixtureSources(db: Knex, fixtureId: number): Promise<string[]> {
  const rows = (await db('external_ids').where({ entity: 'fixture', entity_id: fixtureId }).orderBy('source').select('source')) as Array<{
    source: string;
  }>;
  return [...new Set(rows.map((row) => row.source))];
}

/** One player's line of the fixture, as the match page's sums and player of the match need it. */
export interface PlayerLineSummaryRow {
  player_id: number;
  team_id: number;
  name: string;
  known_as: string | null;
  minutes: number;
  rating: number | null;
  bps: number | null;
  saves: number | null;
  expected_goals: number | null;
  /** football.json's line-ups name the captain (true) and the others (false); null from other sources. */
  captain: boolean | number | null;
}

export async function findPlayerLineSummaries(db: Knex, fixtureId: number): Promise<PlayerLineSummaryRow[]> {
  return db('fixture_player_stats as ps')
    .join('players as p', 'p.id', 'ps.player_id')
    .where('ps.fixture_id', fixtureId)
    .select(
      'ps.player_id',
      'ps.team_id',
      'p.name',
      'p.known_as',
      'ps.minutes',
      'ps.rating',
      'ps.bps',
      'ps.saves',
      'ps.expected_goals',
      'ps.captain',
    );
}

export async function findTeamMatchStats(db: Knex, fixtureId: number): Promise<TeamMatchStatsRow[]> {
  return db('fixture_team_stats').where('fixture_id', fixtureId).select('*');
}
