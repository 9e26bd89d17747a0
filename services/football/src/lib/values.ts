import { toDate } from '@matchday/server';
import type { PlayerPosition } from '@matchday/contracts';
import { PLAYER_POSITIONS } from '@matchday/contracts';
import { idParam } from '@matchday/server';

/**
 * Conversions of database values into the wire format: aggregates come back as strings on MySQL,
 * booleans as 0/1, datetimes as Date on MySQL and as strings on SQLite.
 */

/** A number, 0 for null/undefined/non-numeric (SUM over no rows is null). */
export function num(value: unknown): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** A number or null. */
export function numOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function flag(value: unknown): 0 | 1 {
  return num(value) ? 1 : 0;
}

/** ISO 8601 UTC of a stored 'YYYY-MM-DD HH:MM:SS' UTC datetime. */
export function iso(value: unknown): string {
  return (toDate(value) ?? new Date(0)).toISOString();
}

/** Epoch ms of a stored UTC datetime. */
export function epoch(value: unknown): number {
  return (toDate(value) ?? new Date(0)).getTime();
}

/** A stored DATE as 'YYYY-MM-DD' (a Date at UTC midnight on MySQL, a string on SQLite). */
export function dateOnly(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const text = String(value).slice(0, 10);
  return /^\d{4}-\d\d-\d\d$/.test(text) ? text : null;
}

/** Age in whole years on `now` (UTC) of someone born on `birthDate`. */
export function ageOn(birthDate: unknown, now: Date = new Date()): number | null {
  const birth = dateOnly(birthDate);
  if (!birth) return null;
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** One decimal (ratings). */
export const round1 = (value: number) => Math.round(value * 10) / 10;
/** Two decimals (averages). */
export const round2 = (value: number) => Math.round(value * 100) / 100;

export function toPosition(value: unknown): PlayerPosition | null {
  return (PLAYER_POSITIONS as readonly unknown[]).includes(value) ? (value as PlayerPosition) : null;
}

/** Goalkeeper, Defender, Midfielder, Attacker, then unknown. */
export function positionOrder(position: unknown): number {
  const index = (PLAYER_POSITIONS as readonly unknown[]).indexOf(position);
  return index < 0 ? PLAYER_POSITIONS.length : index;
}

/** Season query parameter: a starting year such as 2024. */
export const seasonParam = idParam.refine((year) => year >= 1850 && year <= 2200, 'expected a season starting year such as 2024');
export const optionalSeasonParam = seasonParam.optional();

/** `?limit=` of a list: a whole number in [1, max]. */
export function limitParam(max: number) {
  return idParam.refine((n) => n >= 1 && n <= max, `expected a whole number from 1 to ${max}`).optional();
}
