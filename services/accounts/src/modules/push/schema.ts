import { z } from 'zod';
import { authProblem, p256dhProblem } from './device';

/** A base64url text whose decoded bytes `problem` accepts (its message names what is wrong, a length error as one). */
const base64urlKey = (problem: (text: string) => string | null) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .superRefine((text, ctx) => {
      const message = problem(text);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** POST /api/push/subscriptions: PushSubscription.toJSON() (the endpoint host is checked by the router). */
export const subscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // an uncompressed point on P-256 and the 16-byte auth secret (RFC 8291)
    p256dh: base64urlKey(p256dhProblem),
    auth: base64urlKey(authProblem),
  }),
});

/** DELETE /api/push/subscriptions */
export const unsubscribeInput = z.object({ endpoint: z.string().max(1000) });
