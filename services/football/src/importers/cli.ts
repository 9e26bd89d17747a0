import path from 'node:path';
import cliProgress from 'cli-progress';
import { migrateLatest, openDatabase, resolveDatabaseTarget, type Knex } from '@matchday/server';
import { migrations } from '../db/migrations';
import type {
  ImportedAdjustment,
  ImportedMatch,
  ImportedMatchEvent,
  ImportedPlayerMatch,
  ImportedSquadMember,
  MatchRef,
  RowProblem,
} from './model';
import { MissingInputError, UsageError, type ImportContext } from './source';
import { findSource, SOURCES } from './sources';
import { saveAdjustments, saveMatchEvents, saveMatches, savePlayerMatches, saveSquad, type SaveOptions, type SaveSummary } from './store';

/**
 * `npm run import -- <source> <path|options>`: migrates the football database under DATA_DIR (or
 * FOOTBALL_DATABASE_URL / DATABASE_URL), runs the source with a progress bar, prints a summary.
 * Rows that could not be read are listed with file and line and do not fail the run.
 */

type Kind = 'fixtures' | 'squad members' | 'player match rows' | 'adjustments';

export interface ImportReport {
  totals: Record<Kind, { created: number; updated: number; unchanged: number }>;
  playersCreated: number;
  playersUpdated: number;
  problems: RowProblem[];
  seconds: number;
}

export interface RunImportOptions {
  env?: NodeJS.ProcessEnv;
  /** Where relative paths are resolved from (npm sets INIT_CWD to the directory the command was typed in). */
  cwd?: string;
  /** An open database to use instead of the one the environment names (tests, replay, benchmarks). */
  db?: Knex;
  /** Progress bars and notes on stderr; off for tests. */
  progress?: boolean;
  log?: (line: string) => void;
  /**
   * Hands every batch of records to this function instead of writing it: no database is opened (replay
   * reads a whole season first, then writes it through `writeBatches`).
   */
  collect?: (batch: ImportBatch) => void;
}

/** What a source hands over in one call, in the order it does. */
export type ImportBatch =
  | { kind: 'matches'; records: readonly ImportedMatch[] }
  | { kind: 'squad'; records: readonly ImportedSquadMember[] }
  | { kind: 'player-matches'; records: readonly ImportedPlayerMatch[]; replacing?: readonly MatchRef[] }
  | { kind: 'adjustments'; records: readonly ImportedAdjustment[] }
  | { kind: 'match-events'; records: readonly ImportedMatchEvent[] };

type StoreCalls = Pick<ImportContext, 'saveMatches' | 'saveSquad' | 'savePlayerMatches' | 'saveAdjustments'>;

export function usage(): string {
  return ['Usage: npm run import -- <source> <path|options>', '', 'Sources:', ...SOURCES.map((s) => `  ${s.usage}`)].join('\n');
}

function emptyReport(): ImportReport {
  const zero = () => ({ created: 0, updated: 0, unchanged: 0 });
  return {
    totals: { fixtures: zero(), 'squad members': zero(), 'player match rows': zero(), adjustments: zero() },
    playersCreated: 0,
    playersUpdated: 0,
    problems: [],
    seconds: 0,
  };
}

