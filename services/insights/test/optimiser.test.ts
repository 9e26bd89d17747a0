import fc from 'fast-check';
import type { FantasyRole } from '@matchday/contracts';
import {
  brokenRules,
  greedy,
  lpModel,
  optimise,
  RULES,
  SOLVER_IDLE_MS,
  solveModel,
  solverProcesses,
  stopSolver,
  type Candidate,
} from '../src/fantasy/optimiser';
import { creditsOf, dream11Points } from '../src/fantasy/scoring';

const player = (id: number, role: FantasyRole, teamId: number, credits: number, score: number): Candidate => ({
  id,
  role,
  teamId,
  credits,
  score,
});

/** Exhaustive search over every 11-player subset (C = best score, VC = second best is optimal for a fixed XI). */
function bruteForce(players: Candidate[]): number | null {
  let best: number | null = null;
  const n = players.length;
  const pick: Candidate[] = [];
  const visit = (start: number) => {
    if (pick.length === RULES.players) {
      const ranked = [...pick].sort((a, b) => b.score - a.score);
      const selection = { ids: pick.map((p) => p.id), captainId: ranked[0]!.id, viceCaptainId: ranked[1]!.id, credits: 0, objective: 0 };
      if (brokenRules(players, selection).length) return;
      const value = pick.reduce((s, p) => s + p.score, 0) + ranked[0]!.score + 0.5 * ranked[1]!.score;
      if (best === null || value > best) best = value;
      return;
    }
    for (let i = start; i <= n - (RULES.players - pick.length); i++) {
      pick.push(players[i]!);
      visit(i + 1);
      pick.pop();
    }
  };
  visit(0);
  return best;
}

afterAll(() => stopSolver());

describe('Dream11 optimiser: small cases solved by hand', () => {
  // 1 GK, 4 DEF, 4 MID, 3 FWD on two teams: every player costs 9 (99 credits for 11).
  const base = [
    player(1, 'GK', 1, 9, 10),
    player(2, 'DEF', 1, 9, 8),
    player(3, 'DEF', 2, 9, 7),
    player(4, 'DEF', 1, 9, 6),
    player(5, 'DEF', 2, 9, 1),
    player(6, 'MID', 1, 9, 12),
    player(7, 'MID', 2, 9, 11),
    player(8, 'MID', 1, 9, 9),
    player(9, 'MID', 2, 9, 2),
    player(10, 'FWD', 1, 9, 20),
    player(11, 'FWD', 2, 9, 15),
    player(12, 'FWD', 2, 9, 3),
  ];

  it('leaves out the weakest player whose role allows it and captains the two best', async () => {
    // all 12 score 104; dropping DEF 5 (1 point, the only droppable role: DEF 4 -> 3) leaves 103, + C 20 + VC 0.5 x 15
    const result = (await optimise(base))!;
    expect(result.ids.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]);
    expect(result.captainId).toBe(10);
    expect(result.viceCaptainId).toBe(11);
    expect(result.objective).toBeCloseTo(103 + 20 + 7.5, 9);
    expect(result.credits).toBe(99);
  });

  it('respects the budget: a star who costs too much stays out', async () => {
    const squad = [...base.filter((p) => p.id !== 10), player(10, 'FWD', 1, 11.5, 20)];
    // with every other player at 9, 10 x 9 + 11.5 = 101.5 > 100: the star cannot play
    const result = (await optimise(squad))!;
    expect(result.ids).not.toContain(10);
    expect(result.captainId).toBe(11);
    expect(result.credits).toBeLessThanOrEqual(100);
  });

  it('takes at most 7 from one team', async () => {
    const squad = [
      player(1, 'GK', 1, 7, 50),
      ...[2, 3, 4, 5, 6].map((id) => player(id, 'DEF', 1, 7, 50)),
      ...[7, 8, 9].map((id) => player(id, 'MID', 1, 7, 50)),
      player(10, 'FWD', 1, 7, 50),
      player(11, 'DEF', 2, 7, 1),
      player(12, 'MID', 2, 7, 1),
      player(13, 'MID', 2, 7, 1),
      player(14, 'FWD', 2, 7, 1),
      player(15, 'GK', 2, 7, 1),
    ];
    const result = (await optimise(squad))!;
    expect(brokenRules(squad, result)).toEqual([]);
    expect(result.ids.filter((id) => id <= 10)).toHaveLength(7);
    expect(result.objective).toBeCloseTo(7 * 50 + 4 * 1 + 50 + 25, 9);
  });

  it('has no team when the rules cannot be met', async () => {
    expect(await optimise(base.slice(0, 10))).toBeNull();
    expect(await optimise(base.map((p) => ({ ...p, credits: 10 })))).toBeNull();
    expect(await optimise(base.map((p) => (p.role === 'GK' ? { ...p, role: 'DEF' as const } : p)))).toBeNull();
  });

  it('greedy picks by points per credit and may miss the optimum', async () => {
    const squad = [...base, player(13, 'MID', 1, 7, 8.5)];
    const g = greedy(squad)!;
    const o = (await optimise(squad))!;
    expect(brokenRules(squad, g)).toEqual([]);
    expect(g.ids).toContain(13);
    expect(o.objective).toBeGreaterThanOrEqual(g.objective);
  });
});

