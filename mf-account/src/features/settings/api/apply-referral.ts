import { apiSend } from '@matchday/ui';
import type { ApplyReferralRequest, ApplyReferralResult } from '@matchday/contracts';

/** POST /api/referral/apply; a failure carries the server's message, else 'Failed to apply referral code' (spec §8). */
export async function applyReferralCode(referralCode: string): Promise<ApplyReferralResult> {
  const body: ApplyReferralRequest = { referralCode };
  try {
    return await apiSend<ApplyReferralResult>('POST', '/api/referral/apply', body);
  } catch (error) {
    throw new Error((error as Error).message || 'Failed to apply referral code');
  }
}
