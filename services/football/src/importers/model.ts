import type { TeamStatName } from '../lib/team-stat-columns';
import type { FixtureStatus, GoalKind, MatchEventKind, PlayerPosition } from '@matchday/contracts';
import type { FixtureStage } from '../domain/stages';

/**
 * What every source parser produces and what the store (`store.ts`) writes. Parsers know file formats;
 * the store alone knows the schema, team-name reconciliation and how two sources meet on one fixture.
 */

/** The stage of a match (domain/stages.ts): standings count the table stages only. */
export type { FixtureStage };

export type SourceName =
  'football-data-co-uk' | 'fpl' | 'openfootball' | 'football-json' | 'results-csv' | 'api-football' | 'adjustments' | 'demo';

/** Where a record came from, so that the store can report a problem with file and line. */
export interface RecordOrigin {
  file: string;
  line: number;
}

/** League metadata a source may carry (API-Football); known leagues (39, 140, 2, 323) need none. */
export interface ImportedLeague {
  name: string;
  country: string;
  logo?: string | null;
  type?: 'league' | 'cup';
}

/** A team as one source spells it. `country` helps tell apart clubs with the same name. */
export interface ImportedTeam {
  name: string;
  country?: string | null;
  shortName?: string | null;
  code?: string | null;
  logo?: string | null;
  venue?: ImportedVenue | null;
  /** The source's own id, e.g. FPL team id 1..20 of that season ('2023:1'). */
  externalId?: string;
}

export interface ImportedVenue {
  name: string;
  city?: string | null;
  country?: string | null;
  capacity?: number | null;
}

export interface Score {
  home: number;
  away: number;
}

/** One team's statistics in one match, by the names the contracts use (null or absent: the source has none). */
export type ImportedTeamStats = Partial<Record<TeamStatName, number | null>>;

export interface ImportedOdds {
  bookmaker: string;
  timing: 'opening' | 'closing';
  home?: number | null;
  draw?: number | null;
  away?: number | null;
  over25?: number | null;
  under25?: number | null;
  asianHandicapLine?: number | null;
  asianHandicapHome?: number | null;
  asianHandicapAway?: number | null;
}

/** How a goal was scored; an own goal counts for the side it is listed on (`side`), not the scorer's team. */
export type { GoalKind };

/**
 * A goal with its minute, as a source with minutes has it (openfootball's tournament files). `minute` is the
 * minute on the broadcast clock without its stoppage part: 45 for "45+2'", 108 for "108'"; `stoppage` is 2
 * for "45+2'" and null otherwise.
 */
export interface ImportedGoal {
  side: 'home' | 'away';
  minute: number;
  stoppage: number | null;
  kind: GoalKind;
  scorer: string;
}

/**
 * A moment of a match as it is played (importers/live-clock.ts makes them from a match's goals and periods;
 * a live feed makes them as it polls). `key` names it within its match, so writing it twice stores it once.
 */
/** A card or a substitution at its minute, where the source has it (football.json's `-full` files). */
export interface ImportedIncident {
  kind: 'yellow-card' | 'red-card' | 'substitution';
  side: 'home' | 'away';
  minute: number;
  stoppage: number | null;
  /** The player booked or sent off, or coming on. */
  player: string;
  /** 'substitution': the player going off. */
  playerOff?: string | null;
}

/** A match by its source's external id. */
export interface MatchRef {
  source: SourceName;
  externalId: string;
}

export interface ImportedMatchEvent {
  match: MatchRef;
  key: string;
  kind: MatchEventKind;
  /** When it happened. */
  at: Date;
  side?: 'home' | 'away' | null;
  minute?: number | null;
  stoppage?: number | null;
  goalKind?: GoalKind | null;
  scorer?: string | null;
  /** 'yellow-card' / 'red-card': the player booked or sent off; 'substitution': the player coming on. */
  player?: string | null;
  /** 'substitution': the player going off. */
  playerOff?: string | null;
  /** The score after it; null where the source has no running score (half time and full time only). */
  score?: Score | null;
  /** 'goal-cancelled': the key of the goal it takes back. */
  cancels?: string | null;
}

