import fs from 'node:fs';
import type { FantasyRole } from '@matchday/contracts';
import type { FittedModel, TrainingMatch } from '../model/dixon-coles';
import { fitRatings, impliedGoals } from '../model/ratings';
import { addLine, emptyTotals, expectedPoints, type RateTotals } from './expected';
import { matchContexts } from './match-context';
import { greedy, optimise, type Candidate, type Selection } from './optimiser';
import { creditsOf, dream11Points, roleOf, type MatchLine } from './scoring';

/**
 * Dream11 backtest on FPL gameweeks: for every fixture from gameweek `fromGameweek` on, one XI
 * from each method, scored on the players' realised Dream11 points with captain x2 and vice-captain x1.5:
 * - model: the integer program on expected points from chances (expected.ts: per-90 xG and xA shrunk towards
 *   the position's mean, last season as a prior, scaled by the Dixon-Coles expected goals of the side in this
 *   fixture, clean sheet from the model's P(opponent scores 0)), with the starting XI as announced an hour
 *   before kick-off (FPL's `starts` of the fixture: the only thing read from its own rows, with the prices);
 * - predicted: the same before the line-ups (start probability from the side's last matches);
 * - greedy: points per credit on the model's expected points;
 * - form: the integer program on the mean points of the side's last 5 matches;
 * - hindsight: the integer program on the realised points (the best XI possible).
 * Everything else comes from fixtures of earlier days: player rows, scores, and the app's ratings (model/ratings.ts,
 * fitted on matches before the day; with `results`, football-data.co.uk results, shots on target and Bet365 closing
 * prices of those earlier matches). The FPL `xP` column is never read (scraped after the gameweek), no price of the
 * fixture or a later one is read, and
 * assistant-manager rows (`AM`) are left out. test/fantasy.test.ts removes every later row and scrambles the
 * fixture's own outcomes and gets the same picks.
 */
export function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.filter((r) => r.length === header!.length).map((r) => Object.fromEntries(header!.map((h, k) => [h, r[k]!])));
}

export interface GwRow {
  season: string;
  element: number;
  name: string;
  role: FantasyRole;
  team: string;
  fixture: number;
  kickoff: number;
  round: number;
  home: boolean;
  price: number;
  line: MatchLine;
}

interface Fixture {
  key: string;
  season: string;
  round: number;
  kickoff: number;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  rows: GwRow[];
}

/** One row per player per fixture (the FPL `xP` column is never read; `AM` rows are left out). */
export function seasonRows(table: ReadonlyArray<Record<string, string>>, season: string): GwRow[] {
  const numberOrNull = (value: string | undefined) => (value === undefined || value === '' ? null : Number(value));
  return table
    .filter((r) => r.position !== 'AM')
    .map((r) => ({
      season,
      element: Number(r.element),
      name: r.name!,
      role: roleOf(r.position!),
      team: r.team!,
      fixture: Number(r.fixture),
      kickoff: Date.parse(r.kickoff_time!),
      round: Number(r.GW ?? r.round),
      home: r.was_home === 'True',
      price: Number(r.value),
      line: {
        minutes: Number(r.minutes),
        started: Number(r.starts ?? (Number(r.minutes) >= 60 ? 1 : 0)) === 1,
        goals: Number(r.goals_scored),
        assists: Number(r.assists),
        goalsConceded: Number(r.goals_conceded),
        saves: Number(r.saves),
        yellowCards: Number(r.yellow_cards),
        redCards: Number(r.red_cards),
        ownGoals: Number(r.own_goals),
        penaltiesSaved: Number(r.penalties_saved),
        penaltiesMissed: Number(r.penalties_missed),
        expectedGoals: numberOrNull(r.expected_goals),
        expectedAssists: numberOrNull(r.expected_assists),
      },
    }));
}

export function loadSeason(file: string, season: string): GwRow[] {
  return seasonRows(parseCsv(fs.readFileSync(file, 'utf8')), season);
}

