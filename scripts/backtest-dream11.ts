import path from 'node:path';
import { repoRoot } from '@matchday/server';
import { formatFantasyBacktest, runFantasyBacktest, stopSolver } from '@matchday/insights/model';

/**
 * `npm run backtest:dream11 [-- --from-gameweek 6] [--season 2023-24]`: the Dream11 picks on FPL 2024-25 (or on
 * 2023-24, the season the expectation's constants were chosen on; from ../shared/data), one XI per fixture, scored on
 * realised Dream11 points: the integer program on the confirmed XI (as known an hour before kick-off) and on the
 * predicted XI, greedy points per credit, the last-5 form baseline and the best XI in hindsight. Expected points use
 * xG/xA per 90 scaled by the app's ratings, fitted on football-data results, shots on target and closing prices of the
 * matches before the day, three seasons back (no row from after lock is read). 2023-24 has no FPL season before it
 * here, so it runs without last season's prior.
 */
const SEASONS: Record<string, { previous: string | null; footballData: string[] }> = {
  '2024-25': { previous: '2023-24', footballData: ['2122', '2223', '2324', '2425'] },
  '2023-24': { previous: null, footballData: ['2021', '2122', '2223', '2324'] },
};

async function main(argv: string[]): Promise<void> {
  const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const fromGameweek = Number(option('--from-gameweek') ?? 6);
  const season = option('--season') ?? '2024-25';
  const setup = SEASONS[season];
  if (!setup || !Number.isInteger(fromGameweek) || fromGameweek < 1)
    throw new Error(`usage: npm run backtest:dream11 [-- --from-gameweek N] [--season ${Object.keys(SEASONS).join('|')}]`);
  const data = path.join(repoRoot, '..', 'shared', 'data');
  const started = performance.now();
  const results = await runFantasyBacktest({
    current: path.join(data, 'fpl', season, 'merged_gw.csv'),
    ...(setup.previous && { previous: path.join(data, 'fpl', setup.previous, 'merged_gw.csv') }),
    fromGameweek,
    results: {
      files: setup.footballData.map((file) => path.join(data, 'football-data-co-uk', `E0-${file}.csv`)),
      teamNames: path.join(data, 'mappings', 'pl_team_names.csv'),
    },
  });
  for (const line of formatFantasyBacktest(results, `FPL ${season} from gameweek ${fromGameweek}`)) console.log(line);
  console.log(`  took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // the solver's process would otherwise stay for its idle time (SOLVER_IDLE_MS) before the command ends
  await stopSolver();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
