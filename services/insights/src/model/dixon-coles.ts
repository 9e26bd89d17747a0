import { conjugateGradient } from 'fmin';
import type { MarketProbabilities } from '@matchday/contracts';
import {
  DECAY,
  FALLBACK_SHOT_GOAL_RATE,
  MARKET_DECAY,
  MARKET_RIDGE,
  MARKET_WEIGHT,
  MAX_GOALS,
  MAX_ITERATIONS,
  MIN_SHOTS_FOR_RATE,
  PROMOTED_ATTACK,
  PROMOTED_DEFENCE,
  RHO_SCALE,
  RIDGE,
  SHOT_WEIGHT,
  START_HOME_ADVANTAGE,
  START_INTERCEPT,
  WINDOW_DAYS,
} from './constants';

/**
 * Dixon-Coles goals model (Dixon & Coles 1997): home goals ~ Poisson(lambda), away ~ Poisson(mu) with
 *   log lambda = c + h + attack[home] + defence[away],   log mu = c + attack[away] + defence[home]
 * (defence is a weakness: higher concedes more), the low-score correction tau(x, y; lambda, mu, rho) on
 * 0-0, 1-0, 0-1 and 1-1, and each match weighted by exp(-decay x days before the fit day).
 *
 * Strength is learnt from goals blended with shots on target as pseudo-goals: the Poisson target of a side
 * is (1 - shotWeight) x goals + shotWeight x shotGoalRate x shots on target, shotGoalRate being the league's
 * goals per shot on target over the window (0.32 in the Premier League; goals alone where shots are
 * missing); the tau correction uses the real score.
 *
 * Prior (a ridge penalty): every rating is shrunk towards a prior mean with weight `ridge`. A club that
 * played in this league the season before has prior 0 (the league average); a club that did not
 * (promoted, or every club of a thin league such as the ISL in its first stored season) has the
 * promoted-side prior `promotedAttack` / `promotedDefence`. When no club has a previous season the
 * common prior is absorbed by c, i.e. plain shrinkage towards the league average.
 *
 * Fitted by maximum likelihood with fmin's conjugate gradient on the exact gradient.
 *
 * With `target: 'market'` the same model is fitted to the goal expectations implied by earlier matches' closing
 * prices (`homeMarketGoals`/`awayMarketGoals`, see ratings.ts) instead of goals and shots, without the low-score
 * correction: ratings as the market saw each club.
 *
 * Every constant comes from constants.ts (chosen on 2019-20 to 2021-22).
 */
export interface ModelSettings {
  /** Per day. */
  decay: number;
  shotWeight: number;
  /** Goals per shot on target for the pseudo-goals; null: the league's own ratio over the window. */
  shotGoalRate: number | null;
  ridge: number;
  promotedAttack: number;
  promotedDefence: number;
  /** Matches older than this many days before the fit day are left out. */
  windowDays: number;
  /** Per day, in the market fit. */
  marketDecay: number;
  /** Ridge of the market fit. */
  marketRidge: number;
  /** Weight of the market ratings in the combined ratings (0: goals only, no market fit). */
  marketWeight: number;
}

/** The settings of constants.ts (chosen on 2019-20 to 2021-22, never on the test seasons). */
export const DEFAULT_SETTINGS: ModelSettings = {
  decay: DECAY,
  shotWeight: SHOT_WEIGHT,
  shotGoalRate: null,
  ridge: RIDGE,
  promotedAttack: PROMOTED_ATTACK,
  promotedDefence: PROMOTED_DEFENCE,
  windowDays: WINDOW_DAYS,
  marketDecay: MARKET_DECAY,
  marketRidge: MARKET_RIDGE,
  marketWeight: MARKET_WEIGHT,
};

export interface TrainingMatch {
  /** Epoch ms of kick-off. */
  time: number;
  season: number;
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
  homeShotsOnTarget: number | null;
  awayShotsOnTarget: number | null;
  /** Goal expectations implied by the match's closing prices (a match already played); null or absent without them. */
  homeMarketGoals?: number | null;
  awayMarketGoals?: number | null;
}