/** Each fixture's score from the FPL rows (`team_h_score`, `team_a_score`). */
export function scoresOf(table: ReadonlyArray<Record<string, string>>, season: string): Map<string, [number, number]> {
  const map = new Map<string, [number, number]>();
  for (const r of table) if (r.position !== 'AM') map.set(`${season}:${r.fixture}`, [Number(r.team_h_score), Number(r.team_a_score)]);
  return map;
}

function fixturesOf(rows: GwRow[], scores: Map<string, [number, number]>): Fixture[] {
  const byKey = new Map<string, Fixture>();
  for (const row of rows) {
    const key = `${row.season}:${row.fixture}`;
    let fixture = byKey.get(key);
    if (!fixture) {
      const [homeGoals, awayGoals] = scores.get(key) ?? [0, 0];
      fixture = { key, season: row.season, round: row.round, kickoff: row.kickoff, home: '', away: '', homeGoals, awayGoals, rows: [] };
      byKey.set(key, fixture);
    }
    if (row.home) fixture.home = row.team;
    else fixture.away = row.team;
    fixture.rows.push(row);
  }
  return [...byKey.values()].filter((f) => f.home && f.away).sort((a, b) => a.kickoff - b.kickoff || a.key.localeCompare(b.key));
}

export interface FixtureResult {
  key: string;
  /** Integer program on expected points from chances, with the XI confirmed an hour before kick-off. */
  model: number;
  /** The same before line-ups (predicted XI). */
  predicted: number;
  /** Greedy points per credit on the model's expected points. */
  greedy: number;
  hindsight: number;
  /** Integer program on each player's mean points over his side's last 5 matches. */
  form: number;
  /** The model's XI (ids, captain, vice-captain). */
  pick: Selection | null;
  solveMs: number;
  /** Greedy's XI (ids, captain, vice-captain). */
  greedyPick: Selection | null;
  /** The objective (expected points with C x2 and VC x1.5) of the model's and of greedy's XI. */
  expected: { model: number; greedy: number };
}

/** Realised points of an XI with captain x2 and vice-captain x1.5 (every picked player needs an entry in `points`). */
export function realised(selection: Selection | null, points: ReadonlyMap<number, number>): number {
  if (!selection) return 0;
  return (
    selection.ids.reduce((s, id) => s + points.get(id)!, 0) + points.get(selection.captainId)! + 0.5 * points.get(selection.viceCaptainId)!
  );
}

/** How long before kick-off the line-ups are out (Dream11 locks at kick-off). */
export const LINEUP_LEAD_MS = 60 * 60_000;

/**
 * What is known of a fixture at lock: the players on its sheet with their prices, and its starting XI (out
 * at kick-off - LINEUP_LEAD_MS, before the lock at kick-off). Nothing else of the fixture's own rows is read.
 */
export interface AtLock {
  element: number;
  name: string;
  role: FantasyRole;
  team: string;
  price: number;
  /** True when he is in the announced XI. */
  starting: boolean;
}

export function atLock(row: GwRow): AtLock {
  return { element: row.element, name: row.name, role: row.role, team: row.team, price: row.price, starting: row.line.started };
}

