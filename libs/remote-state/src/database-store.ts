import { migrateLatest, openDatabase, type DatabaseTarget, type Knex, type MigrationList } from '@matchday/server';
import { FileRemoteStateStore } from './file-store';
import { emptyState, parseState, readRemoteState, type RemoteState, type RemoteStateStore } from './state';

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
