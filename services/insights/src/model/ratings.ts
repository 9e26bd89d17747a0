import { nelderMead } from 'fmin';
import type { FeedOdds } from '@matchday/contracts';
import { DEFAULT_SETTINGS, fitDixonColes, tau, type FitOptions, type FittedModel, type TrainingMatch } from './dixon-coles';
import { IMPLIED_GOALS_CACHE, IMPLIED_GOALS_ITERATIONS, IMPLIED_GOALS_START, MAX_GOALS, MIN_MARKET_MATCHES } from './constants';
import { impliedOneXTwo, impliedTwoWay } from './market';

const DAY = 86_400_000;

/**
 * The goal expectations (home, away) that closing prices imply: the independent Poisson pair whose home win, away
 * win and (when priced) over 2.5 probabilities are closest, in squared error, to the prices' (overround removed
 * proportionally). The draw is left out of the fit: Poisson under-prices it, and home and away pin the pair down.
 * Null without a full 1X2.
 */
export function impliedGoals(odds: FeedOdds | null | undefined): { home: number; away: number } | null {
  if (!odds) return null;
  const held = implied.get(odds);
  if (held !== undefined) return held;
  // the same prices read again in a fresh feed (the league feed is fetched anew every minute) are not solved again
  const key = `${odds.home}|${odds.draw}|${odds.away}|${odds.over25}|${odds.under25}`;
  let goals = byPrices.get(key);
  if (goals === undefined) {
    goals = solveImpliedGoals(odds);
    if (byPrices.size >= IMPLIED_GOALS_CACHE) byPrices.clear();
    byPrices.set(key, goals);
  }
  implied.set(odds, goals);
  return goals;
}

/** Solved once per prices object (a walk-forward reads the same matches at every refit). */
const implied = new WeakMap<FeedOdds, { home: number; away: number } | null>();
/**
 * And once per prices (1X2 and over/under 2.5, all the solve reads): ~1 ms each, so the league feed's three seasons
 * of Premier League closing prices (~1,100 matches) cost ~1 s at every refresh without it. Bounded: emptied when full.
 */
const byPrices = new Map<string, { home: number; away: number } | null>();

/**
 * marketsFromMatrix(scoreMatrix(lambda, mu, 0)) for the three figures the solve reads (home, away, over 2.5): the same
 * products, the same normalisation and the same sums in the same order, so the same numbers to the last bit, without
 * building the matrix and its rows (the solve evaluates it ~500 times a match).
 */
function independentMarkets(lambda: number, mu: number): { home: number; away: number; over25: number } {
  const size = MAX_GOALS + 1;
  const ph = [Math.exp(-lambda)];
  const pa = [Math.exp(-mu)];
  for (let k = 1; k < size; k++) {
    ph.push((ph[k - 1]! * lambda) / k);
    pa.push((pa[k - 1]! * mu) / k);
  }
  const cells = new Float64Array(size * size);
  let total = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const p = Math.max(0, tau(i, j, lambda, mu, 0) * ph[i]! * pa[j]!);
      cells[i * size + j] = p;
      total += p;
    }
  }
  let home = 0;
  let away = 0;
  let over = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const p = cells[i * size + j]! / total;
      if (i > j) home += p;
      else if (i < j) away += p;
      if (i + j >= 3) over += p;
    }
  }
  return { home, away, over25: over };
}

function solveImpliedGoals(odds: FeedOdds): { home: number; away: number } | null {
  const oneXTwo = impliedOneXTwo(odds);
  if (!oneXTwo) return null;
  const overUnder = impliedTwoWay(odds.over25, odds.under25);
  const loss = ([h, a]: number[]) => {
    const markets = independentMarkets(Math.exp(h!), Math.exp(a!));
    const over = overUnder ? (markets.over25 - overUnder[0]) ** 2 : 0;
    return (markets.home - oneXTwo.home) ** 2 + (markets.away - oneXTwo.away) ** 2 + over;
  };
  const { x } = nelderMead(loss, [Math.log(IMPLIED_GOALS_START.home), Math.log(IMPLIED_GOALS_START.away)], {
    maxIterations: IMPLIED_GOALS_ITERATIONS,
  });
  return { home: Math.exp(x[0]!), away: Math.exp(x[1]!) };
}

/**
 * The ratings the tips and Dream11 use: a Dixon-Coles fit on goals and shots on target, and (market weight above 0)
 * a second fit on the goal expectations implied by earlier matches' closing prices (only matches already played:
 * every fit reads matches before its day), combined log-linearly: each club's attack and defence, the intercept and
 * the home advantage are (1 - w) x goals + w x market, so that log lambda is the same mix of the two fits' log
 * expectations. The low-score correction rho is the goals fit's. Without MIN_MARKET_MATCHES priced matches in the
 * window the goals fit is used alone.
 */
export function fitRatings(all: readonly TrainingMatch[], options: FitOptions): FittedModel {
  const settings = options.settings ?? DEFAULT_SETTINGS;
  const goals = fitDixonColes(all, { ...options, target: 'results', warmStart: options.warmStart?.components?.goals ?? options.warmStart });
  const weight = settings.marketWeight;
  if (weight <= 0) return goals;
  const from = options.asOf - settings.windowDays * DAY;
  const priced = all.filter((m) => m.time < options.asOf && m.time >= from && typeof m.homeMarketGoals === 'number').length;
  if (priced < MIN_MARKET_MATCHES) return { ...goals, components: { goals, market: null } };
  const market = fitDixonColes(all, { ...options, target: 'market', warmStart: options.warmStart?.components?.market ?? undefined });
  const mix = (g: number, m: number) => (1 - weight) * g + weight * m;
  const of = (map: Map<number, number>, other: Map<number, number>, id: number) => map.get(id) ?? other.get(id)!;
  return {
    ...goals,
    attack: new Map(goals.order.map((id) => [id, mix(goals.attack.get(id)!, of(market.attack, goals.attack, id))])),
    defence: new Map(goals.order.map((id) => [id, mix(goals.defence.get(id)!, of(market.defence, goals.defence, id))])),
    intercept: mix(goals.intercept, market.intercept),
    homeAdvantage: mix(goals.homeAdvantage, market.homeAdvantage),
    components: { goals, market },
  };
}
