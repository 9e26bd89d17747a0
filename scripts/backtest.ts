import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FeedMatches } from '@matchday/contracts';
import { z } from 'zod';
import {
  buildServiceApp,
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
import { football } from '@matchday/football/src/service';
import { MissingSeasons, toCsv, walkForward, type BacktestResult } from '@matchday/insights/src/model/walk-forward';
import { DEFAULT_SETTINGS } from '@matchday/insights/src/model/dixon-coles';
import type { Scores } from '@matchday/insights/src/model/metrics';

/**
 * `npm run backtest -- --league 39 --seasons 2024,2025 [--csv out.csv]`: walk-forward backtest of the tips
 * model on the imported data. Reads the football data over HTTP like the insights service does: FOOTBALL_URL
 * when set, otherwise a football service started in this process on the database of DATA_DIR
 * (or FOOTBALL_DATABASE_URL / DATABASE_URL).
 */
interface Args {
  league: number;
  seasons: number[];
  csv?: string;
}

export function parseArgs(argv: string[]): Args {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : argv[i + 1];
  };
  const league = Number(value('--league') ?? '39');
  const seasons = (value('--seasons') ?? '2024,2025').split(',').map(Number);
  if (!Number.isInteger(league) || league <= 0) throw new Error('--league must be a league id, e.g. --league 39');
  if (!seasons.length || seasons.some((s) => !Number.isInteger(s) || s < 1900))
    throw new Error('--seasons must list starting years, e.g. --seasons 2024,2025');
  return { league, seasons, csv: value('--csv') };
}

/** What the backtest reads from its environment: a running football service, or the football database. */
const backtestEnvSchema = databaseEnvSchema('football').extend({
  NODE_ENV: processEnvSchema.shape.NODE_ENV,
  LOG_LEVEL: processEnvSchema.shape.LOG_LEVEL,
  FOOTBALL_URL: optional(urlVar),
  INTERNAL_JWT_SECRET: optional(secretVar),
  /** The folder npm was run from: --csv is relative to it. */
  INIT_CWD: optional(z.string()),
});
type BacktestEnv = z.infer<typeof backtestEnvSchema>;

async function withFootball<T>(env: BacktestEnv, run: (client: FootballClient) => Promise<T>): Promise<T> {
  if (env.FOOTBALL_URL && env.INTERNAL_JWT_SECRET) {
    return run(httpFootballClient(env.FOOTBALL_URL, env.INTERNAL_JWT_SECRET));
  }
  const secret = randomBytes(32).toString('hex');
  const db: Knex = await openServiceDatabase(football, env);
  const server = http.createServer(buildServiceApp(football, db, secret).callback());
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

function printScores(result: BacktestResult): void {
  const { compared } = result;
  const line = (name: string, s: Scores) =>
    `  ${name.padEnd(18)} ${s.rps.toFixed(4)}  ${s.logLoss.toFixed(4)}  ${s.brier.toFixed(4)}  ${pct(s.accuracy).padStart(6)}  ${s.calibrationError.toFixed(2).padStart(5)} pts`;
  console.log(
    `\nOn the ${compared.model.matches} matches with Bet365 pre-match and closing 1X2 prices (overround removed proportionally):`,
  );
  console.log('  forecast              RPS   log-loss  Brier  accuracy  calibration error');
  console.log(line('model', compared.model));
  console.log(line('blend 0.35/0.65', compared.blend));
  console.log(line('Bet365 pre-match', compared.preMatch));
  console.log(line('Bet365 closing', compared.closing));
  console.log(line('base rate', compared.baseRate));
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
  console.log('\nTargets:');
  const check = (label: string, ok: boolean, detail: string) => console.log(`  [${ok ? 'met' : 'not met'}] ${label}: ${detail}`);
  check(
    'model RPS within 0.003 of Bet365 closing',
    compared.model.rps - closing.rps <= 0.003,
    `${(compared.model.rps - closing.rps).toFixed(4)}`,
  );
  check(
    'blend RPS at or below Bet365 pre-match',
    compared.blend.rps <= compared.preMatch.rps,
    `${compared.blend.rps.toFixed(4)} vs ${compared.preMatch.rps.toFixed(4)}`,
  );
  check(
    'model log-loss within 0.01 of Bet365 closing',
    compared.model.logLoss - closing.logLoss <= 0.01,
    `${(compared.model.logLoss - closing.logLoss).toFixed(4)}`,
  );
  check('model calibration error <= 2.5 points', compared.model.calibrationError <= 2.5, `${compared.model.calibrationError.toFixed(2)}`);
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const env = readEnv(backtestEnvSchema);
  setLogLevel(logLevelOf(env));
  const started = performance.now();
  return withFootball(env, async (client) => {
    let feed: FeedMatches;
    try {
      feed = await client.get<FeedMatches>(`/internal/model-feed/matches?leagueId=${args.league}`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        console.error(
          `League ${args.league} is not imported. Import its seasons first, e.g. npm run import -- football-data-co-uk ../shared/data/football-data-co-uk/E0-2122.csv (and E0-2223, E0-2324, ... for the Premier League).`,
        );
        return 1;
      }
      throw error;
    }
    let result: BacktestResult;
    try {
      result = walkForward(feed.matches, args.seasons, DEFAULT_SETTINGS);
    } catch (error) {
      if (error instanceof MissingSeasons) {
        const stored = feed.seasons.length ? feed.seasons.join(', ') : 'none';
        console.error(
          `The backtest of ${feed.league.displayName} from ${Math.min(...args.seasons)} fits on the 3 seasons before it, but season${error.missing.length > 1 ? 's' : ''} ${error.missing.join(', ')} ${error.missing.length > 1 ? 'are' : 'is'} not imported (stored: ${stored}).\n` +
            `Import them first, e.g. npm run import -- football-data-co-uk ../shared/data/football-data-co-uk/E0-${String(error.missing[0]! % 100).padStart(2, '0')}${String((error.missing[0]! + 1) % 100).padStart(2, '0')}.csv`,
        );
        return 1;
      }
      throw error;
    }
    if (!result.rows.length) {
      console.error(`No played matches of ${feed.league.displayName} in seasons ${args.seasons.join(', ')} are imported.`);
      return 1;
    }
    console.log(
      `${feed.league.displayName}, seasons ${args.seasons.join(', ')}: ${result.rows.length} matches, ${result.fits} fits (every 3 days on the 3 seasons before), ${(result.fitMilliseconds / result.fits).toFixed(1)} ms per fit`,
    );
    printScores(result);
    if (args.csv) {
      const target = path.resolve(env.INIT_CWD ?? process.cwd(), args.csv);
      fs.writeFileSync(target, toCsv(result.rows));
      console.log(`\nWrote ${result.rows.length * 2} rows to ${target}`);
    }
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
