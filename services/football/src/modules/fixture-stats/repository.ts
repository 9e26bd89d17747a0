import type { Knex } from '@matchday/server';
import type { FixtureStats, FixtureStatus } from '@matchday/contracts';
import { iso, numOrNull } from '../../lib/values';
import { finalGoals } from '../../lib/score';

interface HeaderRow {
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
  league_logo: string | null;
  league_type: string;
  venue: string | null;
  venue_city: string | null;
  home_name: string;
  home_logo: string | null;
  away_name: string;
  away_logo: string | null;
}

type SideRow = Record<string, unknown> & { team_id: number };

/** Spec name -> column; BallPossession and PassesPercent are sent as '55%'. */
const SIDE_COLUMNS = {
  TotalShots: 'total_shots',
  BlockedShots: 'blocked_shots',
  ShotsInsideBox: 'shots_inside_box',
  ShotsOutsideBox: 'shots_outside_box',
  BallPossession: 'ball_possession',
  TotalPasses: 'total_passes',
  PassesAccurate: 'passes_accurate',
  PassesPercent: 'passes_percent',
  GoalKeeperSaves: 'goalkeeper_saves',
  Fouls: 'fouls',
  OffSides: 'offsides',
  YelloCards: 'yellow_cards',
  RedCards: 'red_cards',
  CornerKicks: 'corner_kicks',
} as const;
const PERCENT = new Set(['BallPossession', 'PassesPercent']);

function side(prefix: 'homeTeam' | 'awayTeam', row: SideRow | undefined): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  for (const [name, column] of Object.entries(SIDE_COLUMNS)) {
    const value = numOrNull(row?.[column]);
    out[`${prefix}${name}`] = value === null ? null : PERCENT.has(name) ? `${value}%` : value;
  }
  out[`${prefix}ShotsOnGoal`] = numOrNull(row?.shots_on_target);
  return out;
}

export async function findFixtureStats(db: Knex, fixtureId: number): Promise<FixtureStats | null> {
  const header: HeaderRow | undefined = await db('fixtures as f')
    .join('leagues as l', 'l.id', 'f.league_id')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .leftJoin('venues as v', 'v.id', 'f.venue_id')
    .where('f.id', fixtureId)
    .first(
      'f.id',
      'f.league_id',
      'f.season',
      'f.kickoff_at',
      'f.status',
      'f.home_team_id',
      'f.away_team_id',
      ...finalGoals(db),
      'l.display_name as league_name',
      'l.logo as league_logo',
      'l.type as league_type',
      'v.name as venue',
      'v.city as venue_city',
      'h.name as home_name',
      'h.logo as home_logo',
      'a.name as away_name',
      'a.logo as away_logo',
    );
  if (!header) return null;
  const sides: SideRow[] = await db('fixture_team_stats').where('fixture_id', fixtureId).select('*');
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
