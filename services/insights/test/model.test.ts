import { DEFAULT_SETTINGS, fitDixonColes, marketsFromMatrix, scoreMatrix, tau, type ModelSettings } from '../src/model/dixon-coles';
import { blendOneXTwo, impliedOneXTwo } from '../src/model/market';
import { brier, calibrationBins, calibrationError, logLoss, rps } from '../src/model/metrics';
import { trainingMatches, walkForward, toCsv, MissingSeasons } from '../src/model/walk-forward';
import { syntheticLeague } from './synthetic';

const attack = [0.4, 0.2, 0.1, 0, -0.1, -0.2, -0.15, -0.25];
const defence = [-0.35, -0.2, 0, 0.05, 0.1, 0.1, 0.15, 0.15];
const centred = (values: number[]) => values.map((v) => v - values.reduce((s, x) => s + x, 0) / values.length);

describe('Dixon-Coles fit on a hand-made league with known strengths', () => {
  const matches = syntheticLeague({ attack, defence, seasons: Array.from({ length: 30 }, (_, k) => 1990 + k), seed: 7 });
  const settings: ModelSettings = { ...DEFAULT_SETTINGS, decay: 0, ridge: 0.01, windowDays: 40 * 365 };
  const model = fitDixonColes(trainingMatches(matches), { asOf: Date.UTC(2030, 0, 1), season: 2030, settings });

  it('recovers attack, defence and home advantage', () => {
    const fittedAttack = centred(attack.map((_, k) => model.attack.get(k + 1)!));
    const fittedDefence = centred(defence.map((_, k) => model.defence.get(k + 1)!));
    centred(attack).forEach((a, k) => expect(Math.abs(fittedAttack[k]! - a)).toBeLessThan(0.12));
    centred(defence).forEach((d, k) => expect(Math.abs(fittedDefence[k]! - d)).toBeLessThan(0.12));
    expect(Math.abs(model.homeAdvantage - 0.3)).toBeLessThan(0.06);
    // goals were drawn without a low-score dependence
    expect(Math.abs(model.rho)).toBeLessThan(0.08);
  });

  it('ranks the strongest side first', () => {
    const best = [...model.attack.keys()].sort(
      (a, b) => model.attack.get(b)! - model.defence.get(b)! - (model.attack.get(a)! - model.defence.get(a)!),
    )[0];
    expect(best).toBe(1);
  });

  it('gives a promoted club the promoted prior when it has no matches', () => {
    const fit = fitDixonColes(trainingMatches(matches), {
      asOf: Date.UTC(2030, 0, 1),
      season: 2030,
      settings: { ...settings, ridge: 2 },
      alsoTeams: [99],
    });
    const others = [...fit.attack.entries()].filter(([id]) => id !== 99).map(([, a]) => a);
    expect(fit.attack.get(99)).toBeCloseTo(DEFAULT_SETTINGS.promotedAttack, 6);
    expect(fit.defence.get(99)).toBeCloseTo(DEFAULT_SETTINGS.promotedDefence, 6);
    expect(Math.min(...others)).toBeGreaterThan(-1);
  });
});

describe('score matrix and markets', () => {
  it('tau is 1 outside the four low scores and matches Dixon-Coles on them', () => {
    expect(tau(2, 0, 1.5, 1.1, -0.1)).toBe(1);
    expect(tau(0, 0, 1.5, 1.1, -0.1)).toBeCloseTo(1 + 1.5 * 1.1 * 0.1, 12);
    expect(tau(1, 1, 1.5, 1.1, -0.1)).toBeCloseTo(1.1, 12);
  });

  it('independent Poisson with rho 0: P(0-0) = exp(-l-m) and markets add up', () => {
    const matrix = scoreMatrix(1.4, 1.1, 0, 12);
    expect(matrix[0]![0]).toBeCloseTo(Math.exp(-2.5), 6);
    const m = marketsFromMatrix(matrix);
    expect(m.home + m.draw + m.away).toBeCloseTo(1, 9);
    expect(m.over25 + m.under25).toBeCloseTo(1, 9);
    // P(total <= 2) for Poisson(2.5)
    expect(m.under25).toBeCloseTo(Math.exp(-2.5) * (1 + 2.5 + 2.5 ** 2 / 2), 5);
    expect(m.bttsYes).toBeCloseTo((1 - Math.exp(-1.4)) * (1 - Math.exp(-1.1)), 5);
    expect(m.homeMinus1).toBeLessThan(m.home);
    expect(m.homeMinus1 + m.homeMinus1Push).toBeCloseTo(m.home, 9);
  });
});

