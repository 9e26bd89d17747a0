import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  missingSharedNames,
  REMOTE_NAMES,
  SHARED_API_MANIFEST,
  type RemoteName,
  type RemoteStatus,
  type SharedApiManifest,
} from '@matchday/contracts';
import { migrateLatest, openDatabase, type DatabaseTarget, type Knex, type MigrationList } from './db';

/**
 * Which version of each remote is live, shared by the deploy / rollback CLI and the gateway (its manifest and
 * the admin Remotes panel). It lives where the gateway's sessions live: in the gateway's database when that is a
 * server database (GATEWAY_DATABASE_URL or DATABASE_URL: every gateway and every host's CLI see one state), else
 * in one small JSON file in DATA_DIR (the single-host default). The gateway reads it at every manifest request,
 * so a change needs no restart. Version directories are never touched here: a rollback only points the state
 * at another directory that is already on disk.
 */

/** A remote's version directory name: plain semver, never a path segment such as `..`. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/;

export const STATE_FILE = 'remotes.json';
/** The hand-edited pins of the first release ({"mf-stats": "0.1.0"}), read while no state file exists. */
export const LEGACY_PINS_FILE = 'remote-pins.json';
const HISTORY_LENGTH = 100;

export type RemoteAction = 'deploy' | 'rollback' | 'roll-forward';

export interface RemoteChange {
  at: string;
  remote: RemoteName;
  action: RemoteAction;
  from: string | null;
  to: string;
  /** "cli" or "admin:<e-mail>". */
  by: string;
}

export interface RemoteState {
  /** The chosen version per remote; a remote not listed serves its newest built version. */
  live: Partial<Record<RemoteName, { version: string; changedAt: string }>>;
  /** The latest changes, newest last. */
  history: RemoteChange[];
}

/** Bad input (unknown remote or version, nothing to roll back to, a failed build): nothing was changed. */
export class RemoteStateError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((p) => (Number.isNaN(Number(p)) ? p : Number(p)));
  const pb = b.split(/[.+-]/).map((p) => (Number.isNaN(Number(p)) ? p : Number(p)));
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x).localeCompare(String(y));
  }
  return 0;
}

/** Versions of a remote built on this server (folders holding a remoteEntry.js), newest first. */
export function availableVersions(frontendRoot: string, name: RemoteName): string[] {
  const dir = path.join(frontendRoot, name, 'dist');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((v) => VERSION_PATTERN.test(v) && fs.existsSync(path.join(dir, v, 'remoteEntry.js')))
    .sort((a, b) => compareVersions(b, a));
}

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** The remote named on a command line or in a URL, or a clear error listing the remotes. */
export function parseRemoteName(name: string | undefined): RemoteName {
  if (name && isRemoteName(name)) return name;
  throw new RemoteStateError(
    name ? `Unknown remote "${name}". Remotes: ${REMOTE_NAMES.join(', ')}.` : `Name a remote: ${REMOTE_NAMES.join(', ')}.`,
    404,
  );
}

function emptyState(): RemoteState {
  return { live: {}, history: [] };
}

function legacyPins(dataDir: string): RemoteState {
  const state = emptyState();
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dataDir, LEGACY_PINS_FILE), 'utf8'));
    if (!parsed || typeof parsed !== 'object') return state;
    for (const [name, version] of Object.entries(parsed as Record<string, unknown>)) {
      if (isRemoteName(name) && typeof version === 'string') state.live[name] = { version, changedAt: '' };
    }
  } catch {
    // no pins file (or an unreadable one): every remote serves its newest version
  }
  return state;
}

/** The file store's state: DATA_DIR/remotes.json, else the legacy pins file, else nothing chosen. */
export function readRemoteState(dataDir: string): RemoteState {
  try {
    return parseState(fs.readFileSync(path.join(dataDir, STATE_FILE), 'utf8'));
  } catch {
    return legacyPins(dataDir);
  }
}

/** The version each remote serves: the chosen one while it is still on disk, else the newest built. */
export function liveVersion(available: string[], state: RemoteState, name: RemoteName): string | null {
  const chosen = state.live[name]?.version;
  return chosen && available.includes(chosen) ? chosen : (available[0] ?? null);
}

