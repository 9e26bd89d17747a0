import type { Knex } from '@matchday/server';
import type { HeadToHeadMatch } from '@matchday/contracts';
import { playedScore } from '../../lib/played';
import { toFixture } from '../fixtures/mapper';
import { findMeetings } from './repository';

/** Every fixture between the two clubs in any league and season, most recent first; goals null until played. */
export async function headToHead(db: Knex, teamA: number, teamB: number): Promise<HeadToHeadMatch[]> {
  if (teamA === teamB) return [];
  return (await findMeetings(db, teamA, teamB)).map((row): HeadToHeadMatch => {
    const fixture = toFixture(row, playedScore);
    return {
      id: fixture.id,
      fixtureId: fixture.id,
      leagueId: fixture.leagueId,
      leagueName: fixture.leagueName,
      eventDate: fixture.eventDate,
      season: fixture.season,
      homeTeamId: fixture.homeTeamId,
      awayTeamId: fixture.awayTeamId,
      homeTeam: fixture.homeTeam,
      awayTeam: fixture.awayTeam,
      homeTeamLogo: fixture.homeTeamLogo,
      awayTeamLogo: fixture.awayTeamLogo,
      goalsHome: fixture.goalsHome,
      goalsAway: fixture.goalsAway,
    };
  });
}
