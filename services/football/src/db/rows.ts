import type { FixtureStatus, LeagueType } from '@matchday/contracts';
import type { TeamStatColumn } from '../lib/team-stat-columns';

/**
 * One row type per football table, named after the table (`FixturesRow` is a row of `fixtures`), with
 * every column the migrations give it. A query that reads some columns types its rows as a Pick of these.
 *
 * How the drivers hand values back: datetimes as a Date on MySQL and as the stored 'YYYY-MM-DD HH:MM:SS'
 * UTC string on SQLite (written as that string); DATE columns likewise; read them through lib/values.ts.
 */

/** A stored datetime or date: written as a string, read back as a Date (MySQL) or the string (SQLite). */
export type StoredDateTime = string | Date;

/** A stored boolean: written as true/false or 1/0, read back as 1/0 on both drivers. */
export type StoredBoolean = boolean | number;

/** `leagues`: API-Football numbering where the league exists there (39 Premier League, 2 Champions League). */
export interface LeaguesRow {
  id: number;
  name: string;
  display_name: string;
  country: string;
  logo: string | null;
  colour: string | null;
  type: LeagueType;
  current_season: number;
}

/** `seasons`: one per league and starting year, with the rules it is played under. */
export interface SeasonsRow {
  league_id: number;
  /** Starting year: 2023 = 2023-24. */
  year: number;
  name: string;
  /** 'league', 'groups' or 'league-phase' (stored as text; read through standings/rules.ts). */
  format: string | null;
  /** A TieBreakRule (stored as text; read through standings/rules.ts). */
  tiebreak: string | null;
  /** Qualification zones as a JSON array of { from, to, description, kind }. */
  zones: string | null;
}

/** `venues` */
export interface VenuesRow {
  id: number;
  name: string;
  /** '' when unknown (part of the unique name + city key). */
  city: string;
  country: string | null;
  capacity: number | null;
}

/** `teams` */
export interface TeamsRow {
  id: number;
  name: string;
  short_name: string | null;
  code: string | null;
  logo: string | null;
  country: string | null;
  founded: number | null;
  venue_id: number | null;
}

/** `players` */
export interface PlayersRow {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  nationality: string | null;
  birth_date: StoredDateTime | null;
  birth_country: string | null;
  photo: string | null;
  /** The name fans know the player by, where a source gives one (FPL's web_name). */
  known_as: string | null;
}

/**
 * `fixtures`: one match. home_goals/away_goals hold the 90-minute score (what league tables count);
 * *_et the score after extra time when there was extra time (lib/score.ts selects the score fans read).
 */
export interface FixturesRow {
  id: number;
  league_id: number;
  season: number;
  round: string | null;
  /** Kick-off, UTC. */
  kickoff_at: StoredDateTime;
  status: FixtureStatus;
  home_team_id: number;
  away_team_id: number;
  home_goals: number | null;
  away_goals: number | null;
  venue_id: number | null;
  /** 'regular', 'group', 'league-phase' (the table stages), 'qualifying', 'playoff', 'knockout'. */
  stage: string;
  group_name: string | null;
  home_goals_ht: number | null;
  away_goals_ht: number | null;
  home_goals_et: number | null;
  away_goals_et: number | null;
  home_penalties: number | null;
  away_penalties: number | null;
  referee: string | null;
  /** The crowd where a source gives it (football.json's -full files; migration 20261206m); null where none does. */
  attendance?: number | null;
  /** Changes of the kick-off or of the postponement so far (migration 20261125b; the calendar event's SEQUENCE). */
  schedule_seq: number;
  /** When the last of them was stored (epoch ms; bigint: a string on some drivers); null when never. */
  schedule_changed_at: number | string | null;
  /** A tournament's own number of a knockout match (migration 20261128h); null elsewhere. */
  match_number?: number | null;
  /** The draw's labels of a knockout's places (`2A`, `3A/B/C/D/F`, `W74`, `L101`); null elsewhere. */
  home_slot?: string | null;
  away_slot?: string | null;
}

/** `squad_members`: a player in a team's squad for a season. */
export interface SquadMembersRow {
  team_id: number;
  season: number;
  player_id: number;
  /** Goalkeeper, Defender, Midfielder, Attacker. */
  position: string;
  shirt_number: number | null;
  /** Fantasy price in tenths (55 = 5.5) and ownership percent, where a fantasy source has them. */
  price: number | null;
  ownership: number | null;
}

/** `fixture_team_stats`: one team's statistics in one match, a column per statistic (lib/team-stat-columns.ts). */
export type FixtureTeamStatsRow = { fixture_id: number; team_id: number; is_home: StoredBoolean } & Record<TeamStatColumn, number | null>;

/** `fixture_player_stats`: one player's line in one match. */
export interface FixturePlayerStatsRow {
  fixture_id: number;
  player_id: number;
  team_id: number;
  position: string | null;
  started: StoredBoolean;
  subbed_in: StoredBoolean;
  subbed_out: StoredBoolean;
  minutes: number;
  rating: number | null;
  goals: number | null;
  assists: number | null;
  goals_conceded: number | null;
  saves: number | null;
  passes_total: number | null;
  passes_key: number | null;
  passes_accuracy: number | null;
  tackles_total: number | null;
  tackles_blocks: number | null;
  tackles_interceptions: number | null;
  duels_total: number | null;
  duels_won: number | null;
  fouls_drawn: number | null;
  fouls_committed: number | null;
  yellow_cards: number | null;
  red_cards: number | null;
  /** FPL's expected goals and assists (nullable; the demo seed leaves them out). */
  expected_goals?: number | null;
  expected_assists?: number | null;
  own_goals?: number | null;
  bps?: number | null;
  /** The side's captain; null where the source names none (migration 20261206l). */
  captain?: StoredBoolean | null;
  /** The minute a substitute came on / a player went off; null where he did not or the source gives no minute. */
  came_on?: number | null;
  went_off?: number | null;
}

/** `fixture_lineups`: a match's announced line-up, released by a replay at kick-off - 60 min. */
export interface FixtureLineupsRow {
  fixture_id: number;
  player_id: number;
  team_id: number;
  starting: StoredBoolean;
}

/** `fixture_odds`: one bookmaker's prices for a match, 'opening' (pre-match as collected) or 'closing'. */
export interface FixtureOddsRow {
  fixture_id: number;
  bookmaker: string;
  timing: string;
  home: number | null;
  draw: number | null;
  away: number | null;
  over_2_5: number | null;
  under_2_5: number | null;
  asian_handicap_line: number | null;
  asian_handicap_home: number | null;
  asian_handicap_away: number | null;
}

/** `external_ids`: which source row became which of our rows (entity 'fixture', 'team' or 'player'). */
export interface ExternalIdsRow {
  entity: string;
  source: string;
  external_id: string;
  entity_id: number;
}

/** The tables the store inserts in bulk, with their row types (importers/store insertRows). */
export interface BulkTables {
  leagues: LeaguesRow;
  seasons: SeasonsRow;
  venues: VenuesRow;
  teams: TeamsRow;
  players: PlayersRow;
  squad_members: SquadMembersRow;
  fixtures: FixturesRow;
  fixture_team_stats: FixtureTeamStatsRow;
  fixture_player_stats: FixturePlayerStatsRow;
  fixture_lineups: FixtureLineupsRow;
  fixture_odds: FixtureOddsRow;
  external_ids: ExternalIdsRow;
}
