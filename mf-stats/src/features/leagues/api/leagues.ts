import useSWR from 'swr';
import type { League } from '@matchday/contracts';
import { apiGet } from '@matchday/ui';

export const LEAGUES_KEY = '/api/leagues';

/** Every competition with its seasons; the same key as the Home screen's dropdown, so one read serves both. */
export function useLeagues() {
  return useSWR<League[] | null>(LEAGUES_KEY, (url: string) => apiGet<League[]>(url));
}
