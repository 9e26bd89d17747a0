/**
 * Contracts of the insights service (tips, their record, Dream11 picks) and of the internal bulk read
 * the football service offers it (`/internal/model-feed/*`, identity token only, not routed by the gateway).
 */

/** One bookmaker's prices for a fixture (decimal odds; null where not offered). */
export interface FeedOdds {
  bookmaker: string;
  home: number | null;
  draw: number | null;
  away: number | null;
  over25: number | null;
  under25: number | null;
  /** Asian handicap line for the home side (e.g. -1) and its prices. */
  ahLine: number | null;
  ahHome: number | null;
  ahAway: number | null;
}

export interface FeedMatch {
  id: number;
  leagueId: number;
  season: number;
  /** ISO 8601 UTC. */
  kickoffAt: string;
  status: string;
  homeTeamId: number;
  awayTeamId: number;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  /** 90-minute score, null until played. */
  homeGoals: number | null;
  awayGoals: number | null;
  homeShotsOnTarget: number | null;
  awayShotsOnTarget: number | null;
  /** Pre-match prices as collected (never closing). */
  opening: FeedOdds | null;
  /** Closing prices: never an input for this match's forecast; the market ratings read those of matches already played. */
  closing: FeedOdds | null;
}

export interface FeedLeague {
  id: number;
  name: string;
  displayName: string;
  country: string;
  logo: string | null;
  currentSeason: number;
}

export interface FeedMatches {
  league: FeedLeague;
  matches: FeedMatch[];
  /** Seasons of this league that have at least one fixture stored. */
  seasons: number[];
  demo: boolean;
}

export type FantasyRole = 'GK' | 'DEF' | 'MID' | 'FWD';

/** One player-match line (FPL rows where imported). */
export interface FeedPlayerLine {
  fixtureId: number;
  kickoffAt: string;
  minutes: number;
  started: boolean;
  goals: number;
  assists: number;
  goalsConceded: number;
  saves: number;
  yellowCards: number;
  redCards: number;
  /** The source's expected goals and assists of the match (FPL), null where it has none. */
  expectedGoals?: number | null;
  expectedAssists?: number | null;
}

export interface FeedSquadPlayer {
  playerId: number;
  name: string;
  teamId: number;
  position: string;
  /** Fantasy price in tenths (55 = 5.5), when a fantasy source provided it. */
  price: number | null;
  ownership: number | null;
  /** Most recent first, at most the count asked for. */
  recent: FeedPlayerLine[];
}

export interface FeedSquads {
  fixture: FeedMatch;
  /** Matches each side played before this fixture (for minutes: 0-minute absences included). */
  teamRecent: Record<number, Array<{ fixtureId: number; kickoffAt: string }>>;
  players: FeedSquadPlayer[];
  /** Player ids of both starting XIs once announced (kick-off - 60 min), null before. */
  lineup?: number[] | null;
}

/** GET /internal/model-feed/played?fixtureId: what each player of a played fixture did in it (for scoring only). */
export interface FeedPlayedLines {
  fixtureId: number;
  lines: Array<{ playerId: number; line: FeedPlayerLine }>;
}

// ---- public insights API ----------------------------------------------------------------------------

export type TipMarket = 'home' | 'draw' | 'away' | 'over25' | 'under25' | 'bttsYes' | 'bttsNo' | 'homeMinus1';

export interface MarketProbabilities {
  home: number;
  draw: number;
  away: number;
  over25: number;
  under25: number;
  bttsYes: number;
  bttsNo: number;
  /** Home wins by 2 or more (the -1 handicap wins); by exactly 1 is a push. */
  homeMinus1: number;
  homeMinus1Push: number;
}

