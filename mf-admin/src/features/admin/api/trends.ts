import useSWR from 'swr';
import type { AdminTrends, TrendPeriod } from '@matchday/contracts';

export const trendsKey = (period: TrendPeriod) => `/api/admin/trends?period=${period}`;

/** GET /api/admin/trends?period=: sign-ins and new users per day (only while a trend dialog is open). */
export function useAdminTrends(period: TrendPeriod | null) {
  return useSWR<AdminTrends | null>(period ? trendsKey(period) : null);
}
