import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FantasyRole } from '@matchday/contracts';
import workerpool, { type Pool } from 'workerpool';
import type { SolveResult } from './solver-worker';

/**
 * Dream11 team selection as an exact integer program, solved with HiGHS (highs-js, WebAssembly):
 *   maximise  sum_i s_i x_i + sum_i s_i c_i + 0.5 sum_i s_i v_i     (captain x2, vice-captain x1.5)
 *   subject to 11 players, credits <= 100, GK = 1, DEF 3-5, MID 3-5, FWD 1-3, <= 7 per team,
 *              one captain, one vice-captain, c_i <= x_i, v_i <= x_i, c_i + v_i <= 1, all binary.
 * s_i is the expected points (safe team) or expected points minus a penalty per ownership percent
 * (differential team, for Grand Leagues).
 */
export interface Candidate {
  id: number;
  role: FantasyRole;
  teamId: number;
  credits: number;
  /** What the program maximises for this player (expected points, maybe penalised). */
  score: number;
}

export interface Selection {
  ids: number[];
  captainId: number;
  viceCaptainId: number;
  credits: number;
  /** Objective: sum of scores with C x2 and VC x1.5. */
  objective: number;
}

export const RULES = {
  players: 11,
  budget: 100,
  maxPerTeam: 7,
  roles: { GK: [1, 1], DEF: [3, 5], MID: [3, 5], FWD: [1, 3] } as Record<FantasyRole, [number, number]>,
} as const;

/** How long the solver's process outlives its last solve. */
export const SOLVER_IDLE_MS = 5_000;
/**
 * A solve still running after this long fails and its process is ended (a solve takes 5-70 ms here; HiGHS never
 * returns from a model with a NaN coefficient, which in the service's own thread would have stopped it for good).
 */
const SOLVE_TIMEOUT_MS = 20_000;

let pool: Pool | null = null;
let idleTimer: NodeJS.Timeout | undefined;

/**
 * HiGHS runs in a child process (solver-worker.ts) through a workerpool pool of at most one process, started by
 * the first solve and ended SOLVER_IDLE_MS after the last: while insights idles between card rounds (at start,
 * every 2 minutes, a card on demand) nothing of the solver stays resident. Solves queue on the one process.
 * Measured with bench/stack-memory.ts (compiled, 30 s idle): in insights' own process HiGHS kept +27 MB resident
 * for good; in a worker thread (before) the thread's glibc malloc arena stayed behind after the thread ended,
 * ~9-14 MB that glibc does not trim; a process that ends gives everything back. Its cost: ~30 ms to start the
 * process, once per card round.
 * From the compiled bundle (services/insights/dist/{server,cli}.js) the process runs the compiled worker beside
 * it (dist/solver-worker.js, built with the servers) under the same Node flags; from the TypeScript source (jest,
 * tsx) it runs solver-worker.ts through tsx's loader.
 */
function solverPool(): Pool {
  clearTimeout(idleTimer);
  if (pool) return pool;
  const fromSource = path.extname(__filename) === '.ts';
  const filename = path.join(__dirname, fromSource ? 'solver-worker.ts' : 'solver-worker.js');
  if (!fs.existsSync(filename)) throw new Error(`The Dream11 solver's worker ${filename} is missing (npm run build:servers)`);
  pool = workerpool.pool(filename, {
    workerType: 'process',
    minWorkers: 0,
    maxWorkers: 1,
    ...(fromSource && { forkOpts: { execArgv: [...process.execArgv, '--import', pathToFileURL(require.resolve('tsx')).href] } }),
  });
  return pool;
}

/** After a solve: the process ends SOLVER_IDLE_MS after the last one, unless another comes. */
function endWhenIdle(): void {
  const idle = pool;
  if (!idle) return;
  const { activeTasks, pendingTasks } = idle.stats();
  if (activeTasks + pendingTasks > 0) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (pool === idle) void stopSolver();
  }, SOLVER_IDLE_MS);
  // an idle solver does not keep the service's process alive
  idleTimer.unref();
}

/**
 * Starts the solver's process ahead of the first optimisation (a one-binary model), so that its start (~100 ms:
 * Node, HiGHS' WebAssembly) overlaps other start-up work instead of delaying the first card round. A failure here
 * is left to the first real solve to report.
 */
export function startSolver(): void {
  solveModel('Maximize\n obj: + 1 x\nSubject To\n c: + 1 x <= 1\nBinary\n x\nEnd\n').catch(() => undefined);
}

