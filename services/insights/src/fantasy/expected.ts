import type { FantasyRole } from '@matchday/contracts';
import { DREAM11_POINTS, type MatchLine } from './scoring';

/**
 * Expected Dream11 points of one player in the next match (from chances, not only past points):
 * - playing time: when the line-ups are out (kick-off - 60 min) the confirmed XI decides who starts (a
 *   starter starts, anyone else can only come on); before that, start probability and expected minutes from
 *   the side's last matches (an absence counts as 0 minutes), more recent matches weighing more;
 * - goals and assists from chances: per-90 expected goals and assists (FPL `expected_goals`,
 *   `expected_assists`) over his earlier minutes this season, with last season's per-90 figures as a prior
 *   where he has few minutes, and both shrunk towards his position's mean; blended with his actual goals and
 *   (fantasy) assists per 90, which also count the assists xA misses (won penalties, rebounds);
 * - the match through the goals model: the rates scale with the Dixon-Coles expected goals of his side in
 *   this fixture over his side's typical expected goals, clean sheet = the model's P(opponent scores 0) for a
 *   starter who stays 55 minutes, goals conceded and saves follow the opponent's expected goals;
 * - cards, own goals and penalties as shrunk per-90 rates.
 * Nothing here reads FPL's `xP` (scraped after the gameweek). The constants were chosen on FPL 2023-24
 * (the position means are its per-90 figures), never on 2024-25, the season the backtest reports.
 */
export interface PlayerHistory {
  role: FantasyRole;
  /** One entry per team match considered, most recent first; null when he did not appear. */
  lines: Array<MatchLine | null>;
  /** His totals this season before the match (default: the sum of `lines`). */
  season?: RateTotals | null;
  /** His totals last season (the prior where he has few minutes this season). */
  previous?: RateTotals | null;
  /** The confirmed line-up when it is out: he starts, or he does not (bench or not in the squad). */
  lineup?: 'starting' | 'not-starting' | null;
  /** His FPL price before the match (tenths of a million: 45 = 4.5m), null where the source has none. */
  price?: number | null;
}

export interface MatchContext {
  /** Expected goals of the player's side and of the opponent in this match. */
  teamGoals: number;
  opponentGoals: number;
  /** League-average goals per side (the scale of the player's rates when his side's typical level is unknown). */
  averageGoals: number;
  /** His side's typical expected goals for and against (against an average opponent, home and away alike). */
  teamTypicalGoals?: number;
  teamTypicalConceded?: number;
  /** P(opponent scores 0) from the match model's score matrix (default: Poisson on opponentGoals). */
  opponentBlank?: number;
}

/** Summed per-match figures over some minutes (what per-90 rates are made from). */
export interface RateTotals {
  minutes: number;
  /** Matches started and minutes in them; substitute appearances and minutes in them. */
  starts: number;
  startMinutes: number;
  startsPast55: number;
  subs: number;
  subMinutes: number;
  goals: number;
  assists: number;
  /** Null when the source has no expected goals (then actual goals stand in). */
  expectedGoals: number | null;
  expectedAssists: number | null;
  saves: number;
  yellowCards: number;
  redCards: number;
  ownGoals: number;
  penaltiesSaved: number;
  penaltiesMissed: number;
}

export function emptyTotals(): RateTotals {
  return {
    minutes: 0,
    starts: 0,
    startMinutes: 0,
    startsPast55: 0,
    subs: 0,
    subMinutes: 0,
    goals: 0,
    assists: 0,
    expectedGoals: 0,
    expectedAssists: 0,
    saves: 0,
    yellowCards: 0,
    redCards: 0,
    ownGoals: 0,
    penaltiesSaved: 0,
    penaltiesMissed: 0,
  };
}

/** Adds one match line to totals (in place); a line without expected goals makes the totals' xG unknown. */
export function addLine(totals: RateTotals, line: MatchLine): RateTotals {
  if (line.minutes <= 0) return totals;
  totals.minutes += line.minutes;
  if (line.started) {
    totals.starts += 1;
    totals.startMinutes += line.minutes;
    if (line.minutes >= DREAM11_POINTS.cleanSheetMinutes) totals.startsPast55 += 1;
  } else {
    totals.subs += 1;
    totals.subMinutes += line.minutes;
  }
  totals.goals += line.goals;
  totals.assists += line.assists;
  totals.expectedGoals = totals.expectedGoals === null || line.expectedGoals == null ? null : totals.expectedGoals + line.expectedGoals;
  totals.expectedAssists =
    totals.expectedAssists === null || line.expectedAssists == null ? null : totals.expectedAssists + line.expectedAssists;
  totals.saves += line.saves;
  totals.yellowCards += line.yellowCards;
  totals.redCards += line.redCards;
  totals.ownGoals += line.ownGoals ?? 0;
  totals.penaltiesSaved += line.penaltiesSaved ?? 0;
  totals.penaltiesMissed += line.penaltiesMissed ?? 0;
  return totals;
}

