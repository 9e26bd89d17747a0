import type { AdminDashboard } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

/** GET /api/admin/dashboard: null on 401 (not signed in), an Error "403: ..." for a non-admin (apiGet's own error). */
export const dashboardQuery = apiQuery<[], AdminDashboard>(() => '/api/admin/dashboard', null);

export function useAdminDashboard(enabled: boolean) {
  return useApiQuery(dashboardQuery, enabled ? [] : null);
}
