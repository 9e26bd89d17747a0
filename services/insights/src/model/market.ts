import type { FeedOdds } from '@matchday/contracts';
import { BLEND_MODEL_WEIGHT } from './constants';

export interface OneXTwo {
  home: number;
  draw: number;
  away: number;
}

/** Implied 1X2 probabilities with the overround removed proportionally; null without all three prices. */
export function impliedOneXTwo(odds: FeedOdds | null | undefined): OneXTwo | null {
  if (!odds || !odds.home || !odds.draw || !odds.away || odds.home <= 1 || odds.draw <= 1 || odds.away <= 1) return null;
  const raw = [1 / odds.home, 1 / odds.draw, 1 / odds.away];
  const total = raw[0]! + raw[1]! + raw[2]!;
  return { home: raw[0]! / total, draw: raw[1]! / total, away: raw[2]! / total };
}

/** Two-way market (e.g. over/under) with the overround removed proportionally. */
export function impliedTwoWay(first: number | null | undefined, second: number | null | undefined): [number, number] | null {
  if (!first || !second || first <= 1 || second <= 1) return null;
  const a = 1 / first;
  const b = 1 / second;
  return [a / (a + b), b / (a + b)];
}

/** Geometric blend p ~ model^w x market^(1-w), renormalised (w: constants.ts BLEND_MODEL_WEIGHT, chosen on 2019-22). */
export function blendOneXTwo(model: OneXTwo, market: OneXTwo | null, weight = BLEND_MODEL_WEIGHT): OneXTwo {
  if (!market) return model;
  const h = model.home ** weight * market.home ** (1 - weight);
  const d = model.draw ** weight * market.draw ** (1 - weight);
  const a = model.away ** weight * market.away ** (1 - weight);
  const total = h + d + a;
  return { home: h / total, draw: d / total, away: a / total };
}
