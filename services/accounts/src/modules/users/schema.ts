import { z } from 'zod';
import { ALERT_KINDS } from '@matchday/contracts';

export const signInProfile = z.object({
  email: z.email().max(254),
  firstName: z.string().trim().max(100).nullable(),
  lastName: z.string().trim().max(100).nullable(),
  profileImageUrl: z.url().max(1000).nullable(),
  loginMethod: z.enum(['google', 'other']),
});

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24-hour)');

/** An IANA time zone this runtime knows ("Europe/London", "Asia/Kolkata", "UTC"). */
export const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Europe/London');

/** POST /api/user/preferences: any of the fields, at least one ({ theme } alone is the spec's call). */
export const preferencesInput = z
  .strictObject({
    theme: z.enum(['light', 'dark'], { error: "must be 'light' or 'dark'" }).optional(),
    spoilerFree: z.boolean().optional(),
    spoilerScope: z.enum(['all', 'followed'], { error: "must be 'all' or 'followed'" }).optional(),
    alerts: z.strictObject(Object.fromEntries(ALERT_KINDS.map((kind) => [kind, z.boolean().optional()]))).optional(),
    quietHours: z
      .strictObject({ start: clockTime, end: clockTime })
      .refine((hours) => hours.start !== hours.end, 'start and end must differ')
      .nullable()
      .optional(),
    timeZone: timeZone.optional(),
    followPromptDismissed: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'expected at least one preference');
