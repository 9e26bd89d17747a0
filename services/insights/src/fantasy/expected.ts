import type { FantasyRole } from '@matchday/contracts';
import { DREAM11_POINTS, type MatchLine } from './scoring';

/**
 * Expected Dream11 points of one player in the next match, from his recent per-match lines:
 * - start probability and expected minutes from the team's last matches (an absence counts as 0 minutes),
 *   more recent matches weighing more;
 * - goals, assists, saves and cards as per-90 rates over his recent minutes, shrunk towards a per-role prior
 *   (worth 270 minutes) so that a cameo goal does not make a striker;
 * - the match itself through the goals model: goals and assists scale with his side's expected goals against
 *   this opponent (home or away), clean sheet = P(opponent scores 0), goals conceded = opponent's expected goals.
 */
export interface PlayerHistory {
  role: FantasyRole;
  /** One entry per team match considered, most recent first; null when he did not appear. */
  lines: Array<MatchLine | null>;
}

export interface MatchContext {
  /** Expected goals of the player's side and of the opponent in this match. */
  teamGoals: number;
  opponentGoals: number;
  /** League-average goals per side (the scale of the player's rates). */
  averageGoals: number;
}

const PRIOR_PER_90: Record<FantasyRole, { goals: number; assists: number; saves: number }> = {
  GK: { goals: 0, assists: 0.01, saves: 2.8 },
  DEF: { goals: 0.04, assists: 0.06, saves: 0 },
  MID: { goals: 0.12, assists: 0.12, saves: 0 },
  FWD: { goals: 0.35, assists: 0.13, saves: 0 },
};
const PRIOR_MINUTES = 270;
const YELLOW_PER_90 = 0.15;
const RED_PER_90 = 0.01;
const RECENCY = 0.8;

export interface Expectation {
  points: number;
  startProbability: number;
  expectedMinutes: number;
}

export function expectedPoints(history: PlayerHistory, context: MatchContext): Expectation {
  const { role, lines } = history;
  if (!lines.length) return { points: 0, startProbability: 0, expectedMinutes: 0 };
  let weight = 0;
  let start = 0;
  let sub = 0;
  let minutes = 0;
  lines.forEach((line, k) => {
    const w = RECENCY ** k;
    weight += w;
    if (line && line.minutes > 0) {
      if (line.started) start += w;
      else sub += w;
      minutes += w * line.minutes;
    }
  });
  const startProbability = start / weight;
  const subProbability = sub / weight;
  const expectedMinutes = minutes / weight;
  const played = lines.filter((l): l is MatchLine => l !== null && l.minutes > 0);
  const totalMinutes = played.reduce((s, l) => s + l.minutes, 0);
  const prior = PRIOR_PER_90[role];
  const rate = (sum: number, priorRate: number) => (sum + (priorRate * PRIOR_MINUTES) / 90) / ((totalMinutes + PRIOR_MINUTES) / 90);
  const goals = rate(
    played.reduce((s, l) => s + l.goals, 0),
    prior.goals,
  );
  const assists = rate(
    played.reduce((s, l) => s + l.assists, 0),
    prior.assists,
  );
  const saves = rate(
    played.reduce((s, l) => s + l.saves, 0),
    prior.saves,
  );
  const yellow = rate(
    played.reduce((s, l) => s + l.yellowCards, 0),
    YELLOW_PER_90,
  );
  const red = rate(
    played.reduce((s, l) => s + l.redCards, 0),
    RED_PER_90,
  );
  const attack = context.teamGoals / context.averageGoals;
  const p = DREAM11_POINTS;
  const share = expectedMinutes / 90;
  let points = startProbability * p.startingXI + subProbability * p.substitute;
  points += share * (goals * attack * p.goal[role] + assists * attack * p.assist - yellow * 4 - red * 10);
  if (role === 'GK') points += share * saves * (context.opponentGoals / context.averageGoals) * p.save;
  if (role === 'GK' || role === 'DEF') {
    // a starter who stays past 55 minutes; clean sheet = P(opponent scores 0) under Poisson
    const fullMatch = Math.min(1, expectedMinutes / Math.max(1, 90 * startProbability)) * startProbability;
    points += fullMatch * Math.exp(-context.opponentGoals) * p.cleanSheet[role];
    points += share * context.opponentGoals * p.goalConceded[role];
  }
  return { points, startProbability, expectedMinutes };
}
