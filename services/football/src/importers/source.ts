import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Knex } from '@matchday/server';
import type { ImportedAdjustment, ImportedMatch, ImportedPlayerMatch, ImportedSquadMember, MatchRef, RowProblem } from './model';
import type { SaveSummary } from './store';

/**
 * What an import source is: it reads its command-line arguments (before any database is opened, so a
 * bad option or a missing file fails fast), then parses its files into records (model.ts) and hands
 * them to the context, which writes them through the store with a progress bar and adds them up for
 * the summary. Register a source in sources/index.ts.
 */
export interface ImportSource<Options> {
  name: string;
  /** One line for the help text, e.g. "fpl <season dir>". */
  usage: string;
  /** Throws UsageError (or MissingInputError) with a clear message. `cwd`: where the command was started. */
  parseArgs(args: string[], cwd: string): Options;
  run(options: Options, context: ImportContext): Promise<void>;
}

export interface ImportContext {
  db: Knex;
  /** Rows the parser could not read: reported in the summary with file and line. */
  reportProblems(problems: readonly RowProblem[]): void;
  /** A note printed above the progress bar (e.g. "reading merged_gw.csv"). */
  log(message: string): void;
  saveMatches(matches: readonly ImportedMatch[]): Promise<SaveSummary>;
  saveSquad(members: readonly ImportedSquadMember[]): Promise<SaveSummary>;
  /** `replacing`: matches whose lines from their source these are in full (the source's other stored lines go). */
  savePlayerMatches(lines: readonly ImportedPlayerMatch[], replacing?: readonly MatchRef[]): Promise<SaveSummary>;
  saveAdjustments(adjustments: readonly ImportedAdjustment[]): Promise<SaveSummary>;
}

/** Wrong use of the command: unknown source, unknown or missing option. */
export class UsageError extends Error {}

/** A file or directory named on the command line does not exist or cannot be read. */
export class MissingInputError extends Error {}

/** A registered source with its option type hidden: parse first, run later. */
export interface RegisteredSource {
  name: string;
  usage: string;
  prepare(args: string[], cwd: string): (context: ImportContext) => Promise<void>;
}

export function registerSource<Options>(source: ImportSource<Options>): RegisteredSource {
  return {
    name: source.name,
    usage: source.usage,
    prepare(args, cwd) {
      const options = source.parseArgs(args, cwd);
      return (context) => source.run(options, context);
    },
  };
}

/** node:util parseArgs with strict checking, failing as a UsageError that names the source. */
export function parseCommandLine<T extends NonNullable<ParseArgsConfig['options']>>(
  sourceName: string,
  args: string[],
  options: T,
): { values: Record<keyof T, string | boolean | undefined>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: parsed.values as unknown as Record<keyof T, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${sourceName}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A whole-number option ("--league 39"); throws UsageError naming the option. */
export function integerOption(sourceName: string, name: string, value: string | boolean | undefined, required: true): number;
export function integerOption(sourceName: string, name: string, value: string | boolean | undefined, required?: false): number | undefined;
export function integerOption(sourceName: string, name: string, value: string | boolean | undefined, required = false): number | undefined {
  if (value === undefined) {
    if (required) throw new UsageError(`${sourceName}: --${name} is required`);
    return undefined;
  }
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw new UsageError(`${sourceName}: --${name} must be a whole number, got "${String(value)}"`);
  return Number(value);
}

/** Resolves a path argument against `cwd` and checks it exists (and is a file or a directory as asked). */
export function inputPath(sourceName: string, cwd: string, value: string | undefined, kind: 'file' | 'directory' | 'any' = 'any'): string {
  if (!value) throw new UsageError(`${sourceName}: a path is required`);
  const resolved = path.resolve(cwd, value);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch {
    throw new MissingInputError(`${sourceName}: ${resolved} does not exist`);
  }
  if (kind === 'file' && !stat.isFile()) throw new MissingInputError(`${sourceName}: ${resolved} is not a file`);
  if (kind === 'directory' && !stat.isDirectory()) throw new MissingInputError(`${sourceName}: ${resolved} is not a directory`);
  return resolved;
}