describe('market and metrics', () => {
  it('removes the overround proportionally and blends geometrically', () => {
    const p = impliedOneXTwo({
      bookmaker: 'B365',
      home: 2,
      draw: 4,
      away: 4,
      over25: null,
      under25: null,
      ahLine: null,
      ahHome: null,
      ahAway: null,
    })!;
    expect(p.home).toBeCloseTo(0.5, 12);
    expect(p.draw).toBeCloseTo(0.25, 12);
    const b = blendOneXTwo({ home: 0.5, draw: 0.25, away: 0.25 }, p);
    expect(b.home).toBeCloseTo(0.5, 12);
    expect(blendOneXTwo({ home: 0.6, draw: 0.2, away: 0.2 }, null).home).toBe(0.6);
  });

  it('RPS, log-loss and Brier of known forecasts', () => {
    expect(rps({ home: 1, draw: 0, away: 0 }, 0)).toBe(0);
    expect(rps({ home: 0, draw: 0, away: 1 }, 0)).toBe(1);
    expect(rps({ home: 0.5, draw: 0.3, away: 0.2 }, 1)).toBeCloseTo((0.25 + 0.04) / 2, 12);
    expect(logLoss({ home: 0.5, draw: 0.3, away: 0.2 }, 2)).toBeCloseTo(-Math.log(0.2), 12);
    expect(brier({ home: 0.5, draw: 0.3, away: 0.2 }, 0)).toBeCloseTo(0.25 + 0.09 + 0.04, 12);
  });

  it('calibration error weights each bin by its count', () => {
    const forecasts = [
      { p: { home: 0.55, draw: 0.25, away: 0.2 }, outcome: 0 as const },
      { p: { home: 0.55, draw: 0.25, away: 0.2 }, outcome: 2 as const },
    ];
    const bins = calibrationBins(forecasts);
    expect(bins.map((b) => b.bin)).toEqual([2, 5]);
    // bin 2: six probabilities 0.25/0.2 mean 0.225, one hit of... observed 1/4; bin 5: 0.55 vs 1/2
    const total = bins.reduce((s, b) => s + b.count, 0);
    expect(total).toBe(6);
    expect(calibrationError(bins)).toBeCloseTo((100 * (4 * Math.abs(0.225 - 0.25) + 2 * 0.05)) / 6, 9);
  });
});

describe('walk-forward backtest', () => {
  const league = syntheticLeague({ attack, defence, seasons: [2019, 2020, 2021, 2022, 2023], seed: 11, withOdds: true });

  it('stops when the seasons before the first one are missing', () => {
    expect(() =>
      walkForward(
        league.filter((m) => m.season >= 2021),
        [2022, 2023],
      ),
    ).toThrow(MissingSeasons);
  });

  it('has no look-ahead: removing or changing later matches leaves every earlier probability unchanged', () => {
    const full = walkForward(league, [2023]);
    const cut = Date.UTC(2023, 8, 20);
    const truncated = walkForward(
      league.filter((m) => Date.parse(m.kickoffAt) < cut),
      [2023],
    );
    const altered = walkForward(
      league.map((m) => (Date.parse(m.kickoffAt) >= cut ? { ...m, homeGoals: 9, awayGoals: 0, opening: null } : m)),
      [2023],
    );
    expect(truncated.rows.length).toBeGreaterThan(20);
    expect(full.rows.length).toBeGreaterThan(truncated.rows.length);
    truncated.rows.forEach((row, k) => {
      for (const other of [full.rows[k]!, altered.rows[k]!]) {
        expect(other.match.id).toBe(row.match.id);
        expect(Math.abs(other.model.home - row.model.home)).toBeLessThan(1e-6);
        expect(Math.abs(other.model.over25 - row.model.over25)).toBeLessThan(1e-6);
        expect(Math.abs(other.blend.away - row.blend.away)).toBeLessThan(1e-6);
      }
    });
  });

  it('is deterministic and writes the CSV columns of the issue', () => {
    const a = toCsv(walkForward(league, [2023]).rows);
    const b = toCsv(walkForward(league, [2023]).rows);
    expect(a).toBe(b);
    const lines = a.trim().split('\n');
    expect(lines[0]).toBe('date,home,away,pH,pD,pA,pOver25,pBTTS,variant');
    expect(lines[1]).toMatch(/^2023-\d\d-\d\d,Team \d,Team \d,0\.\d{6},0\.\d{6},0\.\d{6},0\.\d{6},0\.\d{6},model$/);
    expect(lines[2]).toMatch(/,blend$/);
  });

  it('beats the base rate on a league with real strength differences', () => {
    const result = walkForward(league, [2022, 2023]);
    expect(result.compared.model.rps).toBeLessThan(result.compared.baseRate.rps);
  });
});
