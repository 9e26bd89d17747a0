import type { PlayerPosition } from './football';

/** One player of a line-up (GET /api/fixtures/{fixtureId}/lineups). Null where the source does not say. */
export interface LineupPlayer {
  /** The stored player; null for a name the source gives that no squad holds. */
  playerId: number | null;
  /** As fans write it ("Virgil van Dijk", not "Virgil VAN DIJK"). */
  name: string;
  position: PlayerPosition | null;
  captain: boolean | null;
  /** Minutes played. */
  minutes: number | null;
  /** The minute a substitute came on ("45+2" is 45); null for a starter, or where the source gives no minute (FPL). */
  cameOn: number | null;
  /** The minute a player went off; null when he did not, or where the source gives no minute (FPL). */
  wentOff: number | null;
  goals: number;
  assists: number;
  yellow: number;
  red: number;
  /** Expected goals (FPL); null where the source has none. */
  xg: number | null;
  /** Out of 10 to one decimal (FPL's bonus points: models.md); null where the player is not rated. */
  rating: number | null;
}

/**
 * One side's line-up. A side whose source's line-up could not be used (it did not hold together at import: twelve
 * starters, a player named twice) while the other side's could is `available: false`, with no players listed
 * (`starters` and `substitutes` empty, `bench` null).
 */
export interface LineupSide {
  teamId: number;
  teamName: string;
  /** False where this side's line-up is not available (the other side's is). */
  available: boolean;
  /** The starting XI, goalkeeper, defenders, midfielders, forwards where the position is known. */
  starters: LineupPlayer[];
  /** The substitutes who came on, by the minute they came on where known, else by minutes played. */
  substitutes: LineupPlayer[];
  /** The unused substitutes; null where the source does not list the bench (FPL lists only who played). */
  bench: LineupPlayer[] | null;
}

/**
 * GET /api/fixtures/{fixtureId}/lineups (404 "Line-ups not available" for a match with neither side's line-up; with
 * one side's, the other is `available: false`).
 */
export interface FixtureLineups {
  /** Where the line-ups come from: "FPL", "API-Football", "openfootball (football.json)", "demo data". */
  source: string;
  home: LineupSide;
  away: LineupSide;
}
