import { z } from 'zod';
import { idParam } from '@matchday/server';
import { seasonParam } from '../../lib/values';

export const standingsQuery = z.object({
  leagueId: idParam,
  season: seasonParam,
  /** 1: "as it stands", live matches counted with their current score. */
  live: z.enum(['0', '1']).optional(),
  /** The live feed position the client is current to: only keys the gateway's cache (a new table per goal). */
  feed: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
