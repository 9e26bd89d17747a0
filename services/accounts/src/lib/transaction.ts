import type { Knex } from '@matchday/server';

/** MySQL/MariaDB may abort one of two transactions that wait on each other; running it again is safe. */
function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY';
}

/** Runs `work` in one transaction, again (up to 5 times) when the database aborted it for a lock conflict. */
export async function inTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= 5 || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}
