import { createHmac } from 'node:crypto';

/** Development and tests only: a production start without REFERRAL_HASH_SECRET stops (config.ts). */
export const DEVELOPMENT_REFERRAL_HASH_SECRET = 'matchday-development-referral-hash-key-not-secret';

/** The same e-mail as sign-in stores it (trimmed, lower case). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** HMAC-SHA256 (hex) of the normalised e-mail: used only to refuse a second referral of the same e-mail. */
export function referredEmailHash(email: string, secret: string): string {
  return createHmac('sha256', secret).update(normalizeEmail(email)).digest('hex');
}
