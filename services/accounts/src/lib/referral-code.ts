import { randomInt } from 'node:crypto';
import { REFERRAL_ALPHABET, REFERRAL_CODE_MAX_LENGTH } from '@matchday/contracts';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_MAX_LENGTH; i += 1) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}
