import { z } from 'zod';
import { idParam } from '@matchday/server';

export const dayQuery = z.object({
  day: z.enum(['today', 'tomorrow'], { error: 'expected today or tomorrow' }).optional(),
});

export const fixtureParams = z.object({ fixtureId: idParam });

export const recordQuery = z.object({ leagueId: idParam.optional() });
