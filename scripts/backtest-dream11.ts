import path from 'node:path';
import { repoRoot } from '@matchday/server';
import { formatFantasyBacktest, runFantasyBacktest } from '@matchday/insights/src/fantasy/backtest';
import { stopSolver } from '@matchday/insights/src/fantasy/optimiser';

/**
 * `npm run backtest:dream11 [-- --from-gameweek 6]`: the Dream11 picks on FPL 2024-25 (from ../shared/data), one XI
 * per fixture, scored on realised Dream11 points: the integer program on the confirmed XI (as known an hour before
 * kick-off) and on the predicted XI, greedy points per credit, the last-5 form baseline and the best XI in hindsight.
 * Expected points use xG/xA per 90 scaled by the app's ratings, fitted on football-data results, shots on target and
 * closing prices of the matches before the day, three seasons back (no row from after lock is read).
 */
async function main(argv: string[]): Promise<void> {
  const i = argv.indexOf('--from-gameweek');
  const fromGameweek = i === -1 ? 6 : Number(argv[i + 1]);
  const data = path.join(repoRoot, '..', 'shared', 'data');
  const started = performance.now();
  const results = await runFantasyBacktest({
    current: path.join(data, 'fpl', '2024-25', 'merged_gw.csv'),
    previous: path.join(data, 'fpl', '2023-24', 'merged_gw.csv'),
    fromGameweek,
    results: {
      files: ['2122', '2223', '2324', '2425'].map((season) => path.join(data, 'football-data-co-uk', `E0-${season}.csv`)),
      teamNames: path.join(data, 'mappings', 'pl_team_names.csv'),
    },
  });
  for (const line of formatFantasyBacktest(results, `FPL 2024-25 from gameweek ${fromGameweek}`)) console.log(line);
  console.log(`  took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // the solver's process would otherwise stay for its idle time (SOLVER_IDLE_MS) before the command ends
  await stopSolver();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