export interface FittedModel {
  teams: number[];
  attack: Map<number, number>;
  defence: Map<number, number>;
  intercept: number;
  homeAdvantage: number;
  rho: number;
  /** Parameter vector (warm start of the next fit). */
  vector: number[];
  /** Team ids in vector order. */
  order: number[];
  iterations: number;
  matches: number;
  /** The two fits behind combined ratings (ratings.ts), kept as warm starts of the next fit. */
  components?: { goals: FittedModel; market: FittedModel | null };
}

const DAY = 86_400_000;

/** tau of Dixon & Coles. */
export function tau(x: number, y: number, lambda: number, mu: number, rho: number): number {
  if (x === 0 && y === 0) return 1 - lambda * mu * rho;
  if (x === 0 && y === 1) return 1 + lambda * rho;
  if (x === 1 && y === 0) return 1 + mu * rho;
  if (x === 1 && y === 1) return 1 - rho;
  return 1;
}

export interface FitOptions {
  /** Fit day: matches at or after it are ignored; weights decay from it. */
  asOf: number;
  /** The season being predicted (decides which clubs get the promoted prior). */
  season: number;
  settings?: ModelSettings;
  /** Previous fit to start from (same or different teams). */
  warmStart?: FittedModel;
  /** Clubs that must get a rating even without matches (the fixtures to predict). */
  alsoTeams?: number[];
  /** What the Poisson targets are: goals and shots (default), or the closing prices' goal expectations. */
  target?: 'results' | 'market';
}

