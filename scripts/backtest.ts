import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { seasonName, type FeedMatches } from '@matchday/contracts';
import { z } from 'zod';
import {
  buildServiceApp,
  configureServer,
  databaseEnvSchema,
  HttpError,
  logLevelOf,
  openServiceDatabase,
  optional,
  processEnvSchema,
  readEnv,
  secretVar,
  setLogLevel,
  urlVar,
  type Knex,
  httpFootballClient,
  type FootballClient,
} from '@matchday/server';
import { football } from '@matchday/football';
import {
  BLEND_MODEL_WEIGHT,
  DEFAULT_SETTINGS,
  MissingSeasons,
  REFIT_DAYS,
  toCsv,
  walkForward,
  type BacktestResult,
  type Scores,
} from '@matchday/insights/model';

/**
 * `npm run backtest [-- --league 39 --seasons 2024,2025 [--csv out.csv]]`: walk-forward backtest of the tips model on
 * the imported data. Without --league/--seasons it runs the standard test periods one by one (STANDARD_RUNS):
 * Premier League 2022-23 + 2023-24 and 2024-25 + 2025-26, La Liga 2022-23 + 2023-24 (every constant was chosen on
 * 2019-20 to 2021-22, see services/insights/src/model/constants.ts). Reads the football data over HTTP like the
 * insights service does: FOOTBALL_URL when set, otherwise a football service started in this process on the database
 * of DATA_DIR (or FOOTBALL_DATABASE_URL / DATABASE_URL).
 */
export interface Run {
  league: number;
  seasons: number[];
}

interface Args {
  runs: Run[];
  csv?: string;
}

/** The test periods: each pair of seasons is reported on its own. */
export const STANDARD_RUNS: readonly Run[] = [
  { league: 39, seasons: [2022, 2023] },
  { league: 39, seasons: [2024, 2025] },
  { league: 140, seasons: [2022, 2023] },
];

export function parseArgs(argv: string[]): Args {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : argv[i + 1];
  };
  const csv = value('--csv');
  if (value('--league') === undefined && value('--seasons') === undefined) {
    if (csv) throw new Error('--csv needs one run: give --league and --seasons');
    return { runs: [...STANDARD_RUNS] };
  }
  const league = Number(value('--league') ?? '39');
  const seasons = (value('--seasons') ?? '2024,2025').split(',').map(Number);
  if (!Number.isInteger(league) || league <= 0) throw new Error('--league must be a league id, e.g. --league 39');
  if (!seasons.length || seasons.some((s) => !Number.isInteger(s) || s < 1900))
    throw new Error('--seasons must list starting years, e.g. --seasons 2024,2025');
  return { runs: [{ league, seasons }], csv };
}

/** What the backtest reads from its environment: a running football service, or the football database. */
export const backtestEnvSchema = databaseEnvSchema('football').extend({
  NODE_ENV: processEnvSchema.shape.NODE_ENV,
  LOG_LEVEL: processEnvSchema.shape.LOG_LEVEL,
  FOOTBALL_URL: optional(urlVar),
  INTERNAL_JWT_SECRET: optional(secretVar),
  /** The folder npm was run from: --csv is relative to it. */
  INIT_CWD: optional(z.string()),
});
export type BacktestEnv = z.infer<typeof backtestEnvSchema>;

export async function withFootball<T>(env: BacktestEnv, run: (client: FootballClient) => Promise<T>): Promise<T> {
  if (env.FOOTBALL_URL && env.INTERNAL_JWT_SECRET) {
    return run(httpFootballClient(env.FOOTBALL_URL, env.INTERNAL_JWT_SECRET));
  }
  const secret = randomBytes(32).toString('hex');
  const db: Knex = await openServiceDatabase(football, env);
  const server = http.createServer(buildServiceApp(football, db, secret).callback());
  // the services' keep-alive (65 s): with Node's 5 s, the client reused a connection the server was closing after a
  // league's walk-forward (~4 s) and the next league's read failed ("Football service unavailable")
  configureServer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    return await run(httpFootballClient(`http://127.0.0.1:${port}`, secret));
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.destroy();
  }
}

