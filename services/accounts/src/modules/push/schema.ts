import { z } from 'zod';

const base64url = (min: number, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .refine((text) => {
      const bytes = Buffer.from(text, 'base64url').length;
      return bytes >= min && bytes <= max;
    }, 'has the wrong length');

/** POST /api/push/subscriptions: PushSubscription.toJSON() (the endpoint host is checked by the router). */
export const subscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // an uncompressed P-256 point and the 16-byte auth secret (RFC 8291)
    p256dh: base64url(65, 65),
    auth: base64url(16, 16),
  }),
});

/** DELETE /api/push/subscriptions */
export const unsubscribeInput = z.object({ endpoint: z.string().max(1000) });
