import type { ReplayInfo } from '@matchday/contracts';
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

const DAY_MS = 86_400_000;

/**
 * The replay this database serves (importers/replay.ts writes it), or null: what is replayed, by how much every
 * kick-off was moved (a real date is the stored one minus the shift), and the real first and last kick-off.
 */
export async function replayInfo(db: Knex): Promise<ReplayInfo | null> {
  const rows = (await db(DATASET_META_TABLE)
    .whereIn('key', ['date_shift_days', 'replay_label', 'replay_first', 'replay_last'])
    .select('key', 'value')) as Array<{ key: string; value: string }>;
  const meta = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  if (meta.date_shift_days === undefined) return null;
  const shiftMs = Math.round(Number(meta.date_shift_days) * DAY_MS);
  return {
    label: meta.replay_label ?? 'a real season',
    shiftMs,
    first: meta.replay_first ?? null,
    last: meta.replay_last ?? null,
  };
}
