import { z } from 'zod';
import { idParam } from '@matchday/server';
import { seasonParam } from '../../lib/values';

export const teamStatsQuery = z.object({
  teamId: idParam,
  leagueId: idParam,
  season: seasonParam,
});
