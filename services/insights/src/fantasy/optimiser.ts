import v8 from 'node:v8';
import type { FantasyRole } from '@matchday/contracts';
import loadHighs, { type Highs } from 'highs';

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

let highs: Promise<Highs> | null = null;
/**
 * Loads the WebAssembly solver once per process, compiled by V8's baseline compiler only (Liftoff). With V8's
 * default tier-up, TurboFan recompiles HiGHS' hot functions: measured here on a 200-binary knapsack model, the
 * process ends ~130 MB resident against ~74 MB with Liftoff alone (memory that never comes back; insights idled at
 * 176 MB instead of ~110), the first solve takes 116 ms against 38 ms, and a warm solve 4.4 ms against 6.5 ms.
 * Insights solves a few models every 2 minutes, so memory wins. Only this process's WebAssembly is affected.
 */
export function solver(): Promise<Highs> {
  if (!highs) {
    v8.setFlagsFromString('--liftoff-only');
    highs = loadHighs();
  }
  return highs;
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

/** The best team, or null when no team satisfies the rules. */
export async function optimise(all: readonly Candidate[]): Promise<Selection | null> {
  const players = prune(all);
  if (players.length < RULES.players) return null;
  const h = await solver();
  const result = h.solve(lpModel(players), { output_flag: false, mip_rel_gap: 0 });
  if (result.Status !== 'Optimal') return null;
  const on = (name: string) => (result.Columns[name]?.Primal ?? 0) > 0.5;
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
