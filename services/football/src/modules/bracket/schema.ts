import { z } from 'zod';
import { idParam } from '@matchday/server';
import { seasonParam } from '../../lib/values';

export const bracketQuery = z.object({
  leagueId: idParam,
  season: seasonParam,
});
