import type { AdminCacheSize } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

/** GET /api/admin/cache: the gateway's response cache, its entries and the bytes they hold. */
export const cacheSizeQuery = apiQuery<[], AdminCacheSize>(() => '/api/admin/cache', null);

export function useCacheSize(enabled: boolean) {
  return useApiQuery(cacheSizeQuery, enabled ? [] : null);
}
