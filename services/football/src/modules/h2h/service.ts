import type { Knex } from '@matchday/server';
import type { HeadToHeadMatch } from '@matchday/contracts';
import { playedScore } from '../../lib/played';
import { iso } from '../../lib/values';
import { findMeetings } from './repository';

/** Every fixture between the two clubs in any league and season, most recent first; goals null until played. */
export async function headToHead(db: Knex, teamA: number, teamB: number): Promise<HeadToHeadMatch[]> {
  if (teamA === teamB) return [];
  return (await findMeetings(db, teamA, teamB)).map((row): HeadToHeadMatch => {
    const score = playedScore(row);
    return {
      id: Number(row.id),
      fixtureId: Number(row.id),
      leagueId: Number(row.league_id),
      leagueName: row.league_name,
      eventDate: iso(row.kickoff_at),
      season: Number(row.season),
      homeTeamId: Number(row.home_team_id),
      awayTeamId: Number(row.away_team_id),
      homeTeam: row.home_name,
      awayTeam: row.away_name,
      homeTeamLogo: row.home_logo,
      awayTeamLogo: row.away_logo,
      goalsHome: score?.home ?? null,
      goalsAway: score?.away ?? null,
    };
  });
}
