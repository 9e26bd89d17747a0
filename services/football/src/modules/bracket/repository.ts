import type { Knex } from '@matchday/server';
import type { FixtureStatus } from '@matchday/contracts';
import { finalScoreColumns, type FinalScoreColumns } from '../../lib/score';
import type { FixturesRow } from '../../db/rows';

/** Plain rows the bracket is built from (domain/bracket.ts). */

export type KnockoutRow = Pick<
  FixturesRow,
  'id' | 'kickoff_at' | 'status' | 'round' | 'match_number' | 'home_slot' | 'away_slot' | 'home_team_id' | 'away_team_id'
> &
  FinalScoreColumns & { home_name: string; away_name: string };

/** The season's knockout and play-off fixtures (qualifying rounds are not part of a bracket), with both clubs' names. */
export async function findKnockoutFixtures(db: Knex, leagueId: number, season: number): Promise<KnockoutRow[]> {
  return (await db('fixtures as f')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where({ 'f.league_id': leagueId, 'f.season': season })
    .whereIn('f.stage', ['knockout', 'playoff'])
    .select(
      'f.id',
      'f.kickoff_at',
      'f.status',
      'f.round',
      'f.match_number',
      'f.home_slot',
      'f.away_slot',
      'f.home_team_id',
      'f.away_team_id',
      'h.name as home_name',
      'a.name as away_name',
      ...finalScoreColumns(db, 'f'),
    )) as KnockoutRow[];
}

/** Status of every match before the knockouts (group stage, league phase), with its group. */
export async function findEarlierStages(
  db: Knex,
  leagueId: number,
  season: number,
): Promise<Array<{ stage: string; group_name: string | null; status: FixtureStatus }>> {
  return db('fixtures')
    .where({ league_id: leagueId, season })
    .whereIn('stage', ['group', 'league-phase', 'regular'])
    .select('stage', 'group_name', 'status');
}
