import type { Knex } from '@matchday/server';

/**
 * Where the football rows come from (table dataset_meta, key 'source'): the demo generator ('demo') or an
 * import ('import'). The two never mix: the importer store claims the database for imports and the demo
 * seed marks it as demo (importers/store/dataset.ts writes it); everything else only reads it here.
 */
export const DATASET_META_TABLE = 'dataset_meta';

/** The dataset's source, or undefined in a database nothing was written to yet. */
export async function datasetSource(db: Knex): Promise<string | undefined> {
  const row = (await db(DATASET_META_TABLE).where({ key: 'source' }).first('value')) as { value: string } | undefined;
  return row?.value;
}

/** True when the database holds the demo season (the UI shows a "Demo data" badge, the model feed says so). */
export async function isDemoData(db: Knex): Promise<boolean> {
  return (await datasetSource(db)) === 'demo';
}
