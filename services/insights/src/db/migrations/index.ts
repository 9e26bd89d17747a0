import type { MigrationList } from '@matchday/server';
import * as insightRuns from './20261122a-insight-runs';

export const migrations: MigrationList = {
  '20261122a-insight-runs': insightRuns,
};
