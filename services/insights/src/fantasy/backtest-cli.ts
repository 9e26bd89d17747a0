import path from 'node:path';
import { repoRoot } from '@matchday/server';
import { bootstrapMean, runFantasyBacktest } from './backtest';

/**
 * `npm run backtest:dream11 [-- --from-gameweek 6]`: the Dream11 picks on FPL 2024-25 (from ../shared/data/fpl),
 * one XI per fixture, scored on realised points; model vs greedy vs hindsight.
 */
async function main(argv: string[]): Promise<void> {
  const i = argv.indexOf('--from-gameweek');
  const fromGameweek = i === -1 ? 6 : Number(argv[i + 1]);
  const data = path.join(repoRoot, '..', 'shared', 'data', 'fpl');
  const started = performance.now();
  const results = await runFantasyBacktest({
    current: path.join(data, '2024-25', 'merged_gw.csv'),
    previous: path.join(data, '2023-24', 'merged_gw.csv'),
    fromGameweek,
  });
  const mean = (pick: (r: (typeof results)[number]) => number) => results.reduce((s, r) => s + pick(r), 0) / results.length;
  const diff = bootstrapMean(results.map((r) => r.model - r.greedy));
  const solve = results.map((r) => r.solveMs).sort((a, b) => a - b);
  console.log(
    `FPL 2024-25 from gameweek ${fromGameweek}: ${results.length} fixtures, one XI each, realised Dream11 points with C x2 and VC x1.5`,
  );
  console.log(`  model (integer program on expected points)   ${mean((r) => r.model).toFixed(1)}`);
  console.log(`  greedy points per credit (same expectations)  ${mean((r) => r.greedy).toFixed(1)}`);
  console.log(`  integer program on last-5 mean points (form)  ${mean((r) => r.form).toFixed(1)}`);
  console.log(`  best XI in hindsight                          ${mean((r) => r.hindsight).toFixed(1)}`);
  console.log(`  model - greedy: mean ${diff.mean.toFixed(2)}, bootstrap 95% interval ${diff.low.toFixed(2)} to ${diff.high.toFixed(2)}`);
  console.log(`  model share of hindsight: ${((100 * mean((r) => r.model)) / mean((r) => r.hindsight)).toFixed(1)}%`);
  console.log(
    `  one optimisation: median ${solve[Math.floor(solve.length / 2)]!.toFixed(1)} ms, p95 ${solve[Math.floor(0.95 * solve.length)]!.toFixed(1)} ms, max ${solve[solve.length - 1]!.toFixed(1)} ms`,
  );
  console.log(`  took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
