import type { Knex } from '@matchday/server';
import { datasetSource } from '../../domain/dataset';
import { renewFeedEpoch } from './events';

/**
 * Dataset ownership (table dataset_meta): demo rows and imported rows never mix. Written here; read through
 * domain/dataset.ts.
 */

export const FOOTBALL_TABLES_IN_DELETE_ORDER = [
  'search_terms',
  'external_ids',
  'match_events',
  'standings_adjustments',
  'fixture_odds',
  'fixture_player_stats',
  'fixture_team_stats',
  'squad_members',
  'fixtures',
  'team_aliases',
  'players',
  'seasons',
  'teams',
  'venues',
  'leagues',
] as const;

/**
 * Marks the database as holding imported data. When it holds the demo season, every football row is
 * removed first, so fictional and real clubs never meet.
 */
export async function claimForImport(trx: Knex.Transaction): Promise<'claimed' | 'removed-demo' | 'already'> {
  const source = await datasetSource(trx);
  if (source === 'import') return 'already';
  if (source === 'demo') {
    for (const table of FOOTBALL_TABLES_IN_DELETE_ORDER) await trx(table).delete();
    await trx('dataset_meta').delete();
    await trx('dataset_meta').insert({ key: 'source', value: 'import' });
    // the live feed's positions named demo matches: its readers start again
    await renewFeedEpoch(trx);
    return 'removed-demo';
  }
  if (source) await trx('dataset_meta').where({ key: 'source' }).update({ value: 'import' });
  else await trx('dataset_meta').insert({ key: 'source', value: 'import' });
  return 'claimed';
}

/** Sets one dataset_meta entry (inserted or replaced). */
export async function setDatasetMeta(db: Knex, key: string, value: string): Promise<void> {
  const updated = await db('dataset_meta').where({ key }).update({ value });
  if (updated === 0) await db('dataset_meta').insert({ key, value });
}

/** Marks the database as demo data anchored on `anchorDate` (YYYY-MM-DD). */
export async function markDemoDataset(db: Knex, anchorDate: string): Promise<void> {
  await setDatasetMeta(db, 'source', 'demo');
  await setDatasetMeta(db, 'anchor_date', anchorDate);
}
