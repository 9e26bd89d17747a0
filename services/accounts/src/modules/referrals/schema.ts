import { z } from 'zod';

/** POST /api/referral/apply: the shape only; the code's own rules answer in the words users read (see router). */
export const applyReferralInput = z.object({
  referralCode: z.string({ error: 'is required' }).max(64, 'is too long'),
});
