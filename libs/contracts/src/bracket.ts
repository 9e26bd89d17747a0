import type { FixtureStatus } from './football';

/**
 * GET /api/bracket?leagueId&season: a cup's knockout stage as a tree (the World Cup from its Round of 32 or 16, the
 * Euro, the Champions League from its knockout play-offs). Rounds run from the first to the final; within a round the
 * ties are in tree order: the two ties that feed a tie of the next round sit next to each other, in the order of its
 * two places. A competition without a knockout stage: 404 "no knockout stage".
 */

/** The rounds' names, in the order they are played. */
export const BRACKET_ROUNDS = [
  'Knockout play-offs',
  'Round of 32',
  'Round of 16',
  'Quarter-finals',
  'Semi-finals',
  'Match for third place',
  'Final',
] as const;
export type BracketRoundName = (typeof BRACKET_ROUNDS)[number];

/** One place of a tie: its team once known, and the draw's label of the place. */
export interface BracketSide {
  /** null until the team is known (its group or the tie it comes from is not decided yet). */
  teamId: number | null;
  teamName: string | null;
  /**
   * The draw's label: `1E` (winner of Group E), `2A` (runner-up), `3A/B/C/D/F` (a third-placed team of one of those
   * groups), `W74` / `L101` (winner / loser of match or tie 74 / 101); null where the draw names none (a Champions
   * League team from the league phase).
   */
  slot: string | null;
}

/** One match of a tie, from the tie's home side's point of view where scores are summed. */
export interface BracketLeg {
  /** null until both teams of the tie are known (the match page would name them). */
  fixtureId: number | null;
  kickoff: string;
  status: FixtureStatus;
  /** The clock of a live leg ("67", "45+2", "HT", "ET", "Pens"); null otherwise. */
  minute: string | null;
  /** null while that team is not known. */
  homeTeamId: number | null;
  awayTeamId: number | null;
  /** The score fans read (after extra time when played); null before kick-off. */
  goalsHome: number | null;
  goalsAway: number | null;
  afterExtraTime: boolean;
  penaltiesHome: number | null;
  penaltiesAway: number | null;
}

export interface BracketTie {
  /** The tournament's number of the match (World Cup 2026: 73-104); the Champions League's ties are numbered 1.. in tree order. */
  matchNumber: number;
  /**
   * The match to open: the live leg, else the next to be played, else the last played; null until both teams are
   * known (the card then opens nothing).
   */
  fixtureId: number | null;
  kickoff: string;
  status: FixtureStatus;
  minute: string | null;
  home: BracketSide;
  away: BracketSide;
  /** The score of a single match, the aggregate of two legs (no away goals); null before the first kick-off. */
  goalsHome: number | null;
  goalsAway: number | null;
  /** The deciding match went to extra time. */
  afterExtraTime: boolean;
  penaltiesHome: number | null;
  penaltiesAway: number | null;
  /** Who went through, once decided. */
  winner: { teamId: number; teamName: string } | null;
  /** The tie's matches: one, or two legs. */
  legs: BracketLeg[];
}

export interface BracketRound {
  name: BracketRoundName;
  ties: BracketTie[];
}

export interface Bracket {
  leagueId: number;
  season: number;
  rounds: BracketRound[];
}
