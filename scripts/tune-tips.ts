import type { FeedMatch } from '@matchday/contracts';
import { logLevelOf, readEnv, setLogLevel } from '@matchday/server';
import {
  blendOneXTwo,
  DEFAULT_SETTINGS,
  modelConstants as constants,
  rps,
  walkForward,
  type BacktestRow,
  type ModelSettings,
} from '@matchday/insights/model';
import { backtestEnvSchema, readLeague, withFootball } from './backtest';

/**
 * `npm run tune:tips`: re-derives the tuned constants of services/insights/src/model/constants.ts on the tuning
 * seasons only (TUNED_ON: Premier League and La Liga 2019-20 to 2021-22; every later match is dropped before
 * anything is fitted). Objective: the mean over the two leagues of the walk-forward model RPS on 2020-21 + 2021-22
 * (fitted on the seasons from 2019-20, the first stored). Coordinate descent over the grids below (a value is taken only if it gains MIN_GAIN) until a pass changes nothing (at most MAX_PASSES),
 * starting from START; then the blend weight on the chosen model's forecasts. Prints every grid
 * point and the result beside constants.ts. Reads the data like `npm run backtest` (FOOTBALL_URL or DATA_DIR).
 */
const LEAGUES = [39, 140];
const LAST_TUNING_SEASON = Math.max(...constants.TUNED_ON.seasons);

type Tuned = 'decay' | 'shotWeight' | 'ridge' | 'promoted' | 'marketWeight' | 'marketDecay' | 'marketRidge';

const GRIDS: Record<Tuned, number[]> = {
  decay: [0.001, 0.002, 0.003, 0.004, 0.006, 0.008, 0.01],
  shotWeight: [0.25, 0.4, 0.5, 0.6, 0.75],
  ridge: [0.05, 0.1, 0.25, 0.5, 1, 2],
  // the promoted prior: attack -p, defence +p
  promoted: [0, 0.1, 0.25, 0.4, 0.6],
  marketWeight: [0, 0.25, 0.5, 0.7, 0.8, 0.9, 1],
  marketDecay: [0.003, 0.006, 0.01, 0.02, 0.03, 0.05],
  marketRidge: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
};
/**
 * Where the search starts: the model's earlier settings (chosen on 2022-24, which are now test seasons), with the
 * market ratings off. A fixed start makes the result reproducible whatever constants.ts holds.
 */
const START: ModelSettings = {
  ...DEFAULT_SETTINGS,
  decay: 0.006,
  shotWeight: 0.5,
  ridge: 0.5,
  promotedAttack: -0.25,
  promotedDefence: 0.25,
  marketWeight: 0,
  marketDecay: 0.006,
  marketRidge: 0.5,
};
/** A value replaces the current one only if it lowers the mean RPS by this much (smaller gains are noise). */
const MIN_GAIN = 0.00005;
/** Passes over every grid, until one changes nothing. */
const MAX_PASSES = 5;
const BLEND_GRID = [0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8, 1];

const valueOf = (s: ModelSettings, key: Tuned) => (key === 'promoted' ? s.promotedDefence : s[key]);
const withValue = (s: ModelSettings, key: Tuned, value: number): ModelSettings =>
  key === 'promoted' ? { ...s, promotedAttack: -value, promotedDefence: value } : { ...s, [key]: value };

async function main(): Promise<number> {
  const env = readEnv(backtestEnvSchema);
  setLogLevel(logLevelOf(env));
  const started = performance.now();
  return withFootball(env, async (client) => {
    const leagues: FeedMatch[][] = [];
    for (const league of LEAGUES) {
      const feed = await readLeague(client, league);
      if (!feed) return 1;
      // the tuning seasons only: nothing from a test season is ever read below
      const matches = feed.matches.filter((m) => m.season <= LAST_TUNING_SEASON);
      const seasons = [...new Set(matches.map((m) => m.season))].sort();
      const missing = constants.TUNED_ON.seasons.filter((s) => !seasons.includes(s));
      if (missing.length) {
        console.error(`${feed.league.displayName}: seasons ${missing.join(', ')} are not imported (SP1-/E0-1920 ... 2122).`);
        return 1;
      }
      leagues.push(matches);
    }
    const runs = (settings: ModelSettings): BacktestRow[][] =>
      leagues.map((matches) => walkForward(matches, constants.TUNED_ON.scoredSeasons, settings, { requireWindow: false }).rows);
    const meanRps = (rowsByLeague: BacktestRow[][], pick: (r: BacktestRow) => Parameters<typeof rps>[0]) =>
      rowsByLeague.reduce((sum, rows) => {
        const scored = rows.filter((r) => r.opening && r.closing);
        return sum + scored.reduce((s, r) => s + rps(pick(r), r.outcome), 0) / scored.length;
      }, 0) / rowsByLeague.length;
    const objective = (settings: ModelSettings) => meanRps(runs(settings), (r) => r.model);

    let best = START;
    let bestScore = objective(best);
    console.log(`start (the earlier settings, market ratings off): mean model RPS ${bestScore.toFixed(5)}`);
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      const before = best;
      for (const key of Object.keys(GRIDS) as Tuned[]) {
        const line: string[] = [];
        for (const value of GRIDS[key]) {
          const candidate = withValue(best, key, value);
          const score = value === valueOf(best, key) ? bestScore : objective(candidate);
          line.push(`${value}: ${score.toFixed(5)}`);
          if (score < bestScore - MIN_GAIN) {
            best = candidate;
            bestScore = score;
          }
        }
        console.log(`pass ${pass} ${key.padEnd(12)} ${line.join('  ')}  -> ${valueOf(best, key)}`);
      }
      if (best === before) break;
    }
    const rows = runs(best);
    const blendScores = BLEND_GRID.map((w) => ({ w, score: meanRps(rows, (r) => blendOneXTwo(r.model, r.opening, w)) }));
    const blend = blendScores.reduce((a, b) => (b.score < a.score - MIN_GAIN ? b : a));
    console.log(`blend weight ${blendScores.map((b) => `${b.w}: ${b.score.toFixed(5)}`).join('  ')}  -> ${blend.w}`);
    console.log(
      `pre-match on the same matches: ${meanRps(rows, (r) => r.opening!).toFixed(5)}; closing ${meanRps(rows, (r) => r.closing!).toFixed(5)}`,
    );

    const chosen: Array<[string, number, number]> = [
      ['DECAY', best.decay, constants.DECAY],
      ['SHOT_WEIGHT', best.shotWeight, constants.SHOT_WEIGHT],
      ['RIDGE', best.ridge, constants.RIDGE],
      ['PROMOTED_ATTACK', best.promotedAttack, constants.PROMOTED_ATTACK],
      ['PROMOTED_DEFENCE', best.promotedDefence, constants.PROMOTED_DEFENCE],
      ['MARKET_DECAY', best.marketDecay, constants.MARKET_DECAY],
      ['MARKET_RIDGE', best.marketRidge, constants.MARKET_RIDGE],
      ['MARKET_WEIGHT', best.marketWeight, constants.MARKET_WEIGHT],
      ['BLEND_MODEL_WEIGHT', blend.w, constants.BLEND_MODEL_WEIGHT],
    ];
    console.log(`\nChosen on ${constants.TUNED_ON.seasons.join(', ')} (mean model RPS ${bestScore.toFixed(5)}):`);
    for (const [name, value, current] of chosen)
      console.log(
        `  ${name.padEnd(20)} ${String(value).padEnd(8)} ${value === current ? '(as in constants.ts)' : `(constants.ts has ${current})`}`,
      );
    console.log(`\nTuning took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
