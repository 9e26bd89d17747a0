import type { Knex } from '@matchday/server';
import { SEARCH_TABLE, searchTermRows, type NamedEntity, type SearchKind, type SearchTermRow } from '../../domain/search';

/** The search index is written next to the rows it describes: by the sections of this store and the demo seed. */

const BATCH = 500;

/** (Re)writes the terms of these entities: their old terms go, the terms of their current names come in. */
export async function indexNames(db: Knex, kind: SearchKind, entities: readonly NamedEntity[]): Promise<void> {
  if (entities.length === 0) return;
  const ids = entities.map((e) => e.id);
  for (let i = 0; i < ids.length; i += BATCH) {
    await db(SEARCH_TABLE)
      .where({ kind })
      .whereIn('entity_id', ids.slice(i, i + BATCH))
      .delete();
  }
  await insertSearchTerms(db, searchTermRows(kind, entities));
}

/** Inserts term rows (new entities, nothing to replace). */
export async function insertSearchTerms(db: Knex, rows: readonly SearchTermRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db(SEARCH_TABLE).insert(rows.slice(i, i + BATCH));
}