/** Ends the solver's process now (the service's stop; tests): a solve under way fails, the next one starts another. */
export async function stopSolver(): Promise<void> {
  clearTimeout(idleTimer);
  const stopping = pool;
  pool = null;
  await stopping?.terminate(true);
}

/** How many solver processes are alive now (none or one): tests. */
export function solverProcesses(): number {
  return pool ? pool.stats().totalWorkers : 0;
}

const num = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(6));

function term(coefficient: number, name: string): string {
  return `${coefficient < 0 ? '-' : '+'} ${num(Math.abs(coefficient))} ${name}`;
}

export function lpModel(players: readonly Candidate[]): string {
  const x = (i: number) => `x${i}`;
  const c = (i: number) => `c${i}`;
  const v = (i: number) => `v${i}`;
  const objective = players.flatMap((p, i) => [term(p.score, x(i)), term(p.score, c(i)), term(p.score * 0.5, v(i))]).join(' ');
  const rows: string[] = [];
  const sum = (indices: number[], name: (i: number) => string, weight: (i: number) => number = () => 1) =>
    indices.map((i) => term(weight(i), name(i))).join(' ') || '+ 0 x0';
  const all = players.map((_, i) => i);
  rows.push(` players: ${sum(all, x)} = ${RULES.players}`);
  rows.push(` budget: ${sum(all, x, (i) => players[i]!.credits)} <= ${RULES.budget}`);
  for (const [role, [min, max]] of Object.entries(RULES.roles)) {
    const group = all.filter((i) => players[i]!.role === role);
    rows.push(` min${role}: ${sum(group, x)} >= ${min}`);
    rows.push(` max${role}: ${sum(group, x)} <= ${max}`);
  }
  for (const teamId of new Set(players.map((p) => p.teamId))) {
    rows.push(
      ` team${teamId}: ${sum(
        all.filter((i) => players[i]!.teamId === teamId),
        x,
      )} <= ${RULES.maxPerTeam}`,
    );
  }
  rows.push(` captain: ${sum(all, c)} = 1`);
  rows.push(` vice: ${sum(all, v)} = 1`);
  // captain or vice-captain only when picked, never both (one row, tighter than three)
  for (const i of all) rows.push(` cv${i}: ${c(i)} + ${v(i)} - ${x(i)} <= 0`);
  const binaries = all.flatMap((i) => [x(i), c(i), v(i)]).join(' ');
  return `Maximize\n obj: ${objective}\nSubject To\n${rows.join('\n')}\nBinary\n ${binaries}\nEnd\n`;
}

/**
 * Drops players who can never be needed: p is dominated by q when both play the same role for the same team
 * and q scores at least as much for at most the same credits (ties broken by id). A player with at least as
 * many dominators as his role can field (GK 1, DEF/MID 5, FWD 3) can always be swapped for one of them that is
 * not picked, without breaking a rule or losing points, so some optimal team avoids him.
 */
export function prune(players: readonly Candidate[]): Candidate[] {
  const dominates = (q: Candidate, p: Candidate) =>
    q !== p &&
    q.role === p.role &&
    q.teamId === p.teamId &&
    q.score >= p.score &&
    q.credits <= p.credits &&
    (q.score > p.score || q.credits < p.credits || q.id < p.id);
  return players.filter((p) => players.filter((q) => dominates(q, p)).length < RULES.roles[p.role][1]);
}

/** Solves an LP model in the solver's process; rejects when the solver fails (its process included). */
export async function solveModel(model: string): Promise<SolveResult> {
  try {
    // workerpool ends the process of a task that times out
    return (await solverPool().exec('solve', [model]).timeout(SOLVE_TIMEOUT_MS)) as SolveResult;
  } catch (error) {
    // HiGHS failing, its process dying or stuck: this optimisation fails, the next one gets a new process if needed.
    const why =
      error instanceof workerpool.Promise.TimeoutError
        ? `no answer in ${SOLVE_TIMEOUT_MS} ms`
        : error instanceof Error
          ? error.message
          : String(error);
    throw new Error(`Dream11 solver failed: ${why}`, { cause: error });
  } finally {
    endWhenIdle();
  }
}

