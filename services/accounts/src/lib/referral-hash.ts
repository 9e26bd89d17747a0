import { createHmac } from 'node:crypto';
import { isProduction } from '@matchday/server';

/** Development and tests only: a production start without REFERRAL_HASH_SECRET stops (see referralHashSecret). */
export const DEVELOPMENT_REFERRAL_HASH_SECRET = 'matchday-development-referral-hash-key-not-secret';
export const REFERRAL_HASH_SECRET_MIN_LENGTH = 32;

/**
 * The key of the referred e-mail hashes, read once at start-up: REFERRAL_HASH_SECRET (at least 32 characters),
 * required in production; development and tests use a fixed key. Changing it forgets which e-mails were referred.
 */
export function referralHashSecret(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.REFERRAL_HASH_SECRET;
  if (value) {
    if (value.length < REFERRAL_HASH_SECRET_MIN_LENGTH) {
      throw new Error(`REFERRAL_HASH_SECRET: must be at least ${REFERRAL_HASH_SECRET_MIN_LENGTH} characters`);
    }
    return value;
  }
  if (isProduction(env)) {
    throw new Error(
      `REFERRAL_HASH_SECRET: is required in production (at least ${REFERRAL_HASH_SECRET_MIN_LENGTH} characters; it keys the referred e-mail hashes)`,
    );
  }
  return DEVELOPMENT_REFERRAL_HASH_SECRET;
}

/** The same e-mail as sign-in stores it (trimmed, lower case). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** HMAC-SHA256 (hex) of the normalised e-mail: used only to refuse a second referral of the same e-mail. */
export function referredEmailHash(email: string, secret: string): string {
  return createHmac('sha256', secret).update(normalizeEmail(email)).digest('hex');
}
