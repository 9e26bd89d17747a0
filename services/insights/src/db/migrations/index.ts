import type { MigrationList } from '@matchday/server';
import * as insightRuns from './20261122a-insight-runs';
import * as tips from './20261123a-tips';
import * as tipsDouble from './20261123b-tips-double-precision';
import * as dropInsightRuns from './20261126a-drop-insight-runs';
import * as tipsOrigin from './20261207a-tips-origin';
import * as dream11Record from './20261207b-dream11-record';

export const migrations: MigrationList = {
  '20261122a-insight-runs': insightRuns,
  '20261123a-tips': tips,
  '20261123b-tips-double-precision': tipsDouble,
  '20261126a-drop-insight-runs': dropInsightRuns,
  '20261207a-tips-origin': tipsOrigin,
  '20261207b-dream11-record': dream11Record,
};
