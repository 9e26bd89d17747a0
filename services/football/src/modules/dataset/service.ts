import type { DatasetInfo } from '@matchday/contracts';
import type { Knex } from '@matchday/server';
import { isDemoData, replayInfo } from '../../domain/dataset';

/** Where the football data comes from: the demo season, a replay of a real season, or neither (imported data). */
export async function datasetInfo(db: Knex): Promise<DatasetInfo> {
  return { demo: await isDemoData(db), replay: await replayInfo(db) };
}
