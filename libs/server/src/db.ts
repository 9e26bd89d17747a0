import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { dataDir } from './config';

export type { Knex };

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Migrations are listed explicitly (name -> module) so they load the same under tsx, jest and bundlers. */
export type MigrationList = Record<string, Migration>;

export interface DatabaseTarget {
  client: 'sqlite' | 'mysql';
  /** File path for SQLite, connection URL for MySQL. */
  location: string;
}

/** The variables resolveDatabaseTarget reads (a checked configuration, or a CLI's environment). */
export interface DatabaseEnv {
  readonly DATA_DIR?: string;
  readonly DATABASE_URL?: string;
  readonly [name: string]: unknown;
}

/**
 * Where a service's database lives:
 *  1. `<SERVICE>_DATABASE_URL` (e.g. FOOTBALL_DATABASE_URL=mysql://u:p@host:3306/matchday_football)
 *  2. `DATABASE_URL` (mysql://u:p@host:3306) with one database per service, `matchday_<service>`
 *  3. SQLite file `<DATA_DIR>/<service>.sqlite` (the zero-setup default)
 */
export function resolveDatabaseTarget(service: string, env: DatabaseEnv): DatabaseTarget {
  const own = env[`${service.toUpperCase()}_DATABASE_URL`];
  if (typeof own === 'string' && own) return { client: 'mysql', location: own };
  const shared = env.DATABASE_URL;
  if (shared) {
    const url = new URL(shared);
    url.pathname = `/matchday_${service}`;
    return { client: 'mysql', location: url.toString() };
  }
  return { client: 'sqlite', location: path.join(dataDir(env), `${service}.sqlite`) };
}

function mysqlConnection(location: string, withDatabase: boolean): Knex.MySql2ConnectionConfig {
  const url = new URL(location);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) throw new Error(`MySQL URL ${url.host} has no database name`);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    ...(withDatabase ? { database } : {}),
    timezone: 'Z',
    dateStrings: false,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    // A database that is down fails a request in seconds instead of holding it (see acquireConnectionTimeout).
    connectTimeout: 2000,
  };
}

function databaseName(location: string): string {
  return decodeURIComponent(new URL(location).pathname.replace(/^\//, ''));
}

/** Opens the service's database, creating the SQLite file or the MySQL database when missing. */
export async function openDatabase(target: DatabaseTarget): Promise<Knex> {
  if (target.client === 'sqlite') {
    fs.mkdirSync(path.dirname(target.location), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename: target.location },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: { pragma(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('foreign_keys = ON');
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        },
      },
    });
  }
  const name = databaseName(target.location);
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported MySQL database name "${name}"`);
  const admin = knexFactory({ client: 'mysql2', connection: mysqlConnection(target.location, false), pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.destroy();
  }
  return knexFactory({
    client: 'mysql2',
    connection: mysqlConnection(target.location, true),
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: 3000,
  });
}

/** Drops a MySQL database (tests only). */
export async function dropMysqlDatabase(location: string): Promise<void> {
  const name = databaseName(location);
  const admin = knexFactory({ client: 'mysql2', connection: mysqlConnection(location, false), pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await admin.destroy();
  }
}

class ListMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly list: MigrationList) {}
  getMigrations(): Promise<string[]> {
    return Promise.resolve(Object.keys(this.list).sort());
  }
  getMigrationName(name: string): string {
    return name;
  }
  getMigration(name: string): Promise<Knex.Migration> {
    const migration = this.list[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return Promise.resolve(migration);
  }
}

/** How long a start waits for another process's migrations (two gateways started together on one database). */
const MIGRATION_LOCK_WAIT_MS = 60_000;

/**
 * Another process is migrating the same database: it holds knex's lock, or created knex's own bookkeeping tables
 * (knex_migrations, knex_migrations_lock) a moment before this one tried to.
 */
function migratingElsewhere(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  return name === 'MigrationLocked' || code === 'ER_TABLE_EXISTS_ERROR' || code === 'ER_DUP_ENTRY';
}

/**
 * Applies `list`; `tableName`: a record of its own, for a list that shares a database with another one. While
 * another process migrates the same database (two gateways started together), waits and tries again.
 */
export async function migrateLatest(knex: Knex, list: MigrationList, tableName?: string): Promise<string[]> {
  const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
  for (;;) {
    try {
      const [, applied] = (await knex.migrate.latest({
        migrationSource: new ListMigrationSource(list),
        ...(tableName ? { tableName } : {}),
      })) as [number, string[]];
      return applied;
    } catch (error) {
      if (!migratingElsewhere(error) || Date.now() > deadline) throw error;
      if ((error as { name?: string }).name === 'MigrationLocked')
        await dropDuplicateLockRows(knex, `${tableName ?? 'knex_migrations'}_lock`);
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
    }
  }
}

/**
 * Two processes that create knex's lock table at the same moment can each insert its one row. knex takes the lock
 * with `UPDATE ... SET is_locked = 1 WHERE is_locked = 0` and wants exactly one row changed, so with two rows nobody
 * ever gets it ("Migration table is already locked" for ever: the scale-out rig's two gateways, once in seven
 * starts). While no row is locked, the rows after the first are removed.
 */
async function dropDuplicateLockRows(knex: Knex, lockTable: string): Promise<void> {
  await knex.transaction(async (trx) => {
    const rows: Array<{ index: number; is_locked: number }> = await trx(lockTable).select('index', 'is_locked').forUpdate();
    if (rows.length < 2 || rows.some((row) => Number(row.is_locked) !== 0)) return;
    const first = Math.min(...rows.map((row) => Number(row.index)));
    await trx(lockTable).where('index', '>', first).delete();
  });
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** UTC instant -> 'YYYY-MM-DD HH:MM:SS.mmm', the form timestamps are written in on SQLite and MySQL alike. */
export function toSqlDateTime(date: Date = new Date()): string {
  return date.toISOString().slice(0, 23).replace('T', ' ');
}

/** Timestamps come back as Date on MySQL and as strings or numbers on SQLite: normalise to Date. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const text = String(value);
  return new Date(/Z$|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}