const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(4)}`;

/** One period's figures, and whether each of its goals is met. */
export interface RunSummary {
  label: string;
  matches: number;
  model: number;
  closing: number;
  preMatch: number;
  blend: number;
  modelToClosing: { mean: number; standardError: number };
  blendToClosing: { mean: number; standardError: number };
  calibration: number;
  seconds: number;
  goals: { modelNearClosing: boolean; blendBeatsPreMatch: boolean; calibrated: boolean };
}

export function summarise(label: string, result: BacktestResult, seconds: number): RunSummary {
  const { compared, toClosing } = result;
  return {
    label,
    matches: compared.model.matches,
    model: compared.model.rps,
    closing: compared.closing.rps,
    preMatch: compared.preMatch.rps,
    blend: compared.blend.rps,
    modelToClosing: toClosing.model,
    blendToClosing: toClosing.blend,
    calibration: compared.model.calibrationError,
    seconds,
    goals: {
      modelNearClosing: compared.model.rps <= compared.closing.rps + 0.003,
      blendBeatsPreMatch: compared.blend.rps <= compared.preMatch.rps,
      calibrated: compared.model.calibrationError <= 2.5,
    },
  };
}

function printScores(result: BacktestResult): void {
  const { compared, toClosing } = result;
  const line = (name: string, s: Scores) =>
    `  ${name.padEnd(18)} ${s.rps.toFixed(4)}  ${s.logLoss.toFixed(4)}  ${s.brier.toFixed(4)}  ${pct(s.accuracy).padStart(6)}  ${s.calibrationError.toFixed(2).padStart(5)} pts`;
  console.log(
    `\nOn the ${compared.model.matches} matches with Bet365 pre-match and closing 1X2 prices (overround removed proportionally):`,
  );
  console.log('  forecast              RPS   log-loss  Brier  accuracy  calibration error');
  console.log(line('model', compared.model));
  console.log(line(`blend ${BLEND_MODEL_WEIGHT}/${(1 - BLEND_MODEL_WEIGHT).toFixed(2)}`, compared.blend));
  console.log(line('Bet365 pre-match', compared.preMatch));
  console.log(line('Bet365 closing', compared.closing));
  console.log(line('base rate', compared.baseRate));
  console.log('\nPaired per match, RPS minus Bet365 closing RPS (mean +/- standard error):');
  for (const [name, d] of [
    ['model', toClosing.model],
    ['blend', toClosing.blend],
    ['Bet365 pre-match', toClosing.preMatch],
  ] as const)
    console.log(`  ${name.padEnd(18)} ${signed(d.mean)} +/- ${d.standardError.toFixed(4)}`);
  console.log('\nCalibration by decile (all three outcomes; predicted -> observed, count):');
  for (const [name, s] of [
    ['model', compared.model],
    ['blend', compared.blend],
    ['Bet365 pre-match', compared.preMatch],
  ] as const) {
    console.log(
      `  ${name}: ${s.calibration.map((b) => `${b.bin * 10}-${b.bin * 10 + 10}%: ${pct(b.predicted)}->${pct(b.observed)} (${b.count})`).join('; ')}`,
    );
  }
  const closing = compared.closing;
  console.log('\nGoals:');
  const check = (label: string, ok: boolean, detail: string) => console.log(`  [${ok ? 'met' : 'not met'}] ${label}: ${detail}`);
  check(
    'model RPS within 0.003 of Bet365 closing',
    compared.model.rps - closing.rps <= 0.003,
    `${signed(compared.model.rps - closing.rps)} (paired standard error ${toClosing.model.standardError.toFixed(4)})`,
  );
  check(
    'blend RPS at or below Bet365 pre-match',
    compared.blend.rps <= compared.preMatch.rps,
    `${compared.blend.rps.toFixed(4)} vs ${compared.preMatch.rps.toFixed(4)}`,
  );
  check('model calibration error <= 2.5 points', compared.model.calibrationError <= 2.5, `${compared.model.calibrationError.toFixed(2)}`);
}

function printSummary(summaries: readonly RunSummary[]): void {
  console.log('\nEvery period (RPS on the matches with both Bet365 prices; difference to closing paired per match, +/- standard error):');
  console.log(
    '  period                               matches   model  closing  pre-match   blend   model-closing      blend-closing      calib.   time',
  );
  for (const r of summaries) {
    const diff = (d: { mean: number; standardError: number }) => `${signed(d.mean)} +/- ${d.standardError.toFixed(4)}`;
    console.log(
      `  ${r.label.padEnd(36)} ${String(r.matches).padStart(7)}  ${r.model.toFixed(4)}  ${r.closing.toFixed(4)}    ${r.preMatch.toFixed(4)}  ${r.blend.toFixed(4)}  ${diff(r.modelToClosing).padEnd(17)}  ${diff(r.blendToClosing).padEnd(17)}  ${r.calibration.toFixed(2).padStart(5)}  ${r.seconds.toFixed(1).padStart(5)} s`,
    );
  }
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  for (const r of summaries)
    console.log(
      `  ${r.label}: model <= closing + 0.003 ${mark(r.goals.modelNearClosing)}; blend <= pre-match ${mark(r.goals.blendBeatsPreMatch)}; calibration <= 2.5 ${mark(r.goals.calibrated)}`,
    );
}

/** Reads a league's feed; null (after saying why) when the league is not imported. */
export async function readLeague(client: FootballClient, league: number): Promise<FeedMatches | null> {
  try {
    return await client.get<FeedMatches>(`/internal/model-feed/matches?leagueId=${league}`);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      console.error(
        `League ${league} is not imported. Import its seasons first, e.g. npm run import -- football-data-co-uk ../shared/data/football-data-co-uk/E0-2122.csv (and E0-2223, E0-2324, ... for the Premier League; SP1-*.csv for La Liga).`,
      );
      return null;
    }
    throw error;
  }
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const env = readEnv(backtestEnvSchema);
  setLogLevel(logLevelOf(env));
  const started = performance.now();
  return withFootball(env, async (client) => {
    const summaries: RunSummary[] = [];
    for (const run of args.runs) {
      const runStarted = performance.now();
      const feed = await readLeague(client, run.league);
      if (!feed) return 1;
      let result: BacktestResult;
      try {
        result = walkForward(feed.matches, run.seasons, DEFAULT_SETTINGS);
      } catch (error) {
        if (error instanceof MissingSeasons) {
          const stored = feed.seasons.length ? feed.seasons.join(', ') : 'none';
          const prefix = run.league === 140 ? 'SP1' : 'E0';
          console.error(
            `The backtest of ${feed.league.displayName} from ${Math.min(...run.seasons)} fits on the 3 seasons before it, but season${error.missing.length > 1 ? 's' : ''} ${error.missing.join(', ')} ${error.missing.length > 1 ? 'are' : 'is'} not imported (stored: ${stored}).\n` +
              `Import them first, e.g. npm run import -- football-data-co-uk ../shared/data/football-data-co-uk/${prefix}-${String(error.missing[0]! % 100).padStart(2, '0')}${String((error.missing[0]! + 1) % 100).padStart(2, '0')}.csv`,
          );
          return 1;
        }
        throw error;
      }
      if (!result.rows.length) {
        console.error(`No played matches of ${feed.league.displayName} in seasons ${run.seasons.join(', ')} are imported.`);
        return 1;
      }
      const label = `${feed.league.displayName} ${run.seasons.map((season) => seasonName(season, feed.league.id)).join(' + ')}`;
      console.log(
        `\n== ${label}: ${result.rows.length} matches, ${result.fits} fits (every ${REFIT_DAYS} days on the 3 seasons before), ${(result.fitMilliseconds / result.fits).toFixed(1)} ms per fit`,
      );
      printScores(result);
      const seconds = (performance.now() - runStarted) / 1000;
      console.log(`\n${label} took ${seconds.toFixed(1)} s`);
      summaries.push(summarise(label, result, seconds));
      if (args.csv) {
        const target = path.resolve(env.INIT_CWD ?? process.cwd(), args.csv);
        fs.writeFileSync(target, toCsv(result.rows));
        console.log(`\nWrote ${result.rows.length * 2} rows to ${target}`);
      }
    }
    if (summaries.length > 1) printSummary(summaries);
    console.log(`\nBacktest took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  });
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
