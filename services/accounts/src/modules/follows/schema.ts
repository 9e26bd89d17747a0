import { z } from 'zod';
import { FOLLOW_KINDS } from '@matchday/contracts';

const kind = z.enum(FOLLOW_KINDS as ['team', 'league', 'player'], { error: "must be 'team', 'league' or 'player'" });
/** Ids as the football service has them: whole numbers that fit its unsigned int columns. */
const targetId = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(2_147_483_647);

/** POST /api/user/follows */
export const followInput = z.strictObject({ kind, id: targetId });

/** DELETE /api/user/follows/{kind}/{id} */
export const followParams = z.object({
  kind,
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(targetId),
});
