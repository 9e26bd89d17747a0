import type { AppFiles } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

/** GET /api/admin/pwa-files (spec §4 admin app-files: loading, ready, failed); apiGet's own error tells a network failure apart. */
export const pwaFilesQuery = apiQuery<[], AppFiles>(() => '/api/admin/pwa-files', null);

export function usePwaFiles(enabled: boolean) {
  return useApiQuery(pwaFilesQuery, enabled ? [] : null);
}
