import { toSqlDateTime, type Knex } from '@matchday/server';
import { TREND_PERIOD_DAYS, type AdminTrends, type TrendPeriod } from '@matchday/contracts';

const DAY_MS = 86_400_000;

/** A grouped day as SQLite ('2026-11-24') or MySQL (a Date at UTC midnight, timezone 'Z') returns it. */
function dayKey(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

async function perDay(db: Knex, table: string, column: string, from: string): Promise<Map<string, number>> {
  const rows = (await db(table)
    .select(db.raw(`DATE(??) as day`, [column]))
    .count({ n: '*' })
    .where(column, '>=', from)
    .groupByRaw(`DATE(??)`, [column])) as Array<{ day: unknown; n: number | string }>;
  return new Map(rows.map((row) => [dayKey(row.day), Number(row.n)]));
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
  const [signIns, newUsers] = await Promise.all([perDay(db, 'login_events', 'at', from), perDay(db, 'users', 'created_at', from)]);
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
