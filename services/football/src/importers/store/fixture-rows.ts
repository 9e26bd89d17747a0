import { toSqlDateTime } from '@matchday/server';
import { TEAM_STAT_COLUMNS, TEAM_STAT_NAMES } from '../../lib/team-stat-columns';
import type { ImportedMatch, ImportedOdds, ImportedTeamStats } from '../model';
import type { Row } from './shared';

/** The rows a match writes (fixtures, fixture_team_stats, fixture_odds), and whether it can be written at all. */

function scorePart(score: { home: number; away: number } | null | undefined, side: 'home' | 'away'): number | null {
  return score ? score[side] : null;
}

export function fixtureRow(match: ImportedMatch, home: number, away: number, venueId: number | null): Row {
  return {
    league_id: match.leagueId,
    season: match.season,
    round: match.round ?? null,
    kickoff_at: toSqlDateTime(match.kickoffAt),
    status: match.status,
    home_team_id: home,
    away_team_id: away,
    home_goals: scorePart(match.goals, 'home'),
    away_goals: scorePart(match.goals, 'away'),
    venue_id: venueId,
    stage: match.stage,
    group_name: match.group ?? null,
    home_goals_ht: scorePart(match.halfTime, 'home'),
    away_goals_ht: scorePart(match.halfTime, 'away'),
    home_goals_et: scorePart(match.extraTime, 'home'),
    away_goals_et: scorePart(match.extraTime, 'away'),
    home_penalties: scorePart(match.penalties, 'home'),
    away_penalties: scorePart(match.penalties, 'away'),
    referee: match.referee?.trim() || null,
    attendance: match.attendance ?? null,
    match_number: match.matchNumber ?? null,
    home_slot: match.homeSlot ?? null,
    away_slot: match.awaySlot ?? null,
  };
}

export function validateMatch(match: ImportedMatch): string | null {
  if (!match.externalId) return 'match has no external id';
  if (!Number.isInteger(match.leagueId) || match.leagueId <= 0) return `bad league id ${match.leagueId}`;
  if (!Number.isInteger(match.season) || match.season < 1850 || match.season > 2200) return `bad season ${match.season}`;
  if (!(match.kickoffAt instanceof Date) || Number.isNaN(match.kickoffAt.getTime())) return 'bad kick-off time';
  if (!match.home?.name?.trim() || !match.away?.name?.trim()) return 'missing team name';
  for (const score of [match.goals, match.halfTime, match.extraTime, match.penalties]) {
    if (score && !(Number.isInteger(score.home) && Number.isInteger(score.away) && score.home >= 0 && score.away >= 0)) {
      return 'bad score';
    }
  }
  return null;
}

export function teamStatsRow(stats: ImportedTeamStats): Row {
  const row: Row = {};
  for (const name of TEAM_STAT_NAMES) row[TEAM_STAT_COLUMNS[name]] = stats[name] ?? null;
  return row;
}

export function oddsRow(odds: ImportedOdds): Row {
  return {
    home: odds.home ?? null,
    draw: odds.draw ?? null,
    away: odds.away ?? null,
    over_2_5: odds.over25 ?? null,
    under_2_5: odds.under25 ?? null,
    asian_handicap_line: odds.asianHandicapLine ?? null,
    asian_handicap_home: odds.asianHandicapHome ?? null,
    asian_handicap_away: odds.asianHandicapAway ?? null,
  };
}
