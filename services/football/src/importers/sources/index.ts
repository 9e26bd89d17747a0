import type { RegisteredSource } from '../source';
import { adjustmentsSource } from './adjustments';
import { apiFootballSource } from './api-football';
import { footballDataCoUkSource } from './football-data-co-uk';
import { footballJsonSource } from './football-json';
import { fplSource } from './fpl';
import { openfootballSource } from './openfootball';
import { resultsCsvSource } from './results-csv';

/**
 * Every source `npm run import -- <source> ...` knows, by name. A source module exports
 * `registerSource({ name, usage, parseArgs, run })` (see ../source.ts) and is listed here.
 */
export const SOURCES: readonly RegisteredSource[] = [
  footballDataCoUkSource,
  fplSource,
  openfootballSource,
  resultsCsvSource,
  apiFootballSource,
  adjustmentsSource,
  footballJsonSource,
];

export function findSource(name: string): RegisteredSource | undefined {
  return SOURCES.find((source) => source.name === name);
}
