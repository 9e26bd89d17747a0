import type { FixtureStatus, LeagueType } from '@matchday/contracts';

/**
 * One row type per football table, named after the table (`FixturesRow` is a row of `fixtures`), with
 * every column the migrations give it. A query that reads some columns types its rows as a Pick of these.
 *
 * How the drivers hand values back: datetimes as a Date on MySQL and as the stored 'YYYY-MM-DD HH:MM:SS'
 * UTC string on SQLite (written as that string); DATE columns likewise; read them through lib/values.ts.
 */

/** A stored datetime or date: written as a string, read back as a Date (MySQL) or the string (SQLite). */
export type StoredDateTime = string | Date;

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
  /** Changes of the kick-off or of the postponement so far (migration 20261125b; the calendar event's SEQUENCE). */
  schedule_seq: number;
  /** When the last of them was stored (epoch ms; bigint: a string on some drivers); null when never. */
  schedule_changed_at: number | string | null;
}
