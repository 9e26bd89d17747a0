import type { League, ReferralCodeInfo, StandingRow } from '@matchday/contracts';
import { apiQuery, useApiQuery } from './query';

// The reads that more than one frontend makes: one definition each, so they share one reader and one cache entry.

/** Every competition with its seasons (Home's league filter, Leagues, a league's page, Top scorers' title). */
export const leaguesQuery = apiQuery<[], League[]>(() => '/api/leagues', 'Failed to fetch leagues');

export function useLeagues() {
  return useApiQuery(leaguesQuery, []);
}

/** The signed-in user's referral code and share link (Profile, the header's Share menu); asked only when signed in (spec §6). */
export const myReferralCodeQuery = apiQuery<[], ReferralCodeInfo>(() => '/api/referral/my-code', 'Failed to fetch your referral code');

export function useMyReferralCode(signedIn: boolean) {
  return useApiQuery(myReferralCodeQuery, signedIn ? [] : null);
}

/** A league-season's final table (Standings, the league's page); the shell also asks it for a deep link to Standings. */
export const standingsQuery = apiQuery<[leagueId: string, season: string], StandingRow[]>(
  (leagueId, season) => `/api/standings?leagueId=${leagueId}&season=${season}`,
  'Failed to fetch standings',
);
