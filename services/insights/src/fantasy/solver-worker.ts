import v8 from 'node:v8';
import loadHighs, { type Highs } from 'highs';
import workerpool from 'workerpool';

/**
 * The child process that runs HiGHS (highs-js, WebAssembly) for optimise() in optimiser.ts, through a workerpool pool
 * of at most one process that ends a few seconds after its last solve: HiGHS' WebAssembly memory (~21 MB) and the
 * rest of the solver exist only while cards are being made (at start, every 2 minutes, a card on demand), not
 * while insights idles. It takes an LP model (lpModel() in optimiser.ts) and answers the columns set to 1.
 *
 * Compiled by scripts/lib/build-servers.ts to services/insights/dist/solver-worker.js (beside server.js and
 * cli.js); run from this source through tsx under jest and `tsx src/server.ts`.
 */
export interface SolveResult {
  /** HiGHS' model status ('Optimal', 'Infeasible', ...). */
  status: string;
  /** Names of the binary columns at 1 (primal value above 0.5). */
  on: string[];
  /** The solver's process (tests end it mid-solve). */
  pid: number;
}

let highs: Promise<Highs> | null = null;
/**
 * Loads the WebAssembly solver once per worker, compiled by V8's baseline compiler only (Liftoff). With V8's
 * default tier-up, TurboFan recompiles HiGHS' hot functions and the process keeps tens of MB more resident for good,
 * for a warm solve only a little faster (and a slower first one). Insights solves a few models every 2 minutes, so
 * memory wins. It is set here, before the first WebAssembly module
 * of this process is compiled, so that the process runs under the same flags as its parent otherwise.
 */
function solver(): Promise<Highs> {
  if (!highs) {
    v8.setFlagsFromString('--liftoff-only');
    highs = loadHighs();
  }
  return highs;
}

/** The process's one task: solves `model` (CPLEX LP format) exactly. */
export async function solve(model: string): Promise<SolveResult> {
  let result;
  try {
    result = (await solver()).solve(model, { output_flag: false, mip_rel_gap: 0 });
  } catch (error) {
    // A failed load or an abort inside HiGHS can leave the instance unusable: the next solve loads a fresh one.
    highs = null;
    throw error;
  }
  if (result.Status !== 'Optimal') return { status: result.Status, on: [], pid: process.pid };
  const on = Object.entries(result.Columns)
    .filter(([, column]) => (column.Primal ?? 0) > 0.5)
    .map(([name]) => name);
  return { status: result.Status, on, pid: process.pid };
}

// This file is the pool's child process: it answers the pool's 'solve' requests.
workerpool.worker({ solve });
