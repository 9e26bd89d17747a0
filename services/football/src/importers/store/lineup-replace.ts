import type { Knex } from '@matchday/server';
import type { SourceName } from '../model';
import type { Row } from './shared';

/**
 * A match's line-up from a source that gives it in full (football.json's `-full` files), replaced as a whole before its
 * new lines are upserted, in the same transaction. The lines the store keeps are one per player and match, merged
 * from every source (a null never overwrites), so the source's old lines of the match are put right first:
 * - a line only this source wrote (no FPL bonus points, no rating, no expected goals) whose player the source no
 *   longer lists goes; a listed player's line takes the source's values, its nulls included;
 * - a line another source shares keeps that source's figures and loses only what this source alone gives
 *   (captain, minute on, minute off), to be written again where the source still says so.
 * A side the source now skips (a malformed line-up) is then left with no line of its own: not available.
 */

/** The columns only a line-up source with minutes gives. */
const OWN_COLUMNS = ['captain', 'came_on', 'went_off'] as const;

/** What another source's line carries that football.json's never does. */
const sharedLine = (row: Row) => row.bps !== null || row.rating !== null || row.expected_goals !== null;

/**
 * Puts right the stored lines of `fixtureId` of players the source knows, for `next` (the fixture's new lines from
 * it, by player id). Returns how many lines it deleted or changed.
 */
export async function replaceSourceLines(
  trx: Knex.Transaction,
  source: SourceName,
  fixtureId: number,
  next: ReadonlyMap<number, Row>,
): Promise<number> {
  const stored = (await trx('fixture_player_stats')
    .where('fixture_id', fixtureId)
    .whereIn('player_id', trx('external_ids').where({ entity: 'player', source }).select('entity_id'))
    .select('*')) as Row[];
  let changed = 0;
  for (const row of stored) {
    const where = { fixture_id: fixtureId, player_id: row.player_id };
    const line = next.get(Number(row.player_id));
    if (!line && !sharedLine(row)) {
      await trx('fixture_player_stats').where(where).delete();
      changed += 1;
      continue;
    }
    const columns = sharedLine(row) ? [...OWN_COLUMNS] : Object.keys(line ?? {});
    const cleared: Row = {};
    for (const column of columns) {
      if ((line?.[column] ?? null) === null && row[column] !== null && row[column] !== undefined) cleared[column] = null;
    }
    if (Object.keys(cleared).length === 0) continue;
    await trx('fixture_player_stats').where(where).update(cleared);
    changed += 1;
  }
  return changed;
}
