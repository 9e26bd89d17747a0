import type { Knex } from '@matchday/server';
import type { FixturePlayerStatsRow } from '../../db/rows';

/** Plain rows of one fixture's line-ups; lineup.ts makes the reply of them. */

export interface LineupFixtureRow {
  home_team_id: number;
  away_team_id: number;
  home_name: string;
  away_name: string;
}

/** The fixture's two clubs; undefined for an unknown fixture. */
export async function findLineupFixture(db: Knex, fixtureId: number): Promise<LineupFixtureRow | undefined> {
  return db('fixtures as f')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where('f.id', fixtureId)
    .first('f.home_team_id', 'f.away_team_id', 'h.name as home_name', 'a.name as away_name');
}

/** One player's line in the match, as a line-up needs it. */
export type LineupLineRow = Pick<
  FixturePlayerStatsRow,
  | 'player_id'
  | 'team_id'
  | 'position'
  | 'started'
  | 'subbed_in'
  | 'minutes'
  | 'rating'
  | 'goals'
  | 'assists'
  | 'yellow_cards'
  | 'red_cards'
  | 'expected_goals'
  | 'captain'
  | 'came_on'
  | 'went_off'
> & { name: string };

/** Every stored line of the fixture (the unused, with 0 minutes, included). */
export async function findLineupLines(db: Knex, fixtureId: number): Promise<LineupLineRow[]> {
  return db('fixture_player_stats as ps')
    .join('players as p', 'p.id', 'ps.player_id')
    .where('ps.fixture_id', fixtureId)
    .select(
      'ps.player_id',
      'ps.team_id',
      'p.name',
      'ps.position',
      'ps.started',
      'ps.subbed_in',
      'ps.minutes',
      'ps.rating',
      'ps.goals',
      'ps.assists',
      'ps.yellow_cards',
      'ps.red_cards',
      'ps.expected_goals',
      'ps.captain',
      'ps.came_on',
      'ps.went_off',
    );
}
