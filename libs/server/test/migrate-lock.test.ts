import { testDatabases } from '@matchday/testing';
import { dropMysqlDatabase, migrateLatest, openDatabase, type MigrationList } from '../src/db';

const table = (name: string): MigrationList[string] => ({
  up: (knex) => knex.schema.createTable(name, (t) => t.integer('id').primary()),
  down: (knex) => knex.schema.dropTable(name),
});

/** Two processes that created knex's lock table together left it with two rows: nobody could take the lock. */
describe.each(testDatabases())('migrations after a doubled lock row (%s)', (_label, make) => {
  it('removes the extra unlocked row and applies what is pending, within the wait for another migrator', async () => {
    const target = make('lockrows');
    const db = await openDatabase(target);
    try {
      await migrateLatest(db, { '20260101a-first': table('first') });
      await db('knex_migrations_lock').insert({ is_locked: 0 });
      expect(await db('knex_migrations_lock').count({ n: '*' })).toEqual([{ n: 2 }]);
      expect(await migrateLatest(db, { '20260101a-first': table('first'), '20260102a-second': table('second') })).toEqual([
        '20260102a-second',
      ]);
      expect((await db('knex_migrations_lock').select('is_locked')).map((row) => Number(row.is_locked))).toEqual([0]);
    } finally {
      await db.destroy();
      if (target.client === 'mysql') await dropMysqlDatabase(target.location);
    }
  }, 20_000);
});
