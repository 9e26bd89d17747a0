import { z } from 'zod';
import { optionalIdParam } from '@matchday/server';
import { optionalSeasonParam } from '../../lib/values';

const required = (ctx: z.RefinementCtx, name: string) => ctx.addIssue({ code: 'custom', message: 'is required', path: [name] });

/**
 * ?teamId&leagueId&season (team squad), ?homeTeamId&awayTeamId&leagueId&season (match squad), or no
 * parameter at all (players list). Any other combination names the first missing parameter.
 */
export const playersQuery = z
  .object({
    teamId: optionalIdParam,
    homeTeamId: optionalIdParam,
    awayTeamId: optionalIdParam,
    leagueId: optionalIdParam,
    season: optionalSeasonParam,
  })
  .superRefine((q, ctx) => {
    const match = q.homeTeamId !== undefined || q.awayTeamId !== undefined;
    if (q.teamId !== undefined && match) {
      ctx.addIssue({ code: 'custom', message: 'use either teamId or homeTeamId and awayTeamId', path: ['teamId'] });
      return;
    }
    if (match) {
      if (q.homeTeamId === undefined) return required(ctx, 'homeTeamId');
      if (q.awayTeamId === undefined) return required(ctx, 'awayTeamId');
    } else if (q.teamId === undefined) {
      if (q.leagueId !== undefined || q.season !== undefined) required(ctx, 'teamId');
      return;
    }
    if (q.leagueId === undefined) return required(ctx, 'leagueId');
    if (q.season === undefined) return required(ctx, 'season');
  });