/** A tip card (spec §3 "Derived tip card" fields, now from the model). */
export interface TipCard {
  id: number;
  fixtureId: number;
  match: string;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  /** A national team's flag (emoji), as the fixtures give it: only when the team is one. */
  homeTeamFlag?: string;
  awayTeamFlag?: string;
  league: string;
  leagueId: number;
  /** ISO kick-off and its UTC day / time. */
  kickoffAt: string;
  date: string;
  time: string;
  tipType: 'Match Winner' | 'Over/Under 2.5' | 'Both Teams Score' | 'Handicap';
  market: TipMarket;
  prediction: string;
  /** Model probability of the prediction, percent (one decimal). */
  confidence: number;
  /** 1 / p. */
  fairOdds: number;
  /** Bookmaker's price for the prediction, when imported. */
  odds: number | null;
  bookmaker: string | null;
  /** p x odds - 1 (with a push returning the stake for the handicap), null without odds. */
  edge: number | null;
  analysis: string;
  status: 'upcoming' | 'won' | 'lost' | 'push';
  /** When the tip was made and frozen (ISO); for a backfilled tip, when it was computed (after the match). */
  madeAt: string;
  demo: boolean;
  /**
   * `live`: frozen before kick-off when it was first published. `backfill`: computed afterwards from data before
   * kick-off (earlier matches' results, statistics and prices, this match's pre-match prices), when a replay started.
   */
  origin: TipOrigin;
}

export type TipOrigin = 'live' | 'backfill';

/** The next day with something on it, named in the reply of a tips or Dream11 day that has nothing. */
export interface NextDay {
  /** Its UTC day (YYYY-MM-DD) and first kick-off (ISO 8601). */
  date: string;
  kickoffAt: string;
  /** Its matches still to kick off (for Dream11: those a team can be made for). */
  matches: number;
  /**
   * The tab that shows that day: tomorrow's, the weekend's (UTC Saturday and Sunday; while a replay is served, the
   * real ones, as screens write its matches' days), or none (further ahead).
   */
  tab: 'tomorrow' | 'weekend' | null;
}

export interface TipsDay {
  day: 'today' | 'tomorrow';
  date: string;
  tips: TipCard[];
  demo: boolean;
  /** Only when `tips` is empty: the next day with matches to tip (none within 60 days: absent). */
  next?: NextDay;
}

/** GET /api/dream11?day=today|tomorrow. */
export interface Dream11Day {
  day: 'today' | 'tomorrow';
  date: string;
  cards: Dream11Card[];
  demo: boolean;
  /** Only when `cards` is empty: the next day with matches a team can be made for (none within 60 days: absent). */
  next?: NextDay;
}

export interface WeekendSpecial {
  picks: TipCard[];
  combinedOdds: number | null;
  combinedProbability: number;
  note: string;
  /** Only when `picks` is empty: the next day after this weekend with matches to tip (none within 60 days: absent). */
  next?: NextDay;
}

export interface TeamRating {
  teamId: number;
  name: string;
  attack: number;
  defence: number;
  /** Last five results, most recent last: W, D, L. */
  form: string[];
}

/** A set of tips' figures: count, grading, hit rate, ROI at the odds shown, RPS against the bookmaker's, calibration. */
export interface RecordFigures {
  tips: number;
  graded: number;
  won: number;
  lost: number;
  pushed: number;
  hitRate: number | null;
  /** Profit per unit staked over graded tips with bookmaker odds. */
  roi: number | null;
  withOdds: number;
  /** Mean RPS of the model's 1X2 and of the bookmaker's (overround removed) on the same matches. */
  modelRps: number | null;
  bookmakerRps: number | null;
  rpsMatches: number;
  /** 10 bins of 1X2 probability over all three outcomes of graded tips. */
  calibration: Array<{ bin: number; predicted: number; observed: number; count: number }>;
}

/** One kind of tips' record (frozen live, or backfilled), never merged with the other. */
export interface RecordPart extends RecordFigures {
  origin: TipOrigin;
  /** "frozen before kick-off" or "computed afterwards from data before kick-off". */
  label: string;
}

