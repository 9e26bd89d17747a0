import useSWR from 'swr';
import type { ReferralCodeInfo } from '@matchday/contracts';

export const MY_CODE_KEY = '/api/referral/my-code';

/** Spec §6: only called when signed in. */
export function useMyCode(signedIn: boolean) {
  return useSWR<ReferralCodeInfo | null>(signedIn ? MY_CODE_KEY : null);
}
