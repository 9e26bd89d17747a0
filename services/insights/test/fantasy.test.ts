import { bootstrapMean, parseCsv } from '../src/fantasy/backtest';
import { expectedPoints } from '../src/fantasy/expected';

const line = (minutes: number, started: boolean, goals = 0) => ({
  minutes,
  started,
  goals,
  assists: 0,
  goalsConceded: 0,
  saves: 0,
  yellowCards: 0,
  redCards: 0,
});
const context = { teamGoals: 1.4, opponentGoals: 1.4, averageGoals: 1.4 };

describe('expected Dream11 points', () => {
  it('a regular starter expects more than a bench player of the same role, and nothing without matches', () => {
    const starter = expectedPoints({ role: 'MID', lines: [line(90, true), line(90, true), line(85, true)] }, context);
    const bench = expectedPoints({ role: 'MID', lines: [null, line(10, false), null] }, context);
    expect(starter.startProbability).toBe(1);
    expect(bench.startProbability).toBe(0);
    expect(starter.points).toBeGreaterThan(bench.points);
    expect(expectedPoints({ role: 'MID', lines: [] }, context).points).toBe(0);
  });

  it('follows the match: a striker expects more against a weak defence, a defender more against a weak attack', () => {
    const striker = { role: 'FWD' as const, lines: [line(90, true, 1), line(90, true), line(90, true, 1)] };
    expect(expectedPoints(striker, { ...context, teamGoals: 2.2 }).points).toBeGreaterThan(
      expectedPoints(striker, { ...context, teamGoals: 0.9 }).points,
    );
    const defender = { role: 'DEF' as const, lines: [line(90, true), line(90, true)] };
    expect(expectedPoints(defender, { ...context, opponentGoals: 0.6 }).points).toBeGreaterThan(
      expectedPoints(defender, { ...context, opponentGoals: 2 }).points,
    );
  });

  it('shrinks a cameo goal towards the role prior', () => {
    const cameo = expectedPoints({ role: 'DEF', lines: [line(5, false, 1)] }, context);
    const regular = expectedPoints({ role: 'FWD', lines: [line(90, true, 1), line(90, true, 1), line(90, true, 1)] }, context);
    expect(cameo.points).toBeLessThan(regular.points);
  });
});

describe('backtest helpers', () => {
  it('parses quoted CSV fields', () => {
    expect(parseCsv('a,b\n"x, y",2\n"say ""hi""",3\n')).toEqual([
      { a: 'x, y', b: '2' },
      { a: 'say "hi"', b: '3' },
    ]);
  });

  it('bootstrap interval brackets the mean and is deterministic', () => {
    const values = Array.from({ length: 200 }, (_, k) => (k % 7) - 2);
    const a = bootstrapMean(values);
    expect(a).toEqual(bootstrapMean(values));
    expect(a.low).toBeLessThan(a.mean);
    expect(a.high).toBeGreaterThan(a.mean);
    expect(bootstrapMean([3, 3, 3])).toEqual({ mean: 3, low: 3, high: 3 });
  });
});
