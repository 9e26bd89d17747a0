import { z } from 'zod';
import { idParam } from '@matchday/server';

export const fixtureEventsParams = z.object({ fixtureId: idParam });

/** GET /internal/live/feed?after=<feedSeq>&limit=<n>[&fixtures=1] */
export const feedQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
  /** 1: the page carries the fixtures its changes are about. */
  fixtures: z.enum(['1'], { error: "must be '1'" }).optional(),
});
