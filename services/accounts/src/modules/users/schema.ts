import { z } from 'zod';

export const signInProfile = z.object({
  email: z.email().max(254),
  firstName: z.string().trim().max(100).nullable(),
  lastName: z.string().trim().max(100).nullable(),
  profileImageUrl: z.url().max(1000).nullable(),
  loginMethod: z.enum(['google', 'other']),
});

/** POST /api/user/preferences */
export const preferencesInput = z.strictObject({
  theme: z.enum(['light', 'dark'], { error: "must be 'light' or 'dark'" }),
});
