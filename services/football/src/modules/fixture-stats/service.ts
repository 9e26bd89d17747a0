import type { Knex } from '@matchday/server';
import { SIDE_STAT_NAMES, type FixtureStats, type FixtureStatus, type SideStatName } from '@matchday/contracts';
import { TEAM_STAT_COLUMNS } from '../../lib/team-stat-columns';
import { iso, numOrNull } from '../../lib/values';
import { findFixtureHeader, findTeamMatchStats, type TeamMatchStatsRow } from './repository';

/** BallPossession and PassesPercent are sent as '55%'. */
const PERCENT: ReadonlySet<SideStatName> = new Set(['BallPossession', 'PassesPercent']);

function side(prefix: 'homeTeam' | 'awayTeam', row: TeamMatchStatsRow | undefined): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  for (const name of SIDE_STAT_NAMES) {
    const value = numOrNull(row?.[TEAM_STAT_COLUMNS[name]]);
    out[`${prefix}${name}`] = value === null ? null : PERCENT.has(name) ? `${value}%` : value;
  }
  out[`${prefix}ShotsOnGoal`] = numOrNull(row?.[TEAM_STAT_COLUMNS.ShotsOnGoal]);
  return out;
}

/** The match header and both sides' statistics; null for an unknown fixture. */
export async function fixtureStats(db: Knex, fixtureId: number): Promise<FixtureStats | null> {
  const header = await findFixtureHeader(db, fixtureId);
  if (!header) return null;
  const sides = await findTeamMatchStats(db, fixtureId);
  const home = sides.find((s) => Number(s.team_id) === Number(header.home_team_id));
  const away = sides.find((s) => Number(s.team_id) === Number(header.away_team_id));
  const played = header.status === 'finished' || header.status === 'live';
  return {
    fixtureId: Number(header.id),
    leagueId: Number(header.league_id),
    season: Number(header.season),
    logo: header.league_logo,
    leagueName: header.league_name,
    leagueType: header.league_type === 'cup' ? 'cup' : 'league',
    eventDate: iso(header.kickoff_at),
    status: header.status as FixtureStatus,
    venue: header.venue,
    venueCity: header.venue_city || null,
    homeTeamId: Number(header.home_team_id),
    awayTeamId: Number(header.away_team_id),
    homeTeamName: header.home_name,
    awayTeamName: header.away_name,
    homeTeamLogo: header.home_logo,
    awayTeamLogo: header.away_logo,
    homeTeamGoalScored: played ? numOrNull(header.home_goals) : null,
    awayTeamGoalScored: played ? numOrNull(header.away_goals) : null,
    ...side('homeTeam', home),
    ...side('awayTeam', away),
  } as FixtureStats;
}