export function remoteStatus(frontendRoot: string, name: RemoteName, state: RemoteState): RemoteStatus {
  const available = availableVersions(frontendRoot, name);
  const live = liveVersion(available, state, name);
  const index = live ? available.indexOf(live) : -1;
  const chosen = state.live[name];
  return {
    name,
    live,
    available,
    previous: index >= 0 ? (available[index + 1] ?? null) : null,
    next: index > 0 ? (available[index - 1] ?? null) : null,
    changedAt: chosen && chosen.version === live && chosen.changedAt ? chosen.changedAt : null,
  };
}

export function remoteStatuses(frontendRoot: string, state: RemoteState): RemoteStatus[] {
  return REMOTE_NAMES.map((name) => remoteStatus(frontendRoot, name, state));
}

/** Where the state is kept; `update` runs one change at a time over every process that shares the store. */
export interface RemoteStateStore {
  /** For people: the file or the database. */
  readonly where: string;
  read(): Promise<RemoteState>;
  /** Reads the state under the store's lock, lets `change` edit it in place, and saves it when `change` says so. */
  update<T>(change: (state: RemoteState) => { save: boolean; result: T }): Promise<T>;
  close(): Promise<void>;
}

/* ---- The file store: one writer at a time (a lock directory), and the file replaced in one rename. ---- */

const LOCK_WAIT_MS = 3000;
const LOCK_STALE_MS = 30_000;

function busy(): RemoteStateError {
  return new RemoteStateError('Another deploy or rollback is changing the remotes: try again in a moment.', 409);
}