export function totalsOf(lines: ReadonlyArray<MatchLine | null>): RateTotals {
  const totals = emptyTotals();
  for (const line of lines) if (line) addLine(totals, line);
  return totals;
}

/** Per-90 means by position on FPL 2023-24 (all minutes; assists are FPL's, which include fantasy assists). */
export const POSITION_PER_90: Record<
  FantasyRole,
  {
    expectedGoals: number;
    expectedAssists: number;
    goals: number;
    assists: number;
    saves: number;
    yellowCards: number;
    redCards: number;
    ownGoals: number;
    penaltiesSaved: number;
    penaltiesMissed: number;
  }
> = {
  GK: {
    expectedGoals: 0,
    expectedAssists: 0.0014,
    goals: 0,
    assists: 0.0026,
    saves: 3.28,
    yellowCards: 0.082,
    redCards: 0.003,
    ownGoals: 0.012,
    penaltiesSaved: 0.0105,
    penaltiesMissed: 0,
  },
  DEF: {
    expectedGoals: 0.054,
    expectedAssists: 0.058,
    goals: 0.051,
    assists: 0.077,
    saves: 0,
    yellowCards: 0.189,
    redCards: 0.009,
    ownGoals: 0.011,
    penaltiesSaved: 0,
    penaltiesMissed: 0,
  },
  MID: {
    expectedGoals: 0.182,
    expectedAssists: 0.138,
    goals: 0.188,
    assists: 0.186,
    saves: 0,
    yellowCards: 0.221,
    redCards: 0.007,
    ownGoals: 0.002,
    penaltiesSaved: 0,
    penaltiesMissed: 0.0014,
  },
  FWD: {
    expectedGoals: 0.437,
    expectedAssists: 0.09,
    goals: 0.421,
    assists: 0.191,
    saves: 0,
    yellowCards: 0.176,
    redCards: 0.006,
    ownGoals: 0,
    penaltiesSaved: 0,
    penaltiesMissed: 0.0068,
  },
};

/**
 * The price prior: the market's view of a player's chances. A regular's per-90 expected goals and assists grow as
 * (price / the position's typical price)^elasticity, fitted on FPL 2023-24 (players with 900+ minutes, log rate on
 * log price: R^2 0.05-0.37), so that shrinkage pulls a 13.0m forward towards a forward of his price, not towards the
 * average one. Without a price the position's mean stands.
 */
const POSITION_PRICE: Record<FantasyRole, number> = { GK: 47, DEF: 46, MID: 57, FWD: 62 };
const PRICE_ELASTICITY: Record<FantasyRole, { expectedGoals: number; expectedAssists: number }> = {
  GK: { expectedGoals: 0, expectedAssists: 0 },
  DEF: { expectedGoals: 1.8, expectedAssists: 3 },
  MID: { expectedGoals: 2.75, expectedAssists: 2.15 },
  FWD: { expectedGoals: 1.1, expectedAssists: 0.6 },
};
/** The price prior moves a position's mean at most this many times up or down. */
const PRICE_PRIOR_LIMIT = 4;

function pricePrior(role: FantasyRole, price: number | null | undefined, stat: 'expectedGoals' | 'expectedAssists'): number {
  const mean = POSITION_PER_90[role][stat];
  if (!price || !Number.isFinite(price) || price <= 0) return mean;
  const factor = (price / POSITION_PRICE[role]) ** PRICE_ELASTICITY[role][stat];
  return mean * Math.min(PRICE_PRIOR_LIMIT, Math.max(1 / PRICE_PRIOR_LIMIT, factor));
}

/** Minutes of the position's mean that every per-90 rate starts from (shrinkage). */
const PRIOR_MINUTES = 540;
/** Last season's minutes count at this weight, and at most this many (a prior, not this season's form). */
const PREVIOUS_WEIGHT = 0.5;
const PREVIOUS_MAX_MINUTES = 900;
/** Goals: this share from expected goals, the rest from actual goals (both per 90, shrunk). */
const XG_SHARE = 0.75;
/** Assists: this share from expected assists scaled to fantasy assists, the rest from actual assists. */
const XA_SHARE = 0.5;
/** Minutes of a starter and of a substitute, and a starter's chance of 55 minutes, as priors worth this many matches. */
const PRIOR_MATCHES = 3;
const START_MINUTES: Record<FantasyRole, number> = { GK: 89, DEF: 85, MID: 80, FWD: 79 };
const PAST_55: Record<FantasyRole, number> = { GK: 0.99, DEF: 0.96, MID: 0.94, FWD: 0.95 };
const SUB_MINUTES = 19;
const RECENCY = 0.8;
/** A confirmed non-starter comes on at most this often (he may not even be on the bench). */
const BENCH_APPEARANCE_CAP = 0.6;

export interface Expectation {
  points: number;
  startProbability: number;
  expectedMinutes: number;
}

