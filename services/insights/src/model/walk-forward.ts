import type { FeedMatch } from '@matchday/contracts';
import { REFIT_DAYS } from './constants';
import { DEFAULT_SETTINGS, predict, type FittedModel, type Markets, type ModelSettings, type TrainingMatch } from './dixon-coles';
import { blendOneXTwo, impliedOneXTwo, type OneXTwo } from './market';
import { outcomeOf, rps, score, type Outcome, type Scores } from './metrics';
import { fitRatings, impliedGoals } from './ratings';

const DAY = 86_400_000;

/**
 * The played matches as the fits read them: result, shots on target, and the goal expectations its closing prices
 * imply (a fit only ever reads matches before its day, so these are prices of matches already played).
 */
export function trainingMatches(matches: readonly FeedMatch[]): TrainingMatch[] {
  return matches
    .filter((m) => m.homeGoals !== null && m.awayGoals !== null)
    .map((m) => {
      const implied = impliedGoals(m.closing);
      return {
        time: Date.parse(m.kickoffAt),
        season: m.season,
        home: m.homeTeamId,
        away: m.awayTeamId,
        homeGoals: m.homeGoals!,
        awayGoals: m.awayGoals!,
        homeShotsOnTarget: m.homeShotsOnTarget,
        awayShotsOnTarget: m.awayShotsOnTarget,
        homeMarketGoals: implied?.home ?? null,
        awayMarketGoals: implied?.away ?? null,
      };
    });
}

export interface BacktestRow {
  match: FeedMatch;
  date: string;
  outcome: Outcome;
  model: Markets;
  blend: OneXTwo;
  opening: OneXTwo | null;
  closing: OneXTwo | null;
}

export interface BacktestResult {
  rows: BacktestRow[];
  fits: number;
  fitMilliseconds: number;
  baseRate: OneXTwo;
  /** Scores on the matches with both Bet365 pre-match and closing prices. */
  compared: Record<'model' | 'blend' | 'preMatch' | 'closing' | 'baseRate', Scores>;
  /** Per match RPS minus Bet365 closing's RPS on the same matches: mean and its standard error. */
  toClosing: Record<'model' | 'blend' | 'preMatch', PairedDifference>;
}

export interface PairedDifference {
  mean: number;
  standardError: number;
}

/** Mean of paired differences and its standard error (sample standard deviation / sqrt(n)). */
export function pairedDifference(differences: readonly number[]): PairedDifference {
  const n = differences.length;
  if (n < 2) return { mean: n ? differences[0]! : 0, standardError: 0 };
  const mean = differences.reduce((s, d) => s + d, 0) / n;
  const variance = differences.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1);
  return { mean, standardError: Math.sqrt(variance / n) };
}

export class MissingSeasons extends Error {
  constructor(
    readonly leagueId: number,
    readonly missing: number[],
  ) {
    super(`missing seasons ${missing.join(', ')}`);
  }
}

/** Seasons that must be stored before `first` (the model's 3-season window). */
export function requiredEarlierSeasons(first: number, windowDays = DEFAULT_SETTINGS.windowDays): number[] {
  const count = Math.ceil(windowDays / 365);
  return Array.from({ length: count }, (_, k) => first - count + k);
}

export interface ForecastBlock {
  /** The block's first day (UTC midnight, ms): the fit read only matches before it. */
  asOf: number;
  matches: FeedMatch[];
  model: FittedModel;
  fitMilliseconds: number;
}

/**
 * The walk-forward calendar: `tests` (oldest first) in blocks of REFIT_DAYS days on a calendar anchored at 1970-01-01,
 * each with the model fitted on every training match strictly before the block's first day (warm-started from the
 * previous block's fit). Nothing from a block's first day or later reaches its model.
 */
export function* forecastBlocks(
  training: readonly TrainingMatch[],
  tests: readonly FeedMatch[],
  settings: ModelSettings = DEFAULT_SETTINGS,
): Generator<ForecastBlock> {
  let previous: FittedModel | undefined;
  let k = 0;
  while (k < tests.length) {
    const day = Math.floor(Date.parse(tests[k]!.kickoffAt) / DAY);
    const blockStart = day - (day % REFIT_DAYS);
    const blockEnd = blockStart + REFIT_DAYS;
    const matches: FeedMatch[] = [];
    while (k < tests.length && Math.floor(Date.parse(tests[k]!.kickoffAt) / DAY) < blockEnd) matches.push(tests[k++]!);
    const started = performance.now();
    const model = fitRatings(training, {
      asOf: blockStart * DAY,
      season: matches[0]!.season,
      settings,
      warmStart: previous,
      alsoTeams: matches.flatMap((m) => [m.homeTeamId, m.awayTeamId]),
    });
    previous = model;
    yield { asOf: blockStart * DAY, matches, model, fitMilliseconds: performance.now() - started };
  }
}