/** Waits for the lock without blocking the event loop (the gateway calls this from a request). */
async function withStateLock<T>(dataDir: string, work: () => T): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = path.join(dataDir, `${STATE_FILE}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a process that died mid-change is taken over.
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) throw busy();
      await delay(25);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function writeState(dataDir: string, state: RemoteState): void {
  const file = path.join(dataDir, STATE_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(temporary, file);
  // The legacy pins now live in the state file; the old file is kept, renamed, for the record.
  const legacy = path.join(dataDir, LEGACY_PINS_FILE);
  if (fs.existsSync(legacy)) fs.renameSync(legacy, `${legacy}.migrated`);
}

/** DATA_DIR/remotes.json: one host's state (several hosts share it only on a shared volume). */
export class FileRemoteStateStore implements RemoteStateStore {
  constructor(private readonly dataDir: string) {}

  get where(): string {
    return path.join(this.dataDir, STATE_FILE);
  }

  read(): Promise<RemoteState> {
    return Promise.resolve(readRemoteState(this.dataDir));
  }

  update<T>(change: (state: RemoteState) => { save: boolean; result: T }): Promise<T> {
    return withStateLock(this.dataDir, () => {
      const state = readRemoteState(this.dataDir);
      const { save, result } = change(state);
      if (save) writeState(this.dataDir, state);
      return result;
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/* ---- The database store: one row in the gateway's database, changed in a transaction that locks it. ---- */

const STATE_TABLE = 'remote_state';

/** The remote-state table, with its own migrations table: the gateway's session migrations and these never meet. */
export const remoteStateMigrations: MigrationList = {
  '20261126a-remote-state': {
    async up(knex) {
      await knex.schema.createTable(STATE_TABLE, (t) => {
        t.integer('id').primary();
        t.text('data', 'mediumtext').notNullable();
        t.bigInteger('updated_at').notNullable();
      });
    },
    async down(knex) {
      await knex.schema.dropTable(STATE_TABLE);
    },
  },
};

/** A stored state (file or row); a damaged one must not take the site down: the newest versions serve until the next change. */
function parseState(text: string): RemoteState {
  const state = emptyState();
  try {
    const parsed = JSON.parse(text) as Partial<RemoteState>;
    for (const [name, entry] of Object.entries(parsed.live ?? {})) {
      if (isRemoteName(name) && entry && typeof entry.version === 'string')
        state.live[name] = { version: entry.version, changedAt: String(entry.changedAt ?? '') };
    }
    state.history = Array.isArray(parsed.history) ? parsed.history : [];
  } catch {
    // serve the newest versions until the next change rewrites it
  }
  return state;
}

/**
 * The state in the gateway's database (table remote_state, one row). The first use carries over what
 * DATA_DIR/remotes.json (or the legacy pins) held on this host, so switching to a database keeps the live versions.
 */
export class DatabaseRemoteStateStore implements RemoteStateStore {
  private constructor(
    private readonly db: Knex,
    readonly where: string,
    private readonly owned: boolean,
  ) {}

  /** Opens (and migrates) the store on `db`; `owned`: close() destroys the connection pool too. */
  static async open(db: Knex, where: string, dataDir: string, owned = false): Promise<DatabaseRemoteStateStore> {
    await migrateLatest(db, remoteStateMigrations, 'knex_migrations_remote_state');
    const initial = JSON.stringify(readRemoteState(dataDir));
    await db(STATE_TABLE).insert({ id: 1, data: initial, updated_at: Date.now() }).onConflict('id').ignore();
    return new DatabaseRemoteStateStore(db, where, owned);
  }

  async read(): Promise<RemoteState> {
    const row = (await this.db(STATE_TABLE).where({ id: 1 }).first('data')) as { data: string } | undefined;
    return row ? parseState(String(row.data)) : emptyState();
  }

  update<T>(change: (state: RemoteState) => { save: boolean; result: T }): Promise<T> {
    return this.db.transaction(async (trx) => {
      const query = trx(STATE_TABLE).where({ id: 1 });
      // MySQL: the row lock makes concurrent changes (two hosts, the CLI and the panel) one after the other;
      // SQLite's transactions are one writer at a time already.
      const row = (await (this.db.client.config.client === 'mysql2' ? query.forUpdate() : query).first('data')) as
        { data: string } | undefined;
      const state = row ? parseState(String(row.data)) : emptyState();
      const { save, result } = change(state);
      if (save)
        await trx(STATE_TABLE)
          .where({ id: 1 })
          .update({ data: JSON.stringify(state), updated_at: Date.now() });
      return result;
    });
  }

  async close(): Promise<void> {
    if (this.owned) await this.db.destroy();
  }
}

/**
 * The store beside the gateway's sessions (`target`, resolveDatabaseTarget('gateway', env)): that database when it
 * is MySQL (GATEWAY_DATABASE_URL or DATABASE_URL), else DATA_DIR/remotes.json. `db`: the gateway's own connection
 * to that database, when it has one open already.
 */
export async function openRemoteStateStore(target: DatabaseTarget, dataDir: string, db?: Knex): Promise<RemoteStateStore> {
  if (target.client !== 'mysql') return new FileRemoteStateStore(dataDir);
  const where = `database ${new URL(target.location).pathname.slice(1)} (table ${STATE_TABLE})`;
  if (db) return DatabaseRemoteStateStore.open(db, where, dataDir);
  return DatabaseRemoteStateStore.open(await openDatabase(target), where, dataDir, true);
}

export interface ChangeResult {
  /** One line for people: what changed, or why nothing did. */
  message: string;
  changed: boolean;
  remote: RemoteStatus;
}

function readSharedApi(file: string): SharedApiManifest | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SharedApiManifest;
  } catch {
    return null;
  }
}

/**
 * Why a remote version cannot go live beside the shell served from `frontendRoot`: it needs names of the UI kit or
 * of a facade that the shell's copy (the one the runtime hands every remote) lacks, e.g. a remote built against a
 * newer UI kit than the shell's. Null when nothing is missing, or when either build predates shared-api.json.
 */
export function sharedApiProblem(
  frontendRoot: string,
  name: RemoteName,
  version: string,
  /** Where that version's build is (default its version directory; a deploy checks its staging folder). */
  buildDir = path.join(frontendRoot, name, 'dist', version),
): string | null {
  const shell = readSharedApi(path.join(frontendRoot, 'shell', 'dist', SHARED_API_MANIFEST));
  const remote = readSharedApi(path.join(buildDir, SHARED_API_MANIFEST));
  if (!shell || !remote) return null;
  const missing = missingSharedNames(remote, shell);
  if (!missing.length) return null;
  const shown = missing.length > 6 ? [...missing.slice(0, 6), `${missing.length - 6} more`] : missing;
  return `${name} ${version} needs what the shell served here does not have (${shown.join(', ')}): deploy the shell first.`;
}

/**
 * Makes `version` live for `name` (it must be built on disk and fit the served shell: sharedApiProblem). The one
 * place every deploy, rollback and roll forward ends, whether it comes from the CLI or the admin panel.
 */
export async function setLiveVersion(
  frontendRoot: string,
  store: RemoteStateStore,
  name: RemoteName,
  version: string,
  action: RemoteAction,
  by: string,
  /** A deploy says what was live before its build appeared on disk (it is the newest built from then on). */
  liveBefore?: string | null,
): Promise<ChangeResult> {
  return store.update<ChangeResult>((state) => {
    const before = remoteStatus(frontendRoot, name, state);
    if (!before.available.includes(version)) {
      throw new RemoteStateError(
        before.available.length
          ? `${name} has no version "${version}". Available: ${before.available.join(', ')}.`
          : `${name} has no built version: deploy it first (npm run deploy -- ${name}).`,
        404,
      );
    }
    const problem = sharedApiProblem(frontendRoot, name, version);
    if (problem) throw new RemoteStateError(`${problem} Nothing changed.`, 409);
    // A deploy is always recorded (its version may be live already only as the newest built).
    if (before.live === version && action !== 'deploy') {
      return { save: false, result: { message: `${name} ${version} is already live; nothing changed.`, changed: false, remote: before } };
    }
    const at = new Date().toISOString();
    const from = liveBefore === undefined ? before.live : liveBefore;
    state.live[name] = { version, changedAt: at };
    state.history = [...state.history, { at, remote: name, action, from, to: version, by }].slice(-HISTORY_LENGTH);
    const verb = action === 'deploy' ? 'deployed' : action === 'rollback' ? 'rolled back' : 'rolled forward';
    return {
      save: true,
      result: {
        message: `${name} ${verb}: ${version} is live (was ${from ?? 'none'}).`,
        changed: true,
        remote: remoteStatus(frontendRoot, name, state),
      },
    };
  });
}

/** Makes the next older version live, or `to` when given (any built version). */
export async function rollback(
  frontendRoot: string,
  store: RemoteStateStore,
  name: RemoteName,
  options: { to?: string; by: string },
): Promise<ChangeResult> {
  const current = remoteStatus(frontendRoot, name, await store.read());
  if (options.to !== undefined) {
    if (!VERSION_PATTERN.test(options.to)) throw new RemoteStateError(`"${options.to}" is not a version (for example 0.1.0).`, 400);
    const action = current.live && compareVersions(options.to, current.live) > 0 ? 'roll-forward' : 'rollback';
    return setLiveVersion(frontendRoot, store, name, options.to, action, options.by);
  }
  if (!current.live) throw new RemoteStateError(`${name} has no built version: deploy it first (npm run deploy -- ${name}).`, 404);
  if (!current.previous)
    throw new RemoteStateError(`${name} is at its oldest version (${current.live}): there is nothing to roll back to.`, 409);
  return setLiveVersion(frontendRoot, store, name, current.previous, 'rollback', options.by);
}

/** Makes the next newer version live (after a rollback). */
export async function rollForward(
  frontendRoot: string,
  store: RemoteStateStore,
  name: RemoteName,
  options: { by: string },
): Promise<ChangeResult> {
  const current = remoteStatus(frontendRoot, name, await store.read());
  if (!current.live) throw new RemoteStateError(`${name} has no built version: deploy it first (npm run deploy -- ${name}).`, 404);
  if (!current.next)
    throw new RemoteStateError(`${name} is at its newest version (${current.live}): there is nothing to roll forward to.`, 409);
  return setLiveVersion(frontendRoot, store, name, current.next, 'roll-forward', options.by);
}
