import { z } from 'zod';
import { idParam, optionalIdParam } from '@matchday/server';
import { limitParam, optionalSeasonParam, seasonParam } from '../../lib/values';

export const MAX_RECENT_FIXTURES = 50;
export const DEFAULT_RECENT_FIXTURES = 10;

export const leagueStatsQuery = z.object({
  playerId: idParam,
  leagueId: idParam,
  season: seasonParam,
});

export const recentFixturesQuery = z.object({
  playerId: idParam,
  leagueId: optionalIdParam,
  season: optionalSeasonParam,
  limit: limitParam(MAX_RECENT_FIXTURES),
});
