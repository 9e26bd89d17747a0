import { toDate, toSqlDateTime, type Knex } from '@matchday/server';
import { TREND_PERIOD_DAYS, type AdminDashboard, type AdminRecentUser, type AdminTrends, type TrendPeriod } from '@matchday/contracts';
import { countPerDay, dashboardCounts } from './repository';

const DAY_MS = 86_400_000;

/** Percent change from `previous` to `current`, one decimal; 100 when growing from nothing. */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The admin dashboard (spec §3): the counts, growth week on week and month on month, the newest accounts. */
export async function adminDashboard(db: Knex, now = new Date()): Promise<AdminDashboard> {
  const counts = await dashboardCounts(db, now);
  const recentUsers: AdminRecentUser[] = counts.recent.map((row) => ({
    id: Number(row.id),
    firstName: (row.first_name as string | null) ?? null,
    lastName: (row.last_name as string | null) ?? null,
    email: String(row.email),
    loginMethod: row.login_method === 'google' ? 'google' : 'other',
    createdAt: (toDate(row.created_at) ?? new Date(0)).toISOString(),
    lastLoginAt: toDate(row.last_login_at)?.toISOString() ?? null,
  }));
  const { lastWeek, weekBefore, lastMonth, monthBefore } = counts.registrations;
  return {
    totalUsers: counts.totalUsers,
    activeUsers: counts.activeUsers,
    frequentUsers: counts.frequentUsers,
    recentRegistrations: lastWeek,
    userGrowth: { monthly: growthPercent(lastMonth, monthBefore), weekly: growthPercent(lastWeek, weekBefore) },
    loginStats: counts.logins,
    recentUsers,
  };
}

/**
 * Sign-ins (login events) and new accounts per UTC day over the period, ending today, oldest first;
 * days without any are 0. Grouped in the database (DATE() on SQLite and MySQL alike).
 */
export async function adminTrends(db: Knex, period: TrendPeriod, now = new Date()): Promise<AdminTrends> {
  const days = TREND_PERIOD_DAYS[period];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (days - 1) * DAY_MS);
  const from = toSqlDateTime(first);
  const [signIns, newUsers] = await Promise.all([
    countPerDay(db, 'login_events', 'at', from),
    countPerDay(db, 'users', 'created_at', from),
  ]);
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, signIns: signIns.get(date) ?? 0, newUsers: newUsers.get(date) ?? 0 };
  });
  return {
    period,
    from: series[0]!.date,
    to: series[series.length - 1]!.date,
    days: series,
    totals: {
      signIns: series.reduce((sum, d) => sum + d.signIns, 0),
      newUsers: series.reduce((sum, d) => sum + d.newUsers, 0),
    },
  };
}