/** football-data.co.uk rows as training matches (day of the match at 00:00 UTC; shots on target kept). */
function footballDataMatches(
  files: ReadonlyArray<string | ReadonlyArray<Record<string, string>>>,
  teamId: (name: string) => number,
): TrainingMatch[] {
  const out: TrainingMatch[] = [];
  files.forEach((file, index) => {
    for (const r of typeof file === 'string' ? parseCsv(fs.readFileSync(file, 'utf8')) : file) {
      const [d, m, y] = (r.Date ?? '').split('/').map(Number);
      if (!d || !m || !y || r.FTHG === '' || r.FTHG === undefined) continue;
      const shots = (value: string | undefined) => (value === undefined || value === '' ? null : Number(value));
      const price = (value: string | undefined) => (value === undefined || value === '' ? null : Number(value));
      // the closing prices, read only as a match already played (the shared ratings' market fit)
      const implied = impliedGoals({
        bookmaker: 'B365',
        home: price(r.B365CH),
        draw: price(r.B365CD),
        away: price(r.B365CA),
        over25: price(r['B365C>2.5']),
        under25: price(r['B365C<2.5']),
        ahLine: null,
        ahHome: null,
        ahAway: null,
      });
      out.push({
        time: Date.UTC(y < 100 ? 2000 + y : y, m - 1, d),
        season: index + 1,
        home: teamId(r.HomeTeam!),
        away: teamId(r.AwayTeam!),
        homeGoals: Number(r.FTHG),
        awayGoals: Number(r.FTAG),
        homeShotsOnTarget: shots(r.HST),
        awayShotsOnTarget: shots(r.AST),
        homeMarketGoals: implied?.home ?? null,
        awayMarketGoals: implied?.away ?? null,
      });
    }
  });
  return out.sort((a, b) => a.time - b.time);
}

/** FPL club name -> football-data.co.uk club name (unknown names stay as they are). */
function fplToFootballData(file: string): (name: string) => string {
  const map = new Map<string, string>();
  for (const r of parseCsv(fs.readFileSync(file, 'utf8'))) if (r.fpl && r.football_data) map.set(r.fpl, r.football_data);
  return (name) => map.get(name) ?? name;
}

export interface FantasyBacktestOptions {
  /** FPL `merged_gw.csv` of the season scored, and of the season before (prior and model history). */
  current: string | ReadonlyArray<Record<string, string>>;
  previous?: string | ReadonlyArray<Record<string, string>>;
  fromGameweek: number;
  recent?: number;
  /**
   * The goals model's history as the app has it: football-data.co.uk files (oldest first, the last one the
   * season scored) with shots on target, and the FPL-to-football-data club names
   * (`data/mappings/pl_team_names.csv`). Without them the model learns from the FPL scores alone.
   */
  results?: { files: ReadonlyArray<string | ReadonlyArray<Record<string, string>>>; teamNames: string };
  /** Score only these fixtures (by `YYYY-MM-DD Home v Away`); default all from `fromGameweek`. */
  only?: (key: string) => boolean;
}

