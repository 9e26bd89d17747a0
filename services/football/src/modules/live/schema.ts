import { z } from 'zod';
import { idParam } from '@matchday/server';

export const fixtureEventsParams = z.object({ fixtureId: idParam });

/** GET /internal/live/feed?after=<feedSeq>&limit=<n> */
export const feedQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});
