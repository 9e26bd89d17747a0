import type { Knex } from '@matchday/server';
import type { BulkTables } from '../../db/rows';
import type { RecordOrigin, RowProblem } from '../model';

/**
 * What every section of the store shares: the save summary, batching, and the column comparison that
 * makes re-running an import write nothing.
 */

export interface SaveSummary {
  created: number;
  updated: number;
  unchanged: number;
  /** Records not stored, each with the reason. */
  problems: RowProblem[];
  playersCreated: number;
  playersUpdated: number;
}

export interface SaveOptions {
  /** Called as records are processed (done of total). */
  onProgress?: (done: number, total: number) => void;
}

const BATCH = 500;

export type Row = Record<string, unknown>;

export function emptySummary(): SaveSummary {
  return { created: 0, updated: 0, unchanged: 0, problems: [], playersCreated: 0, playersUpdated: 0 };
}

export function problemAt(origin: RecordOrigin | undefined, fallback: string, message: string): RowProblem {
  return { file: origin?.file ?? fallback, line: origin?.line ?? 0, message };
}

export function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function insertBatches(trx: Knex, table: string, rows: readonly object[]): Promise<void> {
  if (rows.length === 0 || (await sqliteInsert(trx, table, rows))) return;
  for (const part of chunks(rows)) await trx(table).insert(part);
}

/** The part of a better-sqlite3 connection the bulk insert uses. */
interface SqliteConnection {
  prepare(sql: string): { run(params: unknown[]): unknown };
}

/** A value as knex's better-sqlite3 dialect binds it (dates as epoch ms, booleans as 0/1, missing as NULL). */
function sqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return Number(value);
  return value;
}

/**
 * SQLite inside a transaction: one statement prepared once and run for every row on the transaction's own
 * connection. Building and preparing a 500-row insert through the query builder costs ~50 µs a row (a season of FPL
 * lines, 30,000 rows of 29 columns, took 1.5 s); this costs a few. The rows and their NULLs are those knex would
 * insert (useNullAsDefault). False, and nothing written, elsewhere (MySQL takes the 500-row inserts) or for a value
 * SQLite cannot bind as it is.
 */
async function sqliteInsert(trx: Knex, table: string, rows: readonly object[]): Promise<boolean> {
  if (!trx.isTransaction || trx.client.config.client !== 'better-sqlite3') return false;
  const columns = new Set<string>();
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) return false;
      columns.add(column);
    }
  }
  const names = [...columns];
  const connection = (await trx.client.acquireConnection()) as SqliteConnection;
  const statement = connection.prepare(
    `insert into \`${table}\` (${names.map((name) => `\`${name}\``).join(', ')}) values (${names.map(() => '?').join(', ')})`,
  );
  for (const row of rows) statement.run(names.map((name) => sqliteValue((row as Row)[name])));
  return true;
}

/**
 * Inserts rows of one table in batches of 500 (SQLite's bound-variable limit): the one bulk insert of every
 * table, its rows typed by db/rows.ts. Rows given with their ids (as the demo seed generates them) keep them;
 * names inserted so are indexed for search by the caller (insertSearchTerms).
 */
export async function insertRows<T extends keyof BulkTables>(trx: Knex, table: T, rows: ReadonlyArray<BulkTables[T]>): Promise<void> {
  await insertBatches(trx, table, rows);
}

/** Column comparison that ignores how SQLite and MySQL hand values back (0/1 vs booleans, float rounding). */
function sameValue(a: unknown, b: unknown): boolean {
  const left = a === undefined ? null : a;
  const right = b === undefined ? null : b;
  if (left === null || right === null) return left === right;
  if (typeof left === 'boolean' || typeof right === 'boolean') return Number(left) === Number(right);
  if (typeof left === 'number' || typeof right === 'number') {
    const x = Number(left);
    const y = Number(right);
    return Math.abs(x - y) <= Math.max(Math.abs(x), Math.abs(y)) * 1e-6 + 0.005;
  }
  return String(left) === String(right);
}

/** Columns of `next` whose value differs from `current` (undefined/null in `next` = "source has no value", kept). */
export function changedColumns(current: Row, next: object): Row {
  const changes: Row = {};
  for (const [column, value] of Object.entries(next)) {
    if (value === null || value === undefined) continue;
    if (!sameValue(current[column], value)) changes[column] = value;
  }
  return changes;
}

export function isEmptyObject(row: Row): boolean {
  return Object.keys(row).length === 0;
}

/**
 * Upserts keyed child rows (team stats, odds, player stats): loads what the fixtures already have,
 * inserts the new keys in batches, updates changed columns. Returns the fixture ids that changed.
 */
export async function upsertChildren(
  trx: Knex.Transaction,
  table: string,
  keyColumns: readonly string[],
  rows: Row[],
  counts?: { created: number; updated: number; unchanged: number },
): Promise<Set<number>> {
  const changedFixtures = new Set<number>();
  if (rows.length === 0) return changedFixtures;
  const keyOf = (row: Row) => keyColumns.map((c) => String(Number(row[c]) || row[c])).join('|');
  const existing = new Map<string, Row>();
  const fixtureIds = [...new Set(rows.map((r) => Number(r.fixture_id)))];
  for (const part of chunks(fixtureIds)) {
    const stored = (await trx(table).whereIn('fixture_id', part).select('*')) as Row[];
    for (const row of stored) existing.set(keyOf(row), row);
  }
  const inserts: Row[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row);
    if (seen.has(key)) continue;
    seen.add(key);
    const current = existing.get(key);
    if (!current) {
      inserts.push(row);
      changedFixtures.add(Number(row.fixture_id));
      if (counts) counts.created += 1;
      continue;
    }
    const changes = changedColumns(current, row);
    if (isEmptyObject(changes)) {
      if (counts) counts.unchanged += 1;
      continue;
    }
    const where: Row = {};
    for (const column of keyColumns) where[column] = row[column];
    await trx(table).where(where).update(changes);
    changedFixtures.add(Number(row.fixture_id));
    if (counts) counts.updated += 1;
  }
  await insertBatches(trx, table, inserts);
  return changedFixtures;
}