export async function runFantasyBacktest(options: FantasyBacktestOptions): Promise<FixtureResult[]> {
  const tableOf = (source: string | ReadonlyArray<Record<string, string>>) =>
    typeof source === 'string' ? parseCsv(fs.readFileSync(source, 'utf8')) : source;
  const currentTable = tableOf(options.current);
  const previousTable = options.previous ? tableOf(options.previous) : [];
  const current = seasonRows(currentTable, 'current');
  const scores = scoresOf(currentTable, 'current');
  const previous = seasonRows(previousTable, 'previous');
  for (const [k, v] of scoresOf(previousTable, 'previous')) scores.set(k, v);
  const all = fixturesOf([...previous, ...current], scores);
  const teamIds = new Map<string, number>();
  const teamId = (name: string) => teamIds.get(name) ?? (teamIds.set(name, teamIds.size + 1), teamIds.size);
  const training: TrainingMatch[] = options.results
    ? footballDataMatches(options.results.files, teamId)
    : all.map((f) => ({
        time: f.kickoff,
        season: f.season === 'current' ? 2 : 1,
        home: teamId(f.home),
        away: teamId(f.away),
        homeGoals: f.homeGoals,
        awayGoals: f.awayGoals,
        homeShotsOnTarget: null,
        awayShotsOnTarget: null,
      }));
  const clubOf = options.results ? fplToFootballData(options.results.teamNames) : (name: string) => name;
  const modelSeason = options.results ? options.results.files.length : 2;
  // last season's totals per player (by name: FPL ids change between seasons)
  const previousTotals = new Map<string, RateTotals>();
  for (const row of previous)
    addLine(previousTotals.get(row.name) ?? (previousTotals.set(row.name, emptyTotals()), previousTotals.get(row.name)!), row.line);
  const recent = options.recent ?? 5;
  const fits = new Map<number, FittedModel>();
  let previousFit: FittedModel | undefined;
  const results: FixtureResult[] = [];
  const currentFixtures = all.filter((f) => f.season === 'current');
  const keyOf = (f: Fixture) => `${new Date(f.kickoff).toISOString().slice(0, 10)} ${f.home} v ${f.away}`;
  for (const fixture of currentFixtures.filter((f) => f.round >= options.fromGameweek)) {
    const key = keyOf(fixture);
    if (options.only && !options.only(key)) continue;
    // everything read below comes from fixtures of earlier days, except the fixture's sheet at lock
    const day = Math.floor(fixture.kickoff / 86_400_000) * 86_400_000;
    const earlier = currentFixtures.filter((f) => f.kickoff < day);
    let model = fits.get(day);
    if (!model) {
      model = fitRatings(
        training.filter((m) => m.time < day),
        { asOf: day, season: modelSeason, warmStart: previousFit, alsoTeams: [teamId(clubOf(fixture.home)), teamId(clubOf(fixture.away))] },
      );
      fits.set(day, model);
      previousFit = model;
    }
    const home = teamId(clubOf(fixture.home));
    const away = teamId(clubOf(fixture.away));
    const before = training.filter((m) => m.time < day).slice(-380);
    const averageGoals = before.reduce((s, m) => s + m.homeGoals + m.awayGoals, 0) / Math.max(1, 2 * before.length);
    const contexts = matchContexts(model, home, away, averageGoals);
    const candidates: Candidate[] = [];
    const predictedCandidates: Candidate[] = [];
    const hindsight: Candidate[] = [];
    const form: Candidate[] = [];
    const points = new Map<number, number>();
    for (const row of fixture.rows) {
      const known = atLock(row);
      const side = known.team === fixture.home ? 'home' : 'away';
      // the side's previous matches this season, most recent first
      const teamMatches = earlier.filter((f) => f.home === known.team || f.away === known.team);
      const lineOf = (f: Fixture) => f.rows.find((r) => r.element === known.element && r.team === known.team)?.line ?? null;
      const lines = teamMatches.slice(-recent).reverse().map(lineOf);
      const season = emptyTotals();
      for (const f of teamMatches) {
        const line = f.rows.find((r) => r.element === known.element)?.line;
        if (line) addLine(season, line);
      }
      const history = { role: known.role, lines, season, previous: previousTotals.get(known.name) ?? null, price: known.price };
      const context = contexts[side];
      const confirmed = expectedPoints({ ...history, lineup: known.starting ? 'starting' : 'not-starting' }, context);
      const predicted = expectedPoints(history, context);
      const base = { id: known.element, role: known.role, teamId: teamId(clubOf(known.team)), credits: creditsOf(known.price) };
      candidates.push({ ...base, score: confirmed.points });
      predictedCandidates.push({ ...base, score: predicted.points });
      // realised points: for scoring only, never an input of the picks above
      const real = dream11Points(row.role, row.line);
      points.set(row.element, real);
      hindsight.push({ ...base, score: real });
      const recentPoints = lines.map((l) => (l ? dream11Points(known.role, l) : 0));
      form.push({ ...base, score: recentPoints.length ? recentPoints.reduce((s, p) => s + p, 0) / recentPoints.length : 0 });
    }
    const started = performance.now();
    const modelPick = await optimise(candidates);
    const solveMs = performance.now() - started;
    const greedyPick = greedy(candidates);
    results.push({
      key,
      model: realised(modelPick, points),
      predicted: realised(await optimise(predictedCandidates), points),
      greedy: realised(greedyPick, points),
      hindsight: realised(await optimise(hindsight), points),
      form: realised(await optimise(form), points),
      pick: modelPick,
      solveMs,
      greedyPick,
      expected: { model: modelPick?.objective ?? 0, greedy: greedyPick?.objective ?? 0 },
    });
  }
  return results;
}