describe('Dream11 optimiser: the solver process', () => {
  const squad = (['GK', 'DEF', 'DEF', 'DEF', 'DEF', 'MID', 'MID', 'MID', 'MID', 'FWD', 'FWD', 'FWD'] as const).map((role, i) =>
    player(i + 1, role, 1 + (i % 2), 9, 10 + i),
  );
  afterEach(() => stopSolver());

  it('exists while solving and ends a few seconds after the last solve (its WebAssembly memory with it)', async () => {
    await stopSolver();
    expect(solverProcesses()).toBe(0);
    const solves = await Promise.all([optimise(squad), optimise(squad), optimise(squad)]);
    // the weakest defender (id 2) stays out; all three solves on the one process
    expect(new Set(solves.map((s) => s!.ids.sort((a, b) => a - b).join()))).toEqual(new Set(['1,3,4,5,6,7,8,9,10,11,12']));
    expect(solverProcesses()).toBe(1);
    const pid = (await solveModel(lpModel(squad))).pid;
    expect(pid).not.toBe(process.pid);
    expect(() => process.kill(pid, 0)).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, SOLVER_IDLE_MS + 1_000));
    expect(solverProcesses()).toBe(0);
    // the process is gone, not only forgotten
    expect(() => process.kill(pid, 0)).toThrow();
    expect((await optimise(squad))!.captainId).toBe(12);
  }, 30_000);

  it('a process dying mid-solve fails that optimisation only; the next one gets a new process', async () => {
    // a process that has started and taken the solve: killed before it answers
    expect((await optimise(squad))!.captainId).toBe(12);
    const { pid } = await solveModel(lpModel(squad));
    const dying = optimise(squad);
    process.kill(pid, 'SIGKILL');
    await expect(dying).rejects.toThrow(/^Dream11 solver failed: /);
    expect((await optimise(squad))!.captainId).toBe(12);
  }, 30_000);
});

const roles: FantasyRole[] = ['GK', 'DEF', 'MID', 'FWD'];
const squadArbitrary = (min: number, max: number) =>
  fc
    .array(
      fc.record({
        role: fc.constantFrom(...roles),
        teamId: fc.constantFrom(1, 2),
        credits: fc.integer({ min: 14, max: 22 }).map((c) => c / 2),
        score: fc.double({ min: -5, max: 60, noNaN: true }).map((s) => Math.round(s * 100) / 100),
      }),
      { minLength: min, maxLength: max },
    )
    .map((rows) => rows.map((row, i) => ({ id: i + 1, ...row })));

describe('Dream11 optimiser: properties on random squads', () => {
  it('never breaks a rule', async () => {
    await fc.assert(
      fc.asyncProperty(squadArbitrary(22, 36), async (squad) => {
        const result = await optimise(squad);
        if (result) expect(brokenRules(squad, result)).toEqual([]);
        const g = greedy(squad);
        if (g) {
          expect(brokenRules(squad, g)).toEqual([]);
          expect(result).not.toBeNull();
          expect(result!.objective).toBeGreaterThanOrEqual(g.objective - 1e-6);
        }
      }),
      { numRuns: 60, seed: 20261123 },
    );
  });

  it('finds the optimum that an exhaustive search finds (12-14 players)', async () => {
    await fc.assert(
      fc.asyncProperty(squadArbitrary(12, 14), async (squad) => {
        const exact = bruteForce(squad);
        const result = await optimise(squad);
        if (exact === null) expect(result).toBeNull();
        else expect(result!.objective).toBeCloseTo(exact, 6);
      }),
      { numRuns: 80, seed: 7 },
    );
  });
});

describe('Dream11 scoring and credits', () => {
  it('scores by the Dream11 table', () => {
    const line = { minutes: 90, started: true, goals: 1, assists: 1, goalsConceded: 0, saves: 0, yellowCards: 1, redCards: 0 };
    expect(dream11Points('FWD', line)).toBe(4 + 40 + 20 - 4);
    expect(dream11Points('MID', line)).toBe(4 + 50 + 20 - 4);
    expect(dream11Points('DEF', line)).toBe(4 + 60 + 20 + 20 - 4);
    expect(dream11Points('GK', { ...line, goals: 0, assists: 0, yellowCards: 0, saves: 3, goalsConceded: 2 })).toBe(4 + 18 - 4);
    expect(dream11Points('DEF', { ...line, minutes: 30, started: false, goals: 0, assists: 0, yellowCards: 0 })).toBe(2);
    expect(dream11Points('MID', { ...line, minutes: 0 })).toBe(0);
  });

  it('maps FPL prices onto 7.0-11.0 in 0.5 steps', () => {
    expect(creditsOf(40)).toBe(7);
    expect(creditsOf(35)).toBe(7);
    expect(creditsOf(130)).toBe(11);
    expect(creditsOf(150)).toBe(11);
    expect(creditsOf(85)).toBe(9);
    expect(creditsOf(null)).toBe(8);
    for (let price = 30; price <= 160; price += 1) expect((creditsOf(price) * 2) % 1).toBe(0);
  });
});
