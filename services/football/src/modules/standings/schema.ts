import { z } from 'zod';
import { idParam } from '@matchday/server';
import { seasonParam } from '../../lib/values';

export const standingsQuery = z.object({
  leagueId: idParam,
  season: seasonParam,
  /** 1: "as it stands", live matches counted with their current score (the gateway never caches it). */
  live: z.enum(['0', '1']).optional(),
});
