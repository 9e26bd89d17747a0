import fs from 'node:fs';
import path from 'node:path';
import * as constants from '../src/model/constants';
import { DEFAULT_SETTINGS } from '../src/model/dixon-coles';

const MODEL_DIR = path.join(__dirname, '..', 'src', 'model');
const BACKTEST = path.join(__dirname, '..', '..', '..', 'scripts', 'backtest.ts');

/**
 * Numbers the model code may write itself: structural ones (the market definitions such as "3 or more goals", the
 * 10 calibration bins, a percentage, a day in ms, days in a season's year, the CSV's 6 decimals, guards against
 * log(0)). Anything else is a choice, and a choice belongs in constants.ts with the seasons it was made on.
 */
const STRUCTURAL = new Set([0, 1, 2, 3, 6, 9, 10, 100, 365, 86_400_000, 1e-9, 1e-15]);

/** Source without comments, strings and template text (numbers inside `${}` stay). */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/.*$/gm, ' ')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/`(?:[^`\\$]|\\.|\$(?!\{))*`/g, '``');
}

function numbersIn(source: string): number[] {
  const literals = code(source).match(/(?<![\w.])(?:\d[\d_]*\.?\d*(?:e-?\d+)?|\.\d+)(?![\w.])/gi) ?? [];
  return literals.map((text) => Number(text.replace(/_/g, '')));
}

describe('every constant of the tips model is in constants.ts (chosen on 2019-20 to 2021-22)', () => {
  it('records the seasons the constants were chosen on, all before the test seasons', () => {
    expect(constants.TUNED_ON.seasons).toEqual([2019, 2020, 2021]);
    expect(Math.max(...constants.TUNED_ON.scoredSeasons)).toBeLessThan(2022);
    expect(constants.TUNED_ON.how).toMatch(/scripts\/tune-tips\.ts/);
  });

  it('makes the default settings from constants.ts only', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      decay: constants.DECAY,
      shotWeight: constants.SHOT_WEIGHT,
      shotGoalRate: null,
      ridge: constants.RIDGE,
      promotedAttack: constants.PROMOTED_ATTACK,
      promotedDefence: constants.PROMOTED_DEFENCE,
      windowDays: constants.WINDOW_DAYS,
      marketDecay: constants.MARKET_DECAY,
      marketRidge: constants.MARKET_RIDGE,
      marketWeight: constants.MARKET_WEIGHT,
    });
  });

  it('finds no other number in the model code', () => {
    const files = fs.readdirSync(MODEL_DIR).filter((f) => f.endsWith('.ts') && f !== 'constants.ts');
    expect(files).toEqual(expect.arrayContaining(['dixon-coles.ts', 'market.ts', 'ratings.ts', 'walk-forward.ts']));
    const stray = files.flatMap((file) =>
      numbersIn(fs.readFileSync(path.join(MODEL_DIR, file), 'utf8'))
        .filter((n) => !STRUCTURAL.has(n))
        .map((n) => `${file}: ${n}`),
    );
    expect(stray).toEqual([]);
  });

  it('catches a number written into the model code (the check itself works)', () => {
    expect(numbersIn('const w = 0.35; // 0.5 in a comment\nconst s = `${0.7}` + "0.9";')).toEqual([0.35, 0.7]);
  });

  it('runs the backtest on the default settings and the constants.ts blend weight, never its own', () => {
    const source = fs.readFileSync(BACKTEST, 'utf8');
    const calls = source.match(/walkForward\([^)]*\)/g) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatch(/^walkForward\([\w.]+, [\w.]+, DEFAULT_SETTINGS\)$/);
    expect(source).not.toMatch(/\.\.\.DEFAULT_SETTINGS|blendWeight|ModelSettings/);
  });
});
