import type { AdminTrends, TrendPeriod } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

/** GET /api/admin/trends?period=: sign-ins and new users per day (only while a trend dialog is open). */
export const trendsQuery = apiQuery<[period: TrendPeriod], AdminTrends>((period) => `/api/admin/trends?period=${period}`, null);

export function useAdminTrends(period: TrendPeriod | null) {
  return useApiQuery(trendsQuery, period ? [period] : null);
}
