import { toDate, toSqlDateTime, type Knex } from '@matchday/server';
import type { AdminDashboard, AdminRecentUser } from '@matchday/contracts';

const DAY_MS = 86_400_000;
/** Spec §9: a frequent user signed in 5 or more times in the last week. */
export const FREQUENT_LOGINS_PER_WEEK = 5;
const RECENT_USERS = 10;

async function count(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** Percent change from `previous` to `current`, one decimal; 100 when growing from nothing. */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Spec §3 Admin dashboard data, from users and login_events. */
export async function adminDashboard(db: Knex, now = new Date()): Promise<AdminDashboard> {
  const ago = (days: number) => toSqlDateTime(new Date(now.getTime() - days * DAY_MS));
  const startOfToday = toSqlDateTime(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())));
  const weekAgo = ago(7);
  const monthAgo = ago(30);
  const registrations = (from: string, to?: string) => {
    const query = db('users').where('created_at', '>=', from);
    return count(to ? query.andWhere('created_at', '<', to) : query);
  };
  const logins = (from: string) => count(db('login_events').where('at', '>=', from));
  const frequent = db('login_events')
    .select('user_id')
    .whereNotNull('user_id')
    .andWhere('at', '>=', weekAgo)
    .groupBy('user_id')
    .havingRaw('count(*) >= ?', [FREQUENT_LOGINS_PER_WEEK]);

  const [totalUsers, activeUsers, frequentUsers, lastWeek, weekBefore, lastMonth, monthBefore, today, thisWeek, thisMonth, recent] =
    await Promise.all([
      count(db('users')),
      count(db('users').where('last_login_at', '>=', weekAgo)),
      count(db.from(frequent.as('frequent'))),
      registrations(weekAgo),
      registrations(ago(14), weekAgo),
      registrations(monthAgo),
      registrations(ago(60), monthAgo),
      logins(startOfToday),
      logins(weekAgo),
      logins(monthAgo),
      db('users')
        .select('id', 'first_name', 'last_name', 'email', 'login_method', 'created_at', 'last_login_at')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(RECENT_USERS),
    ]);

  const recentUsers: AdminRecentUser[] = (recent as Array<Record<string, unknown>>).map((row) => ({
    id: Number(row.id),
    firstName: (row.first_name as string | null) ?? null,
    lastName: (row.last_name as string | null) ?? null,
    email: String(row.email),
    loginMethod: row.login_method === 'google' ? 'google' : 'other',
    createdAt: (toDate(row.created_at) ?? new Date(0)).toISOString(),
    lastLoginAt: toDate(row.last_login_at)?.toISOString() ?? null,
  }));
  return {
    totalUsers,
    activeUsers,
    frequentUsers,
    recentRegistrations: lastWeek,
    userGrowth: { monthly: growthPercent(lastMonth, monthBefore), weekly: growthPercent(lastWeek, weekBefore) },
    loginStats: { today, thisWeek, thisMonth },
    recentUsers,
  };
}
