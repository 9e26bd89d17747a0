/**
 * `@matchday/insights/model`: the tips model and the Dream11 picks for the command line: the walk-forward backtest
 * (`npm run backtest`), the tuning of the model's constants (`npm run tune:tips`) and the Dream11 backtest
 * (`npm run backtest:dream11`).
 */
export * as modelConstants from './src/model/constants';
export { BLEND_MODEL_WEIGHT, REFIT_DAYS } from './src/model/constants';
export { DEFAULT_SETTINGS, type ModelSettings } from './src/model/dixon-coles';
export { blendOneXTwo } from './src/model/market';
export { rps, type Scores } from './src/model/metrics';
export { MissingSeasons, toCsv, walkForward, type BacktestResult, type BacktestRow } from './src/model/walk-forward';
export { formatFantasyBacktest, runFantasyBacktest } from './src/fantasy/backtest';
export { stopSolver } from './src/fantasy/optimiser';
