import type { SyncRunReply, SyncStatusReply } from '@matchday/contracts';
import { apiSend } from '@matchday/ui';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

/** GET /api/admin/sync: each followed league's last run, last change and last error. */
export const syncQuery = apiQuery<[], SyncStatusReply>(() => '/api/admin/sync', null);

export function useSyncStatus(enabled: boolean) {
  return useApiQuery(syncQuery, enabled ? [] : null);
}

/** POST /api/admin/sync: runs the sync now; answers once every league is done, with what each did. */
export function runSync(): Promise<SyncRunReply> {
  return apiSend<SyncRunReply>('POST', '/api/admin/sync');
}
