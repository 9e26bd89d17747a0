import type { MigrationList } from '@matchday/server';
import * as insightRuns from './20261122a-insight-runs';
import * as tips from './20261123a-tips';
import * as tipsDouble from './20261123b-tips-double-precision';

export const migrations: MigrationList = {
  '20261122a-insight-runs': insightRuns,
  '20261123a-tips': tips,
  '20261123b-tips-double-precision': tipsDouble,
};
