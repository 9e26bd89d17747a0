import { expectedGoals, scoreMatrix, type FittedModel } from '../model/dixon-coles';
import type { MatchContext } from './expected';

/**
 * What the goals model (services/insights/src/model, Dixon-Coles) says of one fixture for the fantasy
 * expectations of either side: its expected goals, its typical expected goals (so that a player's per-90
 * rates, earned at his side's usual level, scale to this match) and the chance the opponent scores 0.
 */

/** The typical expected goals of a side: against every other side of the fit, half at home and half away. */
export function typicalGoals(model: FittedModel, team: number): number {
  const others = model.teams.filter((t) => t !== team);
  if (!others.length) return 1;
  const total = others.reduce((s, o) => s + (expectedGoals(model, team, o).home + expectedGoals(model, o, team).away) / 2, 0);
  return total / others.length;
}

/** The typical expected goals a side concedes: against every other side of the fit, half at home and half away. */
export function typicalConceded(model: FittedModel, team: number): number {
  const others = model.teams.filter((t) => t !== team);
  if (!others.length) return 1;
  const total = others.reduce((s, o) => s + (expectedGoals(model, team, o).away + expectedGoals(model, o, team).home) / 2, 0);
  return total / others.length;
}

/** P(home scores 0) and P(away scores 0) from the model's score matrix (low-score correction included). */
export function blanks(model: FittedModel, home: number, away: number): { home: number; away: number } {
  const xg = expectedGoals(model, home, away);
  const matrix = scoreMatrix(xg.home, xg.away, model.rho);
  return { home: matrix[0]!.reduce((s, p) => s + p, 0), away: matrix.reduce((s, row) => s + row[0]!, 0) };
}

/** Both sides' match contexts; `averageGoals` is the league's goals per side over the recent past. */
export function matchContexts(
  model: FittedModel,
  home: number,
  away: number,
  averageGoals: number,
): { home: MatchContext; away: MatchContext } {
  const xg = expectedGoals(model, home, away);
  const blank = blanks(model, home, away);
  return {
    home: {
      teamGoals: xg.home,
      opponentGoals: xg.away,
      teamTypicalGoals: typicalGoals(model, home),
      teamTypicalConceded: typicalConceded(model, home),
      opponentBlank: blank.away,
      averageGoals,
    },
    away: {
      teamGoals: xg.away,
      opponentGoals: xg.home,
      teamTypicalGoals: typicalGoals(model, away),
      teamTypicalConceded: typicalConceded(model, away),
      opponentBlank: blank.home,
      averageGoals,
    },
  };
}
