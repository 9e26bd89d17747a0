import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testDatabases } from '@matchday/testing';
import { dropMysqlDatabase, migrateLatest, openDatabase, type Knex, type MigrationList } from '@matchday/server';
import {
  DatabaseRemoteStateStore,
  FileRemoteStateStore,
  openRemoteStateStore,
  remoteStatus,
  rollback,
  rollForward,
  STATE_FILE,
} from '../src';

/** Another list of migrations in the same database (the gateway's sessions): each list keeps its own record. */
const otherMigrations: MigrationList = {
  '20260101a-other': {
    up: (knex) => knex.schema.createTable('other', (t) => t.integer('id').primary()),
    down: (knex) => knex.schema.dropTable('other'),
  },
};

/** The live versions in the gateway's database: what several hosts share instead of DATA_DIR/remotes.json. */
describe.each(testDatabases())('remote versions in the database (%s)', (_label, make) => {
  let root: string;
  let db: Knex;
  let target: ReturnType<typeof make>;

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-remote-db-'));
    for (const version of ['0.1.0', '0.2.0', '0.3.0']) {
      fs.mkdirSync(path.join(root, 'frontends', 'mf-stats', 'dist', version), { recursive: true });
      fs.writeFileSync(path.join(root, 'frontends', 'mf-stats', 'dist', version, 'remoteEntry.js'), '');
    }
    target = make('gateway');
    db = await openDatabase(target);
    // the gateway's own migrations are in the same database: the two lists keep separate records
    await migrateLatest(db, otherMigrations);
  });

  afterEach(async () => {
    await db.destroy();
    if (target.client === 'mysql') await dropMysqlDatabase(target.location);
    fs.rmSync(root, { recursive: true, force: true });
  });

  const frontends = () => path.join(root, 'frontends');

  it('carries over what remotes.json held, then keeps every change in the database only', async () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(
      path.join(dataDir, STATE_FILE),
      JSON.stringify({ live: { 'mf-stats': { version: '0.2.0', changedAt: '2026-11-24T12:00:00.000Z' } }, history: [] }),
    );
    const store = await DatabaseRemoteStateStore.open(db, 'test', dataDir);
    expect(remoteStatus(frontends(), 'mf-stats', await store.read()).live).toBe('0.2.0');

    expect((await rollback(frontends(), store, 'mf-stats', { by: 'cli' })).message).toBe(
      'mf-stats rolled back: 0.1.0 is live (was 0.2.0).',
    );
    // a second host (its own DATA_DIR, nothing in it) sees the change
    const other = await DatabaseRemoteStateStore.open(db, 'test', path.join(root, 'elsewhere'));
    expect(remoteStatus(frontends(), 'mf-stats', await other.read())).toMatchObject({ live: '0.1.0', next: '0.2.0' });
    await rollForward(frontends(), other, 'mf-stats', { by: 'admin:a@example.com' });
    expect((await store.read()).history.map((c) => `${c.action} ${c.from}->${c.to} ${c.by}`)).toEqual([
      'rollback 0.2.0->0.1.0 cli',
      'roll-forward 0.1.0->0.2.0 admin:a@example.com',
    ]);
    // the file was left as it was: the database is the state now
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, STATE_FILE), 'utf8')).live['mf-stats'].version).toBe('0.2.0');
  });

  it('makes concurrent changes one after the other (each sees the one before)', async () => {
    const store = await DatabaseRemoteStateStore.open(db, 'test', path.join(root, 'data'));
    const results = await Promise.all(
      ['0.1.0', '0.2.0', '0.3.0', '0.1.0'].map((to) => rollback(frontends(), store, 'mf-stats', { to, by: 'cli' })),
    );
    const history = (await store.read()).history;
    expect(history).toHaveLength(results.filter((r) => r.changed).length);
    for (let i = 1; i < history.length; i += 1) expect(history[i]!.from).toBe(history[i - 1]!.to);
  });

  it('is chosen for a MySQL gateway database; SQLite keeps the DATA_DIR file', async () => {
    const store = await openRemoteStateStore(target, path.join(root, 'data'), db);
    expect(store).toBeInstanceOf(target.client === 'mysql' ? DatabaseRemoteStateStore : FileRemoteStateStore);
    await store.close();
  });
});
