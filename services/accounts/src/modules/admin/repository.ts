import { toSqlDateTime, type Knex } from '@matchday/server';

const DAY_MS = 86_400_000;
/** Spec §9: a frequent user signed in 5 or more times in the last week. */
export const FREQUENT_LOGINS_PER_WEEK = 5;
const RECENT_USERS = 10;

async function count(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The counts behind the admin dashboard (spec §3), from users and login_events, and the newest accounts' rows. */
export async function dashboardCounts(db: Knex, now: Date) {
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
  return {
    totalUsers,
    activeUsers,
    frequentUsers,
    registrations: { lastWeek, weekBefore, lastMonth, monthBefore },
    logins: { today, thisWeek, thisMonth },
    recent: recent as Array<Record<string, unknown>>,
  };
}

/** A grouped day as SQLite ('2026-11-24') or MySQL (a Date at UTC midnight, timezone 'Z') returns it. */
function dayKey(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

/** How many rows of `table` fall on each UTC day of `column` from `from` on, grouped in the database. */
export async function countPerDay(db: Knex, table: string, column: string, from: string): Promise<Map<string, number>> {
  const rows = (await db(table)
    .select(db.raw(`DATE(??) as day`, [column]))
    .count({ n: '*' })
    .where(column, '>=', from)
    .groupByRaw(`DATE(??)`, [column])) as Array<{ day: unknown; n: number | string }>;
  return new Map(rows.map((row) => [dayKey(row.day), Number(row.n)]));
}
