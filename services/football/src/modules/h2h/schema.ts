import { z } from 'zod';
import { idParam } from '@matchday/server';

export const headToHeadQuery = z.object({
  homeTeamId: idParam,
  awayTeamId: idParam,
});
