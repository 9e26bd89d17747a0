import fs from 'node:fs';
import path from 'node:path';
import { bootstrapMean, parseCsv, runFantasyBacktest } from '../src/fantasy/backtest';
import { expectedPoints, totalsOf } from '../src/fantasy/expected';

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

describe('expected Dream11 points from chances and line-ups', () => {
  const chance = (minutes: number, started: boolean, expectedGoals: number, expectedAssists = 0) => ({
    ...line(minutes, started),
    expectedGoals,
    expectedAssists,
  });

  it('a confirmed starter expects more than the same player left out of the XI, who can only come on', () => {
    const history = { role: 'MID' as const, lines: [chance(90, true, 0.3), null, chance(20, false, 0.1)] };
    const starting = expectedPoints({ ...history, lineup: 'starting' }, context);
    const benched = expectedPoints({ ...history, lineup: 'not-starting' }, context);
    const predicted = expectedPoints(history, context);
    expect(starting.startProbability).toBe(1);
    expect(benched.startProbability).toBe(0);
    expect(starting.points).toBeGreaterThan(predicted.points);
    expect(predicted.points).toBeGreaterThan(benched.points);
  });

  it('reads chances, not only goals: more xG per 90 with the same goals expects more', () => {
    const lines = (xg: number) => [chance(90, true, xg), chance(90, true, xg), chance(90, true, xg), chance(90, true, xg)];
    const wasteful = expectedPoints({ role: 'FWD', lines: lines(0.8), lineup: 'starting' }, context);
    const quiet = expectedPoints({ role: 'FWD', lines: lines(0.05), lineup: 'starting' }, context);
    expect(wasteful.points).toBeGreaterThan(quiet.points + 5);
  });

  it("leans on last season's per-90 when he has few minutes this season", () => {
    // last season: 0.6 xG and 0.6 goals per 90 over 30 full matches
    const previous = totalsOf(Array.from({ length: 30 }, (_, k) => ({ ...chance(90, true, 0.6, 0.2), goals: k % 5 < 3 ? 1 : 0 })));
    const newcomer = { role: 'FWD' as const, lines: [chance(30, true, 0)], lineup: 'starting' as const };
    expect(expectedPoints({ ...newcomer, previous }, context).points).toBeGreaterThan(expectedPoints(newcomer, context).points + 2);
  });

  it('starts from the price where he has few minutes: a 12.0m midfielder expects more than a 5.0m one, and no price is the mean', () => {
    const newcomer = { role: 'MID' as const, lines: [chance(20, true, 0)], lineup: 'starting' as const };
    const star = expectedPoints({ ...newcomer, price: 120 }, context).points;
    const cheap = expectedPoints({ ...newcomer, price: 50 }, context).points;
    const unpriced = expectedPoints(newcomer, context).points;
    expect(star).toBeGreaterThan(cheap + 3);
    expect(unpriced).toBeGreaterThan(cheap);
    expect(unpriced).toBeLessThan(star);
    // with a season of minutes his own chances decide, the price only nudges
    const regular = { role: 'MID' as const, lines: Array.from({ length: 20 }, () => chance(90, true, 0.1)), lineup: 'starting' as const };
    expect(
      expectedPoints({ ...regular, price: 120 }, context).points - expectedPoints({ ...regular, price: 50 }, context).points,
    ).toBeLessThan(star - cheap);
  });

  it("follows the model: goals with his side's expected goals over its typical level, clean sheets with P(opponent scores 0)", () => {
    const forward = { role: 'FWD' as const, lines: [chance(90, true, 0.5)], lineup: 'starting' as const };
    const base = { ...context, teamTypicalGoals: 1.4 };
    expect(expectedPoints(forward, { ...base, teamGoals: 2.1 }).points).toBeGreaterThan(
      expectedPoints(forward, { ...base, teamGoals: 1.4 }).points,
    );
    const defender = { role: 'DEF' as const, lines: [chance(90, true, 0)], lineup: 'starting' as const };
    expect(expectedPoints(defender, { ...context, opponentBlank: 0.45 }).points).toBeGreaterThan(
      expectedPoints(defender, { ...context, opponentBlank: 0.2 }).points + 4,
    );
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

describe('Dream11 backtest: nothing from after lock', () => {
  const data = path.join(__dirname, '..', '..', '..', '..', 'shared', 'data');
  const read = (file: string) => parseCsv(fs.readFileSync(path.join(data, file), 'utf8'));
  const seasons = ['2122', '2223', '2324', '2425'];
  const teamNames = path.join(data, 'mappings', 'pl_team_names.csv');
  // what FPL and football-data.co.uk say of a match only once it is played
  const OUTCOMES = [
    'minutes',
    'goals_scored',
    'assists',
    'expected_goals',
    'expected_assists',
    'expected_goal_involvements',
    'expected_goals_conceded',
    'goals_conceded',
    'saves',
    'yellow_cards',
    'red_cards',
    'own_goals',
    'penalties_saved',
    'penalties_missed',
    'clean_sheets',
    'total_points',
    'bonus',
    'bps',
    'team_h_score',
    'team_a_score',
    'xP',
  ];

  it('makes the same picks when every row after lock is removed and the match itself is scrambled', async () => {
    const current = read('fpl/2024-25/merged_gw.csv');
    const previous = read('fpl/2023-24/merged_gw.csv');
    const results = seasons.map((s) => read(`football-data-co-uk/E0-${s}.csv`));
    // a gameweek-12 fixture and the fixtures of its day
    const target = current.find((r) => r.GW === '12' && r.was_home === 'True')!;
    const kickoff = Date.parse(target.kickoff_time!);
    const day = new Date(kickoff).toISOString().slice(0, 10);
    const only = (key: string) => key.startsWith(day);
    const full = await runFantasyBacktest({ current, previous, fromGameweek: 6, results: { files: results, teamNames }, only });
    expect(full.length).toBeGreaterThan(0);

    let seed = 7;
    const noise = () => String((seed = (seed * 48271) % 2147483647) % 5);
    const atLock = current
      // every match kicking off after the first of that day is gone; those of the day are known only as sheets
      .filter((r) => Date.parse(r.kickoff_time!) < Date.parse(`${day}T00:00:00Z`) || r.kickoff_time!.startsWith(day))
      .map((r) => (r.kickoff_time!.startsWith(day) ? { ...r, ...Object.fromEntries(OUTCOMES.map((c) => [c, noise()])) } : r));
    const [dd, mm, yyyy] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
    const before = (r: Record<string, string>) => {
      const [d, m, y] = r.Date!.split('/');
      return `${y}-${m}-${d}` < `${yyyy}-${mm}-${dd}`;
    };
    const resultsAtLock = results.map((file) => file.filter(before));
    const truncated = await runFantasyBacktest({
      current: atLock,
      previous,
      fromGameweek: 6,
      results: { files: resultsAtLock, teamNames },
      only,
    });
    expect(truncated.map((r) => r.key)).toEqual(full.map((r) => r.key));
    expect(truncated.map((r) => r.pick)).toEqual(full.map((r) => r.pick));
    // and the scrambling reached the scoring (so the test would see a pick that read it)
    expect(truncated.map((r) => r.hindsight)).not.toEqual(full.map((r) => r.hindsight));
  }, 120_000);
});
