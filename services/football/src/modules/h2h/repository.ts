import type { Knex } from '@matchday/server';
import type { HeadToHeadMatch } from '@matchday/contracts';
import { iso } from '../../lib/values';
import { finalGoals } from '../../lib/score';

/** Upper bound of one reply (decades of meetings fit). */
export const MAX_MEETINGS = 200;

interface Row {
  id: number;
  league_id: number;
  season: number;
  kickoff_at: unknown;
  status: string;
  home_team_id: number;
  away_team_id: number;
  home_goals: number | null;
  away_goals: number | null;
  league_name: string;
  home_name: string;
  home_logo: string | null;
  away_name: string;
  away_logo: string | null;
}

/** Every fixture between the two clubs in any league and season, most recent first; goals null until played. */
export async function findHeadToHead(db: Knex, teamA: number, teamB: number): Promise<HeadToHeadMatch[]> {
  if (teamA === teamB) return [];
  const rows: Row[] = await db('fixtures as f')
    .join('leagues as l', 'l.id', 'f.league_id')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where((q) =>
      q
        .where((w) => w.where('f.home_team_id', teamA).where('f.away_team_id', teamB))
        .orWhere((w) => w.where('f.home_team_id', teamB).where('f.away_team_id', teamA)),
    )
    .orderBy([
      { column: 'f.kickoff_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ])
    .limit(MAX_MEETINGS)
    .select(
      'f.id',
      'f.league_id',
      'f.season',
      'f.kickoff_at',
      'f.status',
      'f.home_team_id',
      'f.away_team_id',
      ...finalGoals(db),
      'l.display_name as league_name',
      'h.name as home_name',
      'h.logo as home_logo',
      'a.name as away_name',
      'a.logo as away_logo',
    );
  return rows.map((row): HeadToHeadMatch => {
    const played = row.status === 'finished' && row.home_goals !== null && row.away_goals !== null;
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
      goalsHome: played ? Number(row.home_goals) : null,
      goalsAway: played ? Number(row.away_goals) : null,
    };
  });
}
