import { z } from 'zod';
import { MAX_FEED_WAIT_MS } from '@matchday/contracts';
import { idParam } from '@matchday/server';

export const fixtureEventsParams = z.object({ fixtureId: idParam });

/** GET /internal/live/feed?after=<feedSeq>&limit=<n>[&fixtures=1][&wait=<ms>] */
export const feedQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
  /** 1: the page carries the fixtures its changes are about. */
  fixtures: z.enum(['1'], { error: "must be '1'" }).optional(),
  /** With nothing after `after`: how long to hold the answer for news (ms) before answering with none. */
  wait: z.coerce.number().int().min(0).max(MAX_FEED_WAIT_MS).optional(),
});
