import useSWR from 'swr';
import type { ReferralRecord } from '@matchday/contracts';

export const MY_REFERRALS_KEY = '/api/referral/my-referrals';

/** Spec §6: only called when signed in. */
export function useMyReferrals(signedIn: boolean) {
  return useSWR<ReferralRecord[] | null>(signedIn ? MY_REFERRALS_KEY : null);
}