export interface ImportedMatch {
  source: SourceName;
  /** Stable id of the match within its source (file + match number, API id, ...). */
  externalId: string;
  /**
   * The source meets this pairing (home, away) more than once in the league-season and its id only numbers the
   * meetings in the file's order (football.json's `home-away#2`): the id does not name the match, so the store
   * identifies it by its pairing and kick-off instead (the stored meeting nearest to it, within
   * PAIRING_WINDOW_MS), and points the id at the meeting found.
   */
  repeatedPairing?: boolean;
  leagueId: number;
  /** Starting year: 2023 = 2023-24. */
  season: number;
  kickoffAt: Date;
  status: FixtureStatus;
  stage: FixtureStage;
  round?: string | null;
  group?: string | null;
  /** A tournament's own number of the match (the World Cup 2026 final is 104); knockouts only. */
  matchNumber?: number | null;
  /** The draw's labels of a knockout's two places: `2A`, `1E`, `3A/B/C/D/F`, `W74`, `L101`. */
  homeSlot?: string | null;
  awaySlot?: string | null;
  home: ImportedTeam;
  away: ImportedTeam;
  /** Score after 90 minutes; null when not played. */
  goals?: Score | null;
  halfTime?: Score | null;
  extraTime?: Score | null;
  penalties?: Score | null;
  /** Every goal with its minute, in the order scored, where the source has them (they add up to the final score). */
  goalEvents?: ImportedGoal[] | null;
  /** Cards and substitutions with their minutes, where the source has them (they go on the timeline with the goals). */
  incidents?: ImportedIncident[] | null;
  venue?: ImportedVenue | null;
  referee?: string | null;
  /** The crowd, where the source gives it (football.json's -full files). */
  attendance?: number | null;
  stats?: { home: ImportedTeamStats; away: ImportedTeamStats } | null;
  odds?: ImportedOdds[];
  league?: ImportedLeague;
  origin?: RecordOrigin;
}

export interface ImportedPlayer {
  source: SourceName;
  /** Stable per source, e.g. FPL element code. */
  externalId: string;
  name: string;
  firstName?: string | null;
  lastName?: string | null;
  /** The name fans know the player by, when the source gives one besides the legal name (FPL's web_name). */
  knownAs?: string | null;
  nationality?: string | null;
  birthDate?: string | null;
  birthCountry?: string | null;
  photo?: string | null;
}

export interface ImportedSquadMember {
  player: ImportedPlayer;
  team: ImportedTeam;
  leagueId: number;
  season: number;
  position: PlayerPosition;
  shirtNumber?: number | null;
  /** Fantasy price in tenths (55 = 5.5). */
  price?: number | null;
  ownership?: number | null;
  origin?: RecordOrigin;
}

export interface ImportedPlayerMatch {
  player: ImportedPlayer;
  team: ImportedTeam;
  /** The match this line belongs to, by its own source's external id, or by teams and kick-off. */
  match: MatchRef | { leagueId: number; season: number; home: ImportedTeam; away: ImportedTeam; kickoffAt: Date };
  position?: PlayerPosition | null;
  started?: boolean;
  subbedIn?: boolean;
  subbedOut?: boolean;
  minutes: number;
  rating?: number | null;
  goals?: number | null;
  assists?: number | null;
  goalsConceded?: number | null;
  saves?: number | null;
  passesTotal?: number | null;
  passesKey?: number | null;
  passesAccuracy?: number | null;
  tacklesTotal?: number | null;
  tacklesBlocks?: number | null;
  tacklesInterceptions?: number | null;
  duelsTotal?: number | null;
  duelsWon?: number | null;
  foulsDrawn?: number | null;
  foulsCommitted?: number | null;
  yellowCards?: number | null;
  redCards?: number | null;
  /** The source's expected goals and assists of this match (FPL), null where it has none. */
  expectedGoals?: number | null;
  expectedAssists?: number | null;
  /** Own goals the player scored (they count for the other side). */
  ownGoals?: number | null;
  /** FPL's bonus points system score of the match (the rating's base: sources/fpl-rating.ts). */
  bps?: number | null;
  /** The side's captain (football.json `-full`); undefined where the source names none. */
  captain?: boolean | null;
  /** The minute he came on / went off (substituted or sent off), stoppage left out; where the source gives it. */
  cameOn?: number | null;
  wentOff?: number | null;
  origin?: RecordOrigin;
}

export interface ImportedAdjustment {
  leagueId: number;
  season: number;
  team: ImportedTeam;
  points: number;
  reason: string;
  origin?: RecordOrigin;
}

/** A row a parser could not read: reported with file and line, skipped, never fatal. */
export interface RowProblem {
  file: string;
  line: number;
  message: string;
}