/** The backtest's report, one line each (what `npm run backtest:dream11` prints). */
export function formatFantasyBacktest(results: readonly FixtureResult[], title: string): string[] {
  const mean = (pick: (r: FixtureResult) => number) => results.reduce((s, r) => s + pick(r), 0) / results.length;
  const diff = bootstrapMean(results.map((r) => r.model - r.greedy));
  const overForm = bootstrapMean(results.map((r) => r.model - r.form));
  // how much the integer program can gain over greedy at all: the gap between their XIs by the expectations both used
  const expectedGap = bootstrapMean(results.map((r) => r.expected.model - r.expected.greedy));
  const same = results.filter((r) => r.pick && r.greedyPick && sameXi(r.pick, r.greedyPick)).length;
  const solve = results.map((r) => r.solveMs).sort((a, b) => a - b);
  const share = (pick: (r: FixtureResult) => number) => (mean(pick) / mean((r) => r.hindsight)).toFixed(3);
  return [
    `${title}: ${results.length} fixtures, one XI each, realised Dream11 points with C x2 and VC x1.5, nothing from after lock`,
    `  model (integer program, expected points from chances, XI confirmed at kick-off - 60 min)  ${mean((r) => r.model).toFixed(1)}  share of hindsight ${share((r) => r.model)}`,
    `  same model before line-ups (predicted XI)                                               ${mean((r) => r.predicted).toFixed(1)}  share ${share((r) => r.predicted)}`,
    `  greedy points per credit (same expectations, confirmed XI)                               ${mean((r) => r.greedy).toFixed(1)}  share ${share((r) => r.greedy)}`,
    `  integer program on last-5 mean points (form)                                             ${mean((r) => r.form).toFixed(1)}  share ${share((r) => r.form)}`,
    `  best XI in hindsight                                                                     ${mean((r) => r.hindsight).toFixed(1)}`,
    `  model - greedy: mean ${diff.mean.toFixed(2)}, bootstrap 95% interval ${diff.low.toFixed(2)} to ${diff.high.toFixed(2)}`,
    `  the same two XIs by the model's own expectation: model ${mean((r) => r.expected.model).toFixed(1)}, greedy ${mean((r) => r.expected.greedy).toFixed(1)} (gap ${expectedGap.mean.toFixed(2)}, ${expectedGap.low.toFixed(2)} to ${expectedGap.high.toFixed(2)}); greedy picked the model's XI in ${same} of ${results.length} fixtures`,
    `  model - form: mean ${overForm.mean.toFixed(2)}, bootstrap 95% interval ${overForm.low.toFixed(2)} to ${overForm.high.toFixed(2)}`,
    `  one optimisation: median ${solve[Math.floor(solve.length / 2)]!.toFixed(1)} ms, p95 ${solve[Math.floor(0.95 * solve.length)]!.toFixed(1)} ms, max ${solve[solve.length - 1]!.toFixed(1)} ms`,
  ];
}

/** The same eleven with the same captain and vice-captain. */
function sameXi(a: Selection, b: Selection): boolean {
  const ids = new Set(a.ids);
  return a.captainId === b.captainId && a.viceCaptainId === b.viceCaptainId && b.ids.every((id) => ids.has(id));
}

/** Mean and bootstrap 95% interval of the mean (percentile method, seeded). */
export function bootstrapMean(values: readonly number[], resamples = 5000, seed = 12345): { mean: number; low: number; high: number } {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += values[Math.floor(random() * n)]!;
    means.push(sum / n);
  }
  means.sort((x, y) => x - y);
  return { mean, low: means[Math.floor(0.025 * resamples)]!, high: means[Math.floor(0.975 * resamples) - 1]! };
}
