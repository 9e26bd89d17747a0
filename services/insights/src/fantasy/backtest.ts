import fs from 'node:fs';
import type { FantasyRole } from '@matchday/contracts';
import { expectedGoals, fitDixonColes, type FittedModel, type TrainingMatch } from '../model/dixon-coles';
import { expectedPoints } from './expected';
import { greedy, optimise, type Candidate, type Selection } from './optimiser';
import { creditsOf, dream11Points, roleOf, type MatchLine } from './scoring';

/**
 * Dream11 backtest on FPL gameweeks: for every fixture from gameweek `fromGameweek` on, one XI from each
 * method, scored on the players' realised Dream11 points with captain x2 and vice-captain x1.5:
 * - model: the integer program on expected points (expected.ts, goals model fitted on results before the day);
 * - greedy: points per credit on the same expected points;
 * - hindsight: the integer program on the realised points (the best XI possible).
 * Inputs come only from gameweeks before the fixture's day (the FPL `xP` column is never read: it was
 * scraped after the gameweek). Assistant-manager rows (`AM`) are left out.
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

interface GwRow {
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

export function loadSeason(file: string, season: string): GwRow[] {
  return parseCsv(fs.readFileSync(file, 'utf8'))
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
      },
    }));
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
  model: number;
  greedy: number;
  hindsight: number;
  form: number;
  solveMs: number;
}

function realised(selection: Selection | null, points: Map<number, number>): number {
  if (!selection) return 0;
  return (
    selection.ids.reduce((s, id) => s + points.get(id)!, 0) + points.get(selection.captainId)! + 0.5 * points.get(selection.viceCaptainId)!
  );
}

export async function runFantasyBacktest(options: {
  current: string;
  previous?: string;
  fromGameweek: number;
  recent?: number;
}): Promise<FixtureResult[]> {
  const scoresOf = (file: string, season: string) => {
    const map = new Map<string, [number, number]>();
    for (const r of parseCsv(fs.readFileSync(file, 'utf8')))
      map.set(`${season}:${r.fixture}`, [Number(r.team_h_score), Number(r.team_a_score)]);
    return map;
  };
  const current = loadSeason(options.current, 'current');
  const scores = scoresOf(options.current, 'current');
  const previous = options.previous ? loadSeason(options.previous, 'previous') : [];
  if (options.previous) for (const [k, v] of scoresOf(options.previous, 'previous')) scores.set(k, v);
  const all = fixturesOf([...previous, ...current], scores);
  const teamIds = new Map<string, number>();
  const teamId = (name: string) => teamIds.get(name) ?? (teamIds.set(name, teamIds.size + 1), teamIds.size);
  const training: TrainingMatch[] = all.map((f) => ({
    time: f.kickoff,
    season: f.season === 'current' ? 2 : 1,
    home: teamId(f.home),
    away: teamId(f.away),
    homeGoals: f.homeGoals,
    awayGoals: f.awayGoals,
    homeShotsOnTarget: null,
    awayShotsOnTarget: null,
  }));
  const recent = options.recent ?? 5;
  const fits = new Map<number, FittedModel>();
  let previousFit: FittedModel | undefined;
  const results: FixtureResult[] = [];
  const currentFixtures = all.filter((f) => f.season === 'current');
  for (const fixture of currentFixtures.filter((f) => f.round >= options.fromGameweek)) {
    const day = Math.floor(fixture.kickoff / 86_400_000) * 86_400_000;
    let model = fits.get(day);
    if (!model) {
      model = fitDixonColes(training, {
        asOf: day,
        season: 2,
        warmStart: previousFit,
        alsoTeams: [teamId(fixture.home), teamId(fixture.away)],
      });
      fits.set(day, model);
      previousFit = model;
    }
    const xg = expectedGoals(model, teamId(fixture.home), teamId(fixture.away));
    const before = training.filter((m) => m.time < day).slice(-380);
    const averageGoals = before.reduce((s, m) => s + m.homeGoals + m.awayGoals, 0) / Math.max(1, 2 * before.length);
    const candidates: Candidate[] = [];
    const hindsight: Candidate[] = [];
    const form: Candidate[] = [];
    const points = new Map<number, number>();
    for (const row of fixture.rows) {
      const side = row.team === fixture.home ? 'home' : 'away';
      // the side's previous matches in the current season, most recent first
      const teamMatches = currentFixtures
        .filter((f) => f.kickoff < day && (f.home === row.team || f.away === row.team))
        .slice(-recent)
        .reverse();
      const lines = teamMatches.map((f) => f.rows.find((r) => r.element === row.element && r.team === row.team)?.line ?? null);
      const credits = creditsOf(row.price);
      const expectation = expectedPoints(
        { role: row.role, lines },
        { teamGoals: side === 'home' ? xg.home : xg.away, opponentGoals: side === 'home' ? xg.away : xg.home, averageGoals },
      );
      const real = dream11Points(row.role, row.line);
      points.set(row.element, real);
      const base = { id: row.element, role: row.role, teamId: teamId(row.team), credits };
      candidates.push({ ...base, score: expectation.points });
      hindsight.push({ ...base, score: real });
      const recentPoints = lines.map((l) => (l ? dream11Points(row.role, l) : 0));
      form.push({ ...base, score: recentPoints.length ? recentPoints.reduce((s, p) => s + p, 0) / recentPoints.length : 0 });
    }
    const started = performance.now();
    const modelPick = await optimise(candidates);
    const solveMs = performance.now() - started;
    results.push({
      key: `${new Date(fixture.kickoff).toISOString().slice(0, 10)} ${fixture.home} v ${fixture.away}`,
      model: realised(modelPick, points),
      greedy: realised(greedy(candidates), points),
      hindsight: realised(await optimise(hindsight), points),
      form: realised(await optimise(form), points),
      solveMs,
    });
  }
  return results;
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