export function fitDixonColes(all: readonly TrainingMatch[], options: FitOptions): FittedModel {
  const s = options.settings ?? DEFAULT_SETTINGS;
  const market = options.target === 'market';
  const decay = market ? s.marketDecay : s.decay;
  const ridge = market ? s.marketRidge : s.ridge;
  const from = options.asOf - s.windowDays * DAY;
  const matches = all.filter(
    (m) =>
      m.time < options.asOf &&
      m.time >= from &&
      (!market || (typeof m.homeMarketGoals === 'number' && typeof m.awayMarketGoals === 'number')),
  );
  const teamSet = new Set<number>(options.alsoTeams ?? []);
  const previousSeason = new Set<number>();
  for (const m of matches) {
    teamSet.add(m.home);
    teamSet.add(m.away);
    if (m.season === options.season - 1) {
      previousSeason.add(m.home);
      previousSeason.add(m.away);
    }
  }
  const order = [...teamSet].sort((a, b) => a - b);
  const index = new Map(order.map((id, i) => [id, i]));
  const n = order.length;
  const priorAttack = order.map((id) => (previousSeason.has(id) ? 0 : s.promotedAttack));
  const priorDefence = order.map((id) => (previousSeason.has(id) ? 0 : s.promotedDefence));
  const count = matches.length;
  const hi = new Int32Array(count);
  const ai = new Int32Array(count);
  const yh = new Float64Array(count);
  const ya = new Float64Array(count);
  const gh = new Int32Array(count);
  const ga = new Int32Array(count);
  const w = new Float64Array(count);
  let totalWeight = 0;
  let shotGoals = 0;
  let shots = 0;
  for (const m of matches) {
    if (m.homeShotsOnTarget === null || m.awayShotsOnTarget === null) continue;
    shotGoals += m.homeGoals + m.awayGoals;
    shots += m.homeShotsOnTarget + m.awayShotsOnTarget;
  }
  const shotGoalRate = s.shotGoalRate ?? (shots >= MIN_SHOTS_FOR_RATE ? shotGoals / shots : FALLBACK_SHOT_GOAL_RATE);
  matches.forEach((m, k) => {
    hi[k] = index.get(m.home)!;
    ai[k] = index.get(m.away)!;
    gh[k] = m.homeGoals;
    ga[k] = m.awayGoals;
    const hasShots = m.homeShotsOnTarget !== null && m.awayShotsOnTarget !== null;
    if (market) {
      yh[k] = m.homeMarketGoals!;
      ya[k] = m.awayMarketGoals!;
    } else {
      yh[k] = hasShots ? (1 - s.shotWeight) * m.homeGoals + s.shotWeight * shotGoalRate * m.homeShotsOnTarget! : m.homeGoals;
      ya[k] = hasShots ? (1 - s.shotWeight) * m.awayGoals + s.shotWeight * shotGoalRate * m.awayShotsOnTarget! : m.awayGoals;
    }
    w[k] = Math.exp((-decay * (options.asOf - m.time)) / DAY);
    totalWeight += w[k]!;
  });
  const scale = 1 / Math.max(totalWeight, 1);
  // x = [attack(n), defence(n), c, h, theta]; rho = RHO_SCALE * tanh(theta)
  const C = 2 * n;
  const H = 2 * n + 1;
  const T = 2 * n + 2;
  const objective = (x: number[], grad: number[]): number => {
    grad.fill(0);
    const c = x[C]!;
    const h = x[H]!;
    const th = Math.tanh(x[T]!);
    const rho = RHO_SCALE * th;
    let nll = 0;
    let gRho = 0;
    for (let k = 0; k < count; k++) {
      const i = hi[k]!;
      const j = ai[k]!;
      const wk = w[k]!;
      const lh = c + h + x[i]! + x[n + j]!;
      const la = c + x[j]! + x[n + i]!;
      const lambda = Math.exp(lh);
      const mu = Math.exp(la);
      let dh = yh[k]! - lambda;
      let da = ya[k]! - mu;
      let ll = yh[k]! * lh - lambda + ya[k]! * la - mu;
      const x0 = gh[k]!;
      const y0 = ga[k]!;
      if (!market && x0 <= 1 && y0 <= 1) {
        const t = Math.max(tau(x0, y0, lambda, mu, rho), 1e-9);
        ll += Math.log(t);
        if (x0 === 0 && y0 === 0) {
          dh += (-lambda * mu * rho) / t;
          da += (-lambda * mu * rho) / t;
          gRho += (wk * (-lambda * mu)) / t;
        } else if (x0 === 0 && y0 === 1) {
          dh += (lambda * rho) / t;
          gRho += (wk * lambda) / t;
        } else if (x0 === 1 && y0 === 0) {
          da += (mu * rho) / t;
          gRho += (wk * mu) / t;
        } else {
          gRho += (wk * -1) / t;
        }
      }
      nll -= wk * ll;
      // d(-ll)/d(log lambda) = -dh
      const gh_ = -wk * dh;
      const ga_ = -wk * da;
      grad[C] = grad[C]! + gh_ + ga_;
      grad[H] = grad[H]! + gh_;
      grad[i] = grad[i]! + gh_;
      grad[n + j] = grad[n + j]! + gh_;
      grad[j] = grad[j]! + ga_;
      grad[n + i] = grad[n + i]! + ga_;
    }
    grad[T] = -gRho * RHO_SCALE * (1 - th * th);
    // rho's own light prior (keeps theta finite when the data push rho to its bound)
    let penalty = x[T]! * x[T]!;
    grad[T] = grad[T]! + 2 * ridge * x[T]!;
    for (let t = 0; t < n; t++) {
      const da = x[t]! - priorAttack[t]!;
      const dd = x[n + t]! - priorDefence[t]!;
      penalty += da * da + dd * dd;
      grad[t] = grad[t]! + 2 * ridge * da;
      grad[n + t] = grad[n + t]! + 2 * ridge * dd;
    }
    for (let t = 0; t < grad.length; t++) grad[t] = grad[t]! * scale;
    return (nll + ridge * penalty) * scale;
  };
  const initial = new Array<number>(2 * n + 3).fill(0);
  initial[C] = START_INTERCEPT;
  initial[H] = START_HOME_ADVANTAGE;
  for (let t = 0; t < n; t++) {
    initial[t] = priorAttack[t]!;
    initial[n + t] = priorDefence[t]!;
  }
  const warm = options.warmStart;
  if (warm) {
    const warmIndex = new Map(warm.order.map((id, i) => [id, i]));
    const wn = warm.order.length;
    order.forEach((id, t) => {
      const k = warmIndex.get(id);
      if (k !== undefined) {
        initial[t] = warm.vector[k]!;
        initial[n + t] = warm.vector[wn + k]!;
      }
    });
    initial[C] = warm.vector[2 * wn]!;
    initial[H] = warm.vector[2 * wn + 1]!;
    initial[T] = warm.vector[2 * wn + 2]!;
  }
  const history: unknown[] = [];
  const solution = count === 0 ? { x: initial } : conjugateGradient(objective, initial, { maxIterations: MAX_ITERATIONS, history });
  const x = solution.x;
  return {
    teams: order,
    attack: new Map(order.map((id, t) => [id, x[t]!])),
    defence: new Map(order.map((id, t) => [id, x[n + t]!])),
    intercept: x[C]!,
    homeAdvantage: x[H]!,
    rho: RHO_SCALE * Math.tanh(x[T]!),
    vector: x.slice(),
    order,
    iterations: history.length,
    matches: count,
  };
}