/**
 * A league's record. The top-level figures, calibration and recent tips are those of the tips frozen live only;
 * `parts` gives the live and the backfilled record side by side, and `note` says in one sentence how they differ.
 */
export interface RecordSummary extends RecordFigures {
  leagueId: number;
  league: string;
  recent: TipCard[];
  /**
   * The live record first, then the backfilled one (each present, with 0 tips where there are none); a service from
   * before the backfill sends neither field (a screen then shows the top-level figures as the live record).
   */
  parts?: RecordPart[];
  note?: string;
}

export interface FixtureAnalysis {
  fixtureId: number;
  tip: TipCard;
  leagueId: number;
  league: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string;
  expectedGoals: { home: number; away: number };
  probabilities: MarketProbabilities;
  /** Bookmaker implied probabilities (overround removed) per market, null where not priced. */
  bookmaker: Partial<Record<TipMarket, number>> & { name: string | null };
  /**
   * Blend of model and market for 1X2 (geometric, model weight from the insights service's constants.ts, chosen on
   * 2019-22) when odds exist; null without odds, and while that weight is 0 (the blend would be the market's price).
   */
  blend: { home: number; draw: number; away: number } | null;
  /** scoreMatrix[h][a] for 0..6 goals. */
  scoreMatrix: number[][];
  mostLikelyScores: Array<{ home: number; away: number; probability: number }>;
  ratings: { home: TeamRating; away: TeamRating; homeAdvantage: number };
  record: RecordSummary;
  demo: boolean;
}

export interface Dream11Player {
  playerId: number;
  name: string;
  team: string;
  teamId: number;
  role: FantasyRole;
  credits: number;
  expectedPoints: number;
  startProbability: number;
  ownership: number;
}

export interface Dream11Team {
  players: Dream11Player[];
  captainId: number;
  viceCaptainId: number;
  credits: number;
  /** With captain x2 and vice-captain x1.5. */
  expectedPoints: number;
}

export interface Dream11Card {
  fixtureId: number;
  match: string;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  league: string;
  kickoffAt: string;
  captain: { name: string; team: string; points: number; ownership: number };
  viceCaptain: { name: string; team: string; points: number; ownership: number };
  credits: number;
  expectedPoints: number;
  /** Out of 10: mean start probability of the safe XI (10 when the line-ups are confirmed and all start). */
  safetyScore: number;
  /** 'confirmed' once the starting XIs are announced (about an hour before kick-off), else 'predicted'. */
  lineups: 'confirmed' | 'predicted';
  /** With confirmed line-ups: who left and who joined the safe XI against the one picked on the predicted XI. */
  changes: { out: string[]; in: string[] } | null;
  safe: Dream11Team;
  differential: Dream11Team;
  demo: boolean;
}

/** One played match of the Dream11 record: the model's XI and the form pick, both scored on the realised points. */
export interface Dream11RecordMatch {
  fixtureId: number;
  match: string;
  league: string;
  /** ISO 8601 UTC. */
  kickoffAt: string;
  /** Realised Dream11 points of the model's safe XI and of the form pick, captain x2 and vice-captain x1.5. */
  modelPoints: number;
  formPoints: number;
  /** The model's captain. */
  captain: string;
}

/**
 * GET /api/dream11/record: the teams the model would have picked before kick-off for the current season's played
 * matches (leagues with player points only), computed afterwards from data before kick-off, against a fan's form
 * pick (the best XI on each player's mean points over his side's last 5 matches), on Dream11 points.
 */
export interface Dream11Record {
  origin: 'backfill';
  /** "computed afterwards from data before kick-off". */
  label: string;
  matches: number;
  /** Mean realised points per match of the model's XI and of the form pick, null without matches. */
  modelAverage: number | null;
  formAverage: number | null;
  /** Matches where the model's XI scored more than the form pick. */
  modelAhead: number;
  /** The latest matches, most recent first (at most 5). */
  recent: Dream11RecordMatch[];
  note: string;
}
