import { FOLLOW_LIMIT, type FollowKind } from '@matchday/contracts';
import { isUniqueViolation, type Knex } from '@matchday/server';
import { inTransaction } from '../../lib/transaction';

export interface FollowRow {
  kind: FollowKind;
  target_id: number;
  created_ms: number | string;
}

/** The user's follows, newest first. */
export async function listFollows(db: Knex, userId: number): Promise<FollowRow[]> {
  return (await db('follows')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_ms', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('kind', 'target_id', 'created_ms')) as FollowRow[];
}

export type AddFollowResult = { outcome: 'added' | 'existed'; row: FollowRow } | { outcome: 'limit' } | { outcome: 'no-user' };

/**
 * Adds a follow unless it exists; refuses past FOLLOW_LIMIT. The user's row is locked first, so two
 * concurrent adds cannot both pass the limit (MySQL; SQLite has one writer anyway).
 */
export async function addFollow(
  db: Knex,
  userId: number,
  kind: FollowKind,
  targetId: number,
  nowMs = Date.now(),
): Promise<AddFollowResult> {
  try {
    return await inTransaction(db, async (trx) => {
      if (!(await trx('users').where({ id: userId }).forUpdate().first('id'))) return { outcome: 'no-user' as const };
      const existing = (await trx('follows')
        .where({ user_id: userId, kind, target_id: targetId })
        .first('kind', 'target_id', 'created_ms')) as FollowRow | undefined;
      if (existing) return { outcome: 'existed' as const, row: existing };
      const [count] = await trx('follows').where({ user_id: userId }).count({ n: '*' });
      if (Number(count?.n ?? 0) >= FOLLOW_LIMIT) return { outcome: 'limit' as const };
      const row: FollowRow = { kind, target_id: targetId, created_ms: nowMs };
      await trx('follows').insert({ user_id: userId, ...row });
      return { outcome: 'added' as const, row };
    });
  } catch (error) {
    // the same follow added by a concurrent request: it exists now
    if (!isUniqueViolation(error)) throw error;
    const row = (await db('follows')
      .where({ user_id: userId, kind, target_id: targetId })
      .first('kind', 'target_id', 'created_ms')) as FollowRow;
    return { outcome: 'existed', row };
  }
}

/** Removes a follow; false when there was none. */
export async function removeFollow(db: Knex, userId: number, kind: FollowKind, targetId: number): Promise<boolean> {
  return (await db('follows').where({ user_id: userId, kind, target_id: targetId }).delete()) > 0;
}
