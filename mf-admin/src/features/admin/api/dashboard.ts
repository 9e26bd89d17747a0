import useSWR from 'swr';
import type { AdminDashboard } from '@matchday/contracts';

export const DASHBOARD_KEY = '/api/admin/dashboard';

/** GET /api/admin/dashboard: null on 401 (not signed in), an Error "403: ..." for a non-admin. */
export function useAdminDashboard(enabled: boolean) {
  return useSWR<AdminDashboard | null>(enabled ? DASHBOARD_KEY : null);
}