export function expectedPoints(history: PlayerHistory, context: MatchContext): Expectation {
  const { role, lines } = history;
  const season = history.season ?? totalsOf(lines);
  const previous = history.previous ?? null;
  if (!lines.length && season.minutes === 0 && !history.lineup) return { points: 0, startProbability: 0, expectedMinutes: 0 };

  // playing time: recency-weighted starts and substitute appearances over the side's last matches
  let weight = 0;
  let start = 0;
  let sub = 0;
  let notStarted = 0;
  lines.forEach((line, k) => {
    const w = RECENCY ** k;
    weight += w;
    if (line && line.minutes > 0 && line.started) start += w;
    else {
      notStarted += w;
      if (line && line.minutes > 0) sub += w;
    }
  });
  let startProbability = weight ? start / weight : 0;
  let subProbability = weight ? sub / weight : 0;
  if (history.lineup === 'starting') {
    startProbability = 1;
    subProbability = 0;
  } else if (history.lineup === 'not-starting') {
    startProbability = 0;
    // how often he came on when he did not start (an absence counts), never above the cap
    subProbability = Math.min(BENCH_APPEARANCE_CAP, notStarted ? sub / notStarted : 0);
  }
  const startMinutes = (season.startMinutes + PRIOR_MATCHES * START_MINUTES[role]) / (season.starts + PRIOR_MATCHES);
  const subMinutes = (season.subMinutes + PRIOR_MATCHES * SUB_MINUTES) / (season.subs + PRIOR_MATCHES);
  const past55 = (season.startsPast55 + PRIOR_MATCHES * PAST_55[role]) / (season.starts + PRIOR_MATCHES);
  const expectedMinutes = startProbability * startMinutes + subProbability * subMinutes;
  const share = expectedMinutes / 90;

  // per-90 rates: this season, last season as a prior (down-weighted and capped), the position's mean
  const mean = POSITION_PER_90[role];
  const previousWeight =
    previous && previous.minutes > 0 ? (PREVIOUS_WEIGHT * Math.min(previous.minutes, PREVIOUS_MAX_MINUTES)) / previous.minutes : 0;
  const per90 = (pick: (t: RateTotals) => number | null, prior: number, fallback?: (t: RateTotals) => number) => {
    const value = (t: RateTotals | null) => (t ? (pick(t) ?? (fallback ? fallback(t) : 0)) : 0);
    const minutes = season.minutes + previousWeight * (previous?.minutes ?? 0) + PRIOR_MINUTES;
    return (90 * (value(season) + previousWeight * value(previous)) + prior * PRIOR_MINUTES) / minutes;
  };
  const xg = per90(
    (t) => t.expectedGoals,
    pricePrior(role, history.price, 'expectedGoals'),
    (t) => t.goals,
  );
  const goalsActual = per90((t) => t.goals, mean.goals);
  const xa = per90(
    (t) => t.expectedAssists,
    pricePrior(role, history.price, 'expectedAssists'),
    (t) => t.assists,
  );
  const assistsActual = per90((t) => t.assists, mean.assists);
  const fantasyAssistRatio = mean.expectedAssists > 0 ? mean.assists / mean.expectedAssists : 1;
  const goals = XG_SHARE * xg + (1 - XG_SHARE) * goalsActual;
  const assists = XA_SHARE * xa * fantasyAssistRatio + (1 - XA_SHARE) * assistsActual;
  const saves = per90((t) => t.saves, mean.saves);
  const yellow = per90((t) => t.yellowCards, mean.yellowCards);
  const red = per90((t) => t.redCards, mean.redCards);
  const ownGoals = per90((t) => t.ownGoals, mean.ownGoals);
  const penaltiesSaved = per90((t) => t.penaltiesSaved, mean.penaltiesSaved);
  const penaltiesMissed = per90((t) => t.penaltiesMissed, mean.penaltiesMissed);

  const attack = context.teamGoals / (context.teamTypicalGoals ?? context.averageGoals);
  // saves, like goals, were earned at his side's usual level: the opponent's expected goals over what it usually concedes
  const pressure = context.opponentGoals / (context.teamTypicalConceded ?? context.averageGoals);
  const blank = context.opponentBlank ?? Math.exp(-context.opponentGoals);
  const p = DREAM11_POINTS;
  let points = startProbability * p.startingXI + subProbability * p.substitute;
  points += share * attack * (goals * p.goal[role] + assists * p.assist);
  points += share * (yellow * p.yellowCard + red * p.redCard + ownGoals * p.ownGoal + penaltiesMissed * p.penaltyMissed);
  if (role === 'GK') points += share * pressure * (saves * p.save + penaltiesSaved * p.penaltySaved);
  if (role === 'GK' || role === 'DEF') {
    // a starter who stays past 55 minutes keeps a clean sheet when the opponent does not score
    points += startProbability * past55 * blank * p.cleanSheet[role];
    points += share * context.opponentGoals * p.goalConceded[role];
  }
  return { points, startProbability, expectedMinutes };
}
