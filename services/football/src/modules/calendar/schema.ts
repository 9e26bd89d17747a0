import { z } from 'zod';
import { idParam } from '@matchday/server';

/** The last path segment of a feed: `{id}.ics` -> id. */
function icsFile(what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : `expected ${what}.ics`) })
    .regex(/^\d{1,12}\.ics$/, `expected ${what}.ics`)
    .transform((file) => Number(file.slice(0, -'.ics'.length)));
}

/** Spoiler-safe by default: scores=1 puts finished matches' scores in their titles. */
const scoresParam = z
  .enum(['0', '1'], { error: 'expected 0 or 1' })
  .optional()
  .transform((value) => value === '1');

/** GET /api/calendar/team/{teamId}.ics */
export const teamFeedParams = z.object({ file: icsFile('{teamId}') });

/** GET /api/calendar/league/{leagueId}/{season}.ics */
export const leagueFeedParams = z.object({
  leagueId: idParam,
  file: icsFile('{season}').refine((year) => year >= 1850 && year <= 2200, 'expected {season}.ics, a starting year such as 2024'),
});

/** ?scores=0|1 of the public feeds. */
export const feedQuery = z.object({ scores: scoresParam });

/** At most this many team ids and as many league ids in a personal feed. */
export const MAX_FEED_IDS = 50;

const idList = (name: string) =>
  z
    .string()
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'expected comma-separated whole numbers')
    .transform((text) => (text === '' ? [] : text.split(',').map(Number)))
    .refine((ids) => ids.length <= MAX_FEED_IDS, `at most ${MAX_FEED_IDS} ${name}`)
    .transform((ids) => [...new Set(ids)]);

/** GET /internal/calendar/feed?teams=1,2&leagues=3,4&scores=0|1&name=... (the accounts service's personal feed). */
export const personalFeedQuery = z.object({
  teams: idList('teams').optional(),
  leagues: idList('leagues').optional(),
  scores: scoresParam,
  name: z.string().trim().min(1, 'must not be empty').max(100, 'at most 100 characters').optional(),
});
