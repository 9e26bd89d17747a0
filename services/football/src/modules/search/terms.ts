import type { Knex } from '@matchday/server';
import { searchTerms } from './normalize';

/**
 * The search index: one row per (kind, term, entity), term being a normalised name from one of its
 * words on (see searchTerms). Written next to the rows it describes, by the importer store and the
 * demo generator; read by prefix range, which the (kind, term) primary key answers.
 */
export const SEARCH_TABLE = 'search_terms';

export type SearchKind = 'team' | 'player' | 'league';

export interface SearchTermRow {
  kind: SearchKind;
  term: string;
  entity_id: number;
}

export interface NamedEntity {
  id: number;
  names: ReadonlyArray<string | null | undefined>;
}

export function searchTermRows(kind: SearchKind, entities: readonly NamedEntity[]): SearchTermRow[] {
  return entities.flatMap(({ id, names }) => searchTerms(...names).map((term) => ({ kind, term, entity_id: id })));
}

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

/** Rebuilds the whole index from leagues, teams and players (the migration's backfill). */
export async function rebuildSearchIndex(db: Knex): Promise<void> {
  await db(SEARCH_TABLE).delete();
  const leagues: Array<{ id: number; name: string; display_name: string }> = await db('leagues').select('id', 'name', 'display_name');
  await insertSearchTerms(
    db,
    searchTermRows(
      'league',
      leagues.map((l) => ({ id: Number(l.id), names: [l.display_name, l.name] })),
    ),
  );
  const teams: Array<{ id: number; name: string }> = await db('teams').select('id', 'name');
  await insertSearchTerms(
    db,
    searchTermRows(
      'team',
      teams.map((t) => ({ id: Number(t.id), names: [t.name] })),
    ),
  );
  const players: Array<{ id: number; name: string; first_name: string | null; last_name: string | null }> = await db('players').select(
    'id',
    'name',
    'first_name',
    'last_name',
  );
  await insertSearchTerms(db, searchTermRows('player', players.map(playerNames)));
}

/** A player is found by his name as shown and by first and last name together ("Haaland" and "Erling Braut Haaland"). */
export function playerNames(player: { id: number; name: string; first_name?: string | null; last_name?: string | null }): NamedEntity {
  const full = [player.first_name, player.last_name].filter(Boolean).join(' ');
  return { id: Number(player.id), names: [player.name, full] };
}