/** Expected goals of a fixture; a club the fit has never seen gets the promoted prior. */
export function expectedGoals(model: FittedModel, home: number, away: number, settings: ModelSettings = DEFAULT_SETTINGS) {
  const att = (id: number) => model.attack.get(id) ?? settings.promotedAttack;
  const def = (id: number) => model.defence.get(id) ?? settings.promotedDefence;
  return {
    home: Math.exp(model.intercept + model.homeAdvantage + att(home) + def(away)),
    away: Math.exp(model.intercept + att(away) + def(home)),
  };
}

function poissonPmf(lambda: number, max: number): number[] {
  const out = [Math.exp(-lambda)];
  for (let k = 1; k <= max; k++) out.push((out[k - 1]! * lambda) / k);
  return out;
}

/** P(home = i, away = j) for i, j in 0..max, normalised to sum to 1. */
export function scoreMatrix(lambda: number, mu: number, rho: number, max = MAX_GOALS): number[][] {
  const ph = poissonPmf(lambda, max);
  const pa = poissonPmf(mu, max);
  const matrix: number[][] = [];
  let total = 0;
  for (let i = 0; i <= max; i++) {
    const row: number[] = [];
    for (let j = 0; j <= max; j++) {
      const p = Math.max(0, tau(i, j, lambda, mu, rho) * ph[i]! * pa[j]!);
      row.push(p);
      total += p;
    }
    matrix.push(row);
  }
  return matrix.map((row) => row.map((p) => p / total));
}

/** The market probabilities of one match: the contracts' MarketProbabilities. */
export type Markets = MarketProbabilities;

export function marketsFromMatrix(matrix: number[][]): Markets {
  let home = 0;
  let draw = 0;
  let away = 0;
  let over = 0;
  let btts = 0;
  let win2 = 0;
  let win1 = 0;
  matrix.forEach((row, i) =>
    row.forEach((p, j) => {
      if (i > j) home += p;
      else if (i === j) draw += p;
      else away += p;
      if (i + j >= 3) over += p;
      if (i >= 1 && j >= 1) btts += p;
      if (i - j >= 2) win2 += p;
      if (i - j === 1) win1 += p;
    }),
  );
  return {
    home,
    draw,
    away,
    over25: over,
    under25: 1 - over,
    bttsYes: btts,
    bttsNo: 1 - btts,
    homeMinus1: win2,
    homeMinus1Push: win1,
  };
}

export function predict(model: FittedModel, home: number, away: number, settings: ModelSettings = DEFAULT_SETTINGS) {
  const xg = expectedGoals(model, home, away, settings);
  const matrix = scoreMatrix(xg.home, xg.away, model.rho);
  return { expectedGoals: xg, matrix, markets: marketsFromMatrix(matrix) };
}