/** Runs one import; throws UsageError / MissingInputError before touching any database. */
export async function runImport(argv: readonly string[], options: RunImportOptions = {}): Promise<ImportReport> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? env.INIT_CWD ?? process.cwd();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h') throw new UsageError(usage());
  const source = findSource(name);
  if (!source) throw new UsageError(`Unknown source "${name}".\n\n${usage()}`);
  const job = source.prepare(args, cwd);

  const started = Date.now();
  const report = emptyReport();
  if (options.collect) {
    const collect = options.collect;
    const hand = (batch: ImportBatch): Promise<SaveSummary> => {
      collect(batch);
      return Promise.resolve({ created: 0, updated: 0, unchanged: 0, problems: [], playersCreated: 0, playersUpdated: 0 });
    };
    await job({
      get db(): Knex {
        throw new Error('a collecting import has no database');
      },
      reportProblems: (problems) => report.problems.push(...problems),
      log: (message) => {
        if (options.progress) log(`  ${message}`);
      },
      saveMatches: (records) => hand({ kind: 'matches', records }),
      saveSquad: (records) => hand({ kind: 'squad', records }),
      savePlayerMatches: (records, replacing) => hand({ kind: 'player-matches', records, ...(replacing ? { replacing } : {}) }),
      saveAdjustments: (records) => hand({ kind: 'adjustments', records }),
    });
    report.seconds = (Date.now() - started) / 1000;
    return report;
  }
  const db = options.db ?? (await openDatabase(resolveDatabaseTarget('football', env)));
  try {
    await migrateLatest(db, migrations);
    const context: ImportContext = {
      db,
      reportProblems: (problems) => report.problems.push(...problems),
      log: (message) => {
        if (options.progress) log(`  ${message}`);
      },
      ...storeCalls(db, report, options.progress ?? false),
    };
    await job(context);
  } finally {
    if (!options.db) await db.destroy();
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/** The store's save functions with a progress bar each, adding their summaries to `report`. */
function storeCalls(db: Knex, report: ImportReport, progress: boolean): StoreCalls {
  const withBar = async (kind: Kind, count: number, save: (o: SaveOptions) => Promise<SaveSummary>): Promise<SaveSummary> => {
    const bar =
      progress && count > 0
        ? new cliProgress.SingleBar(
            { format: `  ${kind.padEnd(18)} [{bar}] {percentage}% | {value}/{total}`, hideCursor: true, clearOnComplete: false },
            cliProgress.Presets.shades_classic,
          )
        : null;
    bar?.start(count, 0);
    try {
      const summary = await save({ onProgress: bar ? (done) => bar.update(done) : undefined });
      const total = report.totals[kind];
      total.created += summary.created;
      total.updated += summary.updated;
      total.unchanged += summary.unchanged;
      report.playersCreated += summary.playersCreated;
      report.playersUpdated += summary.playersUpdated;
      report.problems.push(...summary.problems);
      return summary;
    } finally {
      bar?.stop();
    }
  };
  return {
    saveMatches: (matches) => withBar('fixtures', matches.length, (o) => saveMatches(db, matches, o)),
    saveSquad: (members) => withBar('squad members', members.length, (o) => saveSquad(db, members, o)),
    savePlayerMatches: (lines, replacing) =>
      withBar('player match rows', lines.length, (o) => savePlayerMatches(db, lines, { ...o, ...(replacing ? { replacing } : {}) })),
    saveAdjustments: (adjustments) => withBar('adjustments', adjustments.length, (o) => saveAdjustments(db, adjustments, o)),
  };
}

/** Writes collected batches through the store, in order, as an import would (migrating `db` first). */
export async function writeBatches(db: Knex, batches: readonly ImportBatch[], options: { progress?: boolean } = {}): Promise<ImportReport> {
  const started = Date.now();
  const report = emptyReport();
  await migrateLatest(db, migrations);
  const calls = storeCalls(db, report, options.progress ?? false);
  for (const batch of batches) {
    if (batch.records.length === 0 && !(batch.kind === 'player-matches' && batch.replacing?.length)) continue;
    if (batch.kind === 'matches') await calls.saveMatches(batch.records);
    else if (batch.kind === 'squad') await calls.saveSquad(batch.records);
    else if (batch.kind === 'player-matches') await calls.savePlayerMatches(batch.records, batch.replacing);
    else if (batch.kind === 'match-events') await saveMatchEvents(db, batch.records);
    else await calls.saveAdjustments(batch.records);
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/** The summary printed at the end: counts per kind, then every skipped row with its file and line. */
export function formatReport(report: ImportReport, maxProblems = 50): string {
  const lines = [`Imported in ${report.seconds.toFixed(1)} s`];
  for (const [kind, t] of Object.entries(report.totals)) {
    if (t.created + t.updated + t.unchanged === 0) continue;
    lines.push(`  ${kind.padEnd(18)} ${t.created} created, ${t.updated} updated, ${t.unchanged} unchanged`);
  }
  if (report.playersCreated + report.playersUpdated > 0) {
    lines.push(`  ${'players'.padEnd(18)} ${report.playersCreated} created, ${report.playersUpdated} updated`);
  }
  if (report.problems.length === 0) {
    lines.push('  no rows skipped');
  } else {
    lines.push(`  ${report.problems.length} row(s) skipped:`);
    for (const p of report.problems.slice(0, maxProblems)) lines.push(`    ${p.file}:${p.line}: ${p.message}`);
    if (report.problems.length > maxProblems) lines.push(`    ... and ${report.problems.length - maxProblems} more`);
  }
  return lines.join('\n');
}

/** Entry point of `npm run import`: exit 0 when the import ran (skipped rows included), 1 on a usage or input error, 2 on failure. */
export async function importCli(argv: string[]): Promise<number> {
  try {
    const target = resolveDatabaseTarget('football', process.env);
    if (argv[0] && findSource(argv[0])) {
      const where = target.client === 'sqlite' ? path.relative(process.cwd(), target.location) : new URL(target.location).pathname.slice(1);
      process.stderr.write(`Importing ${argv[0]} into ${target.client} ${where}\n`);
    }
    const report = await runImport(argv, { progress: true });
    console.log(formatReport(report));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof MissingInputError) {
      console.error(error.message);
      return 1;
    }
    console.error(`Import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 2;
  }
}