/** The best team, or null when no team satisfies the rules; rejects when the solver fails (its process included). */
export async function optimise(all: readonly Candidate[]): Promise<Selection | null> {
  const players = prune(all);
  if (players.length < RULES.players) return null;
  const result = await solveModel(lpModel(players));
  if (result.status !== 'Optimal') return null;
  const chosenColumns = new Set(result.on);
  const on = (name: string) => chosenColumns.has(name);
  const chosen = players.filter((_, i) => on(`x${i}`));
  const captain = players.find((_, i) => on(`c${i}`));
  const vice = players.find((_, i) => on(`v${i}`));
  if (chosen.length !== RULES.players || !captain || !vice) return null;
  return {
    ids: chosen.map((p) => p.id),
    captainId: captain.id,
    viceCaptainId: vice.id,
    credits: chosen.reduce((s, p) => s + p.credits, 0),
    objective: chosen.reduce((s, p) => s + p.score, 0) + captain.score + 0.5 * vice.score,
  };
}

/** Every rule of a Dream11 team; returns the broken ones. */
export function brokenRules(players: readonly Candidate[], selection: Selection): string[] {
  const byId = new Map(players.map((p) => [p.id, p]));
  const chosen = selection.ids.map((id) => byId.get(id)!);
  const broken: string[] = [];
  if (new Set(selection.ids).size !== RULES.players || chosen.some((p) => !p)) broken.push('11 distinct players');
  if (chosen.reduce((s, p) => s + p.credits, 0) > RULES.budget + 1e-9) broken.push('credits');
  for (const [role, [min, max]] of Object.entries(RULES.roles)) {
    const n = chosen.filter((p) => p.role === role).length;
    if (n < min || n > max) broken.push(role);
  }
  const perTeam = new Map<number, number>();
  for (const p of chosen) perTeam.set(p.teamId, (perTeam.get(p.teamId) ?? 0) + 1);
  if ([...perTeam.values()].some((n) => n > RULES.maxPerTeam)) broken.push('team');
  if (!selection.ids.includes(selection.captainId) || !selection.ids.includes(selection.viceCaptainId)) broken.push('C/VC in team');
  if (selection.captainId === selection.viceCaptainId) broken.push('C and VC differ');
  return broken;
}

/**
 * Greedy points-per-credit (the baseline): best score per credit first, taking a player when the team can
 * still be completed within the rules; captain and vice-captain the two best scores.
 */
export function greedy(players: readonly Candidate[]): Selection | null {
  const order = [...players].sort((a, b) => b.score / b.credits - a.score / a.credits || b.score - a.score || a.id - b.id);
  const chosen: Candidate[] = [];
  const cheapest = (role: FantasyRole | null, exclude: Set<number>, n: number) =>
    players
      .filter((p) => !exclude.has(p.id) && (role === null || p.role === role))
      .map((p) => p.credits)
      .sort((a, b) => a - b)
      .slice(0, n)
      .reduce((s, c) => s + c, 0);
  for (const candidate of order) {
    if (chosen.length === RULES.players) break;
    const next = [...chosen, candidate];
    const count = (role: FantasyRole) => next.filter((p) => p.role === role).length;
    if (Object.entries(RULES.roles).some(([role, [, max]]) => count(role as FantasyRole) > max)) continue;
    if (next.filter((p) => p.teamId === candidate.teamId).length > RULES.maxPerTeam) continue;
    const needed = Object.entries(RULES.roles).reduce((s, [role, [min]]) => s + Math.max(0, min - count(role as FantasyRole)), 0);
    if (needed > RULES.players - next.length) continue;
    const taken = new Set(next.map((p) => p.id));
    const minimumRest = Object.entries(RULES.roles).reduce(
      (s, [role, [min]]) => s + cheapest(role as FantasyRole, taken, Math.max(0, min - count(role as FantasyRole))),
      0,
    );
    const freeSlots = RULES.players - next.length - needed;
    const spent = next.reduce((s, p) => s + p.credits, 0);
    if (spent + minimumRest + cheapest(null, taken, freeSlots) * (freeSlots > 0 ? 1 : 0) > RULES.budget + 1e-9) continue;
    chosen.push(candidate);
  }
  if (chosen.length !== RULES.players) return null;
  const ranked = [...chosen].sort((a, b) => b.score - a.score || a.id - b.id);
  return {
    ids: chosen.map((p) => p.id),
    captainId: ranked[0]!.id,
    viceCaptainId: ranked[1]!.id,
    credits: chosen.reduce((s, p) => s + p.credits, 0),
    objective: chosen.reduce((s, p) => s + p.score, 0) + ranked[0]!.score + 0.5 * ranked[1]!.score,
  };
}
