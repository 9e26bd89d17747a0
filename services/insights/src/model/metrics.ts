import type { OneXTwo } from './market';

export type Outcome = 0 | 1 | 2;

export function outcomeOf(homeGoals: number, awayGoals: number): Outcome {
  return homeGoals > awayGoals ? 0 : homeGoals === awayGoals ? 1 : 2;
}

const asArray = (p: OneXTwo) => [p.home, p.draw, p.away];

/** Ranked probability score of a 1X2 forecast (ordered home, draw, away), 0 = perfect. */
export function rps(p: OneXTwo, outcome: Outcome): number {
  const probs = asArray(p);
  let cumP = 0;
  let cumO = 0;
  let sum = 0;
  for (let k = 0; k < 2; k++) {
    cumP += probs[k]!;
    cumO += k === outcome ? 1 : 0;
    sum += (cumP - cumO) ** 2;
  }
  return sum / 2;
}

export function logLoss(p: OneXTwo, outcome: Outcome): number {
  return -Math.log(Math.max(asArray(p)[outcome]!, 1e-15));
}

/** Multi-class Brier score: sum over the three outcomes of (p - o)^2. */
export function brier(p: OneXTwo, outcome: Outcome): number {
  return asArray(p).reduce((sum, q, k) => sum + (q - (k === outcome ? 1 : 0)) ** 2, 0);
}

export interface CalibrationBin {
  bin: number;
  predicted: number;
  observed: number;
  count: number;
}

/** 10 equal-width probability bins over all three outcomes of every forecast. */
export function calibrationBins(forecasts: ReadonlyArray<{ p: OneXTwo; outcome: Outcome }>): CalibrationBin[] {
  const bins = Array.from({ length: 10 }, (_, bin) => ({ bin, sumP: 0, hits: 0, count: 0 }));
  for (const { p, outcome } of forecasts) {
    asArray(p).forEach((q, k) => {
      const bin = bins[Math.min(9, Math.floor(q * 10))]!;
      bin.sumP += q;
      bin.hits += k === outcome ? 1 : 0;
      bin.count += 1;
    });
  }
  return bins
    .filter((b) => b.count > 0)
    .map((b) => ({ bin: b.bin, predicted: b.sumP / b.count, observed: b.hits / b.count, count: b.count }));
}

/** Count-weighted mean |predicted - observed| over the bins, in percentage points. */
export function calibrationError(bins: readonly CalibrationBin[]): number {
  const total = bins.reduce((s, b) => s + b.count, 0);
  if (!total) return 0;
  return (100 * bins.reduce((s, b) => s + b.count * Math.abs(b.predicted - b.observed), 0)) / total;
}

export interface Scores {
  matches: number;
  rps: number;
  logLoss: number;
  brier: number;
  accuracy: number;
  calibrationError: number;
  calibration: CalibrationBin[];
}

export function score(forecasts: ReadonlyArray<{ p: OneXTwo; outcome: Outcome }>): Scores {
  const n = forecasts.length || 1;
  const argmax = (p: OneXTwo): Outcome => (p.home >= p.draw && p.home >= p.away ? 0 : p.draw >= p.away ? 1 : 2);
  const calibration = calibrationBins(forecasts);
  return {
    matches: forecasts.length,
    rps: forecasts.reduce((s, f) => s + rps(f.p, f.outcome), 0) / n,
    logLoss: forecasts.reduce((s, f) => s + logLoss(f.p, f.outcome), 0) / n,
    brier: forecasts.reduce((s, f) => s + brier(f.p, f.outcome), 0) / n,
    accuracy: forecasts.reduce((s, f) => s + (argmax(f.p) === f.outcome ? 1 : 0), 0) / n,
    calibrationError: calibrationError(calibration),
    calibration,
  };
}
