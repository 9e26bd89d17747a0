import type { Knex } from '@matchday/server';
import type { TeamStatsRecord } from '@matchday/contracts';
import { finalResult, playedScore } from '../../lib/played';
import { epoch } from '../../lib/values';
import { findTeam, findTeamFixtures } from './repository';
import { summarise, type TeamMatch } from './summary';

/**
 * A team's season in one league (every stage), as two records: its home matches (is_Home_Stats 1) and
 * its away matches (0). Empty when the team has no fixture in that league and season.
 */
export async function teamStats(db: Knex, teamId: number, leagueId: number, season: number): Promise<TeamStatsRecord[]> {
  const team = await findTeam(db, teamId);
  if (!team) return [];
  const fixtures = await findTeamFixtures(db, teamId, leagueId, season);
  if (fixtures.length === 0) return [];
  const matches: TeamMatch[] = fixtures.flatMap((f) => {
    const score = playedScore(finalResult(f));
    if (!score) return [];
    const home = Number(f.home_team_id) === teamId;
    return [
      {
        kickoff: epoch(f.kickoff_at),
        home,
        goalsFor: home ? score.home : score.away,
        goalsAgainst: home ? score.away : score.home,
      },
    ];
  });
  return [1, 0].map((isHome): TeamStatsRecord => ({
    teamId,
    leagueId,
    season,
    teamName: team.name,
    teamLogo: team.logo,
    flag: null,
    country: team.country,
    is_Home_Stats: isHome ? 1 : 0,
    ...summarise(matches.filter((m) => m.home === (isHome === 1))),
  }));
}