/**
 * Walk-forward: for each block of REFIT_DAYS days holding a test match, fit on every result strictly before
 * the block's first day and predict the block's matches. No input ever comes from the match's day or later
 * (results, shots) and the market blend uses pre-match prices only; closing prices are only scored.
 */
export function walkForward(
  all: readonly FeedMatch[],
  testSeasons: readonly number[],
  settings: ModelSettings = DEFAULT_SETTINGS,
  options: { blendWeight?: number; requireWindow?: boolean } = {},
): BacktestResult {
  const seasons = new Set(all.map((m) => m.season));
  const missing = requiredEarlierSeasons(Math.min(...testSeasons), settings.windowDays).filter((s) => !seasons.has(s));
  // the tuning seasons (scripts/tune-tips.ts) have only the seasons from 2019-20 before them
  if (missing.length && options.requireWindow !== false) throw new MissingSeasons(all[0]?.leagueId ?? 0, missing);
  const training = trainingMatches(all);
  const tests = all
    .filter((m) => testSeasons.includes(m.season) && m.homeGoals !== null && m.awayGoals !== null)
    .sort((a, b) => Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt) || a.id - b.id);
  const firstTest = Math.min(...tests.map((m) => Date.parse(m.kickoffAt)));
  const before = training.filter((m) => m.time < firstTest - (firstTest % DAY));
  const counts = [0, 0, 0];
  for (const m of before.filter((m) => m.time >= firstTest - settings.windowDays * DAY)) counts[outcomeOf(m.homeGoals, m.awayGoals)]! += 1;
  const totalCount = counts[0]! + counts[1]! + counts[2]! || 1;
  const baseRate: OneXTwo = { home: counts[0]! / totalCount, draw: counts[1]! / totalCount, away: counts[2]! / totalCount };

  const rows: BacktestRow[] = [];
  let fits = 0;
  let fitMilliseconds = 0;
  for (const block of forecastBlocks(training, tests, settings)) {
    fits += 1;
    fitMilliseconds += block.fitMilliseconds;
    for (const match of block.matches) {
      const { markets } = predict(block.model, match.homeTeamId, match.awayTeamId, settings);
      const opening = impliedOneXTwo(match.opening);
      rows.push({
        match,
        date: match.kickoffAt.slice(0, 10),
        outcome: outcomeOf(match.homeGoals!, match.awayGoals!),
        model: markets,
        blend: blendOneXTwo(markets, opening, options.blendWeight),
        opening,
        closing: impliedOneXTwo(match.closing),
      });
    }
  }
  const compared = rows.filter((r) => r.opening && r.closing);
  const scoreOf = (pick: (r: BacktestRow) => OneXTwo) => score(compared.map((r) => ({ p: pick(r), outcome: r.outcome })));
  return {
    rows,
    fits,
    fitMilliseconds,
    baseRate,
    compared: {
      model: scoreOf((r) => r.model),
      blend: scoreOf((r) => r.blend),
      preMatch: scoreOf((r) => r.opening!),
      closing: scoreOf((r) => r.closing!),
      baseRate: scoreOf(() => baseRate),
    },
    toClosing: {
      model: pairedDifference(compared.map((r) => rps(r.model, r.outcome) - rps(r.closing!, r.outcome))),
      blend: pairedDifference(compared.map((r) => rps(r.blend, r.outcome) - rps(r.closing!, r.outcome))),
      preMatch: pairedDifference(compared.map((r) => rps(r.opening!, r.outcome) - rps(r.closing!, r.outcome))),
    },
  };
}

const fixed = (value: number) => value.toFixed(6);

/** CSV: date,home,away,pH,pD,pA,pOver25,pBTTS,variant (a model and a blend row per match). */
export function toCsv(rows: readonly BacktestRow[]): string {
  const lines = ['date,home,away,pH,pD,pA,pOver25,pBTTS,variant'];
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  for (const row of rows) {
    const base = [row.date, quote(row.match.homeTeam), quote(row.match.awayTeam)];
    const m = row.model;
    lines.push([...base, fixed(m.home), fixed(m.draw), fixed(m.away), fixed(m.over25), fixed(m.bttsYes), 'model'].join(','));
    const b = row.blend;
    lines.push([...base, fixed(b.home), fixed(b.draw), fixed(b.away), fixed(m.over25), fixed(m.bttsYes), 'blend'].join(','));
  }
  return `${lines.join('\n')}\n`;
}
