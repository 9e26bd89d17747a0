import { randomBytes } from 'node:crypto';
import type { Knex } from '@matchday/server';

const newToken = () => randomBytes(24).toString('base64url');

/** The user's calendar token, made on first ask; null when the user is gone. */
export async function calendarToken(db: Knex, userId: number): Promise<string | null> {
  const row = (await db('users').where({ id: userId }).first('calendar_token')) as { calendar_token: string | null } | undefined;
  if (!row) return null;
  if (row.calendar_token) return row.calendar_token;
  return rotateCalendarToken(db, userId, null);
}

/**
 * A new token for the user (the old feed URL stops working at once). With `expected`, only if the token is
 * still that one (two first asks at once end with one token).
 */
export async function rotateCalendarToken(db: Knex, userId: number, expected?: string | null): Promise<string | null> {
  const token = newToken();
  const q = db('users').where({ id: userId });
  if (expected !== undefined) q.where((w) => (expected === null ? w.whereNull('calendar_token') : w.where('calendar_token', expected)));
  if ((await q.update({ calendar_token: token })) > 0) return token;
  if (expected === undefined) return null;
  // another request set it first: that one is the token
  const row = (await db('users').where({ id: userId }).first('calendar_token')) as { calendar_token: string | null } | undefined;
  return row?.calendar_token ?? null;
}

export interface CalendarOwner {
  userId: number;
  spoilerFree: boolean;
  teams: number[];
  leagues: number[];
}

/** Whose feed this token opens, with what it follows; null for a token that is not (or no longer) anyone's. */
export async function calendarOwner(db: Knex, token: string): Promise<CalendarOwner | null> {
  const user = (await db('users').where({ calendar_token: token }).first('id', 'spoiler_free')) as
    { id: number; spoiler_free: number | boolean } | undefined;
  if (!user) return null;
  const follows = (await db('follows')
    .where({ user_id: user.id })
    .whereIn('kind', ['team', 'league'])
    .select('kind', 'target_id')) as Array<{
    kind: string;
    target_id: number;
  }>;
  return {
    userId: Number(user.id),
    spoilerFree: Boolean(Number(user.spoiler_free)),
    teams: follows.filter((f) => f.kind === 'team').map((f) => Number(f.target_id)),
    leagues: follows.filter((f) => f.kind === 'league').map((f) => Number(f.target_id)),
  };
}
