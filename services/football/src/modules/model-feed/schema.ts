import { z } from 'zod';
import { idParam } from '@matchday/server';

const day = z.string().regex(/^\d{4}-\d\d-\d\d$/, 'expected a date YYYY-MM-DD');

export const matchesQuery = z.object({
  leagueId: idParam,
  /** Kick-offs on or after this UTC day. */
  from: day.optional(),
  /** Kick-offs before this UTC day. */
  to: day.optional(),
});

export const fixturesQuery = z.object({
  ids: z
    .string({ error: 'is required' })
    .regex(/^\d{1,12}(,\d{1,12}){0,499}$/, 'expected up to 500 comma-separated whole numbers')
    .transform((text) => text.split(',').map(Number)),
});

export const squadsQuery = z.object({
  fixtureId: idParam,
  recent: z
    .string()
    .regex(/^\d{1,2}$/, 'expected a whole number')
    .transform(Number)
    .optional(),
});

export const playedQuery = z.object({ fixtureId: idParam });
