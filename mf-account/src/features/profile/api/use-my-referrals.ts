import type { ReferralRecord } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const myReferralsQuery = apiQuery<[], ReferralRecord[]>(() => '/api/referral/my-referrals', 'Failed to fetch your referrals');

/** Spec §6: only called when signed in. */
export function useMyReferrals(signedIn: boolean) {
  return useApiQuery(myReferralsQuery, signedIn ? [] : null);
}
