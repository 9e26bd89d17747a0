import type { Knex } from '@matchday/server';
import type { Bracket } from '@matchday/contracts';
import { buildBracket, type KnockoutFixture } from '../../domain/bracket';
import { epoch } from '../../lib/values';
import { liveMatches } from '../live/repository';
import { findEarlierStages, findKnockoutFixtures, type KnockoutRow } from './repository';

/**
 * GET /api/bracket: a cup season's knockout stage as a tree (domain/bracket.ts), live ties with their clock and
 * running score as the live feed has them. null: the season has no knockout fixture.
 */
export async function bracket(db: Knex, leagueId: number, season: number, nowMs: number): Promise<Bracket | null> {
  const rows = await findKnockoutFixtures(db, leagueId, season);
  if (rows.length === 0) return null;
  const live = rows.some((row) => row.status === 'live')
    ? new Map((await liveMatches(db, nowMs)).map((match) => [match.fixtureId, match]))
    : new Map();
  const earlier = await findEarlierStages(db, leagueId, season);
  const fixtures = rows.map((row: KnockoutRow): KnockoutFixture => {
    const now = live.get(Number(row.id));
    const score = (value: number | null) => (value === null ? null : Number(value));
    return {
      id: Number(row.id),
      kickoff: epoch(row.kickoff_at),
      status: row.status,
      round: row.round,
      matchNumber: row.match_number === null || row.match_number === undefined ? null : Number(row.match_number),
      homeSlot: row.home_slot ?? null,
      awaySlot: row.away_slot ?? null,
      homeTeamId: Number(row.home_team_id),
      awayTeamId: Number(row.away_team_id),
      homeTeam: row.home_name,
      awayTeam: row.away_name,
      goalsHome: now ? now.goalsHome : score(row.final_home_goals),
      goalsAway: now ? now.goalsAway : score(row.final_away_goals),
      afterExtraTime: Boolean(Number(row.extra_time)),
      penaltiesHome: now ? now.penaltiesHome : score(row.home_penalties),
      penaltiesAway: now ? now.penaltiesAway : score(row.away_penalties),
      minute: now?.minute ?? null,
    };
  });
  const rounds = buildBracket(fixtures, {
    groupsFinished: (groups) =>
      earlier
        .filter((f) => f.stage === 'group' && (groups.length === 0 || groups.includes(f.group_name ?? '')))
        .every((f) => f.status === 'finished'),
    leaguePhaseFinished: earlier.every((f) => f.status === 'finished'),
  });
  return rounds.length === 0 ? null : { leagueId, season, rounds };
}
