import { z } from 'zod';

const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'expected up to 200 comma-separated whole numbers')
  .transform((text) => [...new Set(text.split(',').map(Number))]);

/** GET /internal/lookup/entities?team=1,2&league=3&player=4 */
export const entitiesQuery = z.object({
  team: idList.optional(),
  league: idList.optional(),
  player: idList.optional(),
});

const epochMs = z
  .string()
  .regex(/^\d{1,15}$/, 'expected epoch milliseconds')
  .transform(Number);

/** GET /internal/lookup/fixtures?ids=1,2 or ?from=<ms>&to=<ms> (kick-offs in [from, to), at most 2 days). */
export const lookupFixturesQuery = z
  .object({
    ids: idList.optional(),
    from: epochMs.optional(),
    to: epochMs.optional(),
    /** 1: only fixtures whose line-ups are out (fixture_lineups), for the line-ups alert. */
    lineups: z.enum(['1'], { error: "must be '1'" }).optional(),
  })
  .refine((q) => (q.ids !== undefined) !== (q.from !== undefined && q.to !== undefined), {
    message: 'expected either ids or both from and to',
  })
  .refine((q) => q.from === undefined || q.to === undefined || (q.to > q.from && q.to - q.from <= 2 * 86_400_000), {
    message: 'to must be after from, at most 2 days later',
  });
