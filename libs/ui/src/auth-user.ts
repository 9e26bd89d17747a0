import useSWR from 'swr';
import type { AuthUser } from '@matchday/contracts';
import { authUserSwrOptions } from '@matchday/ui';

/** The signed-in user's cache entry: SWR is a shared singleton, so a mutate in a remote updates the shell's header too. */
export const AUTH_USER_KEY = '/api/auth/user';

/**
 * Auth state (spec §4): loading, then the user, or null when anonymous (401). Read by the app's SWR fetcher (apiGet,
 * i.e. apiQuery with no message): the shell's first render carries no more than that.
 */
export function useAuthUser() {
  const { data, error, isLoading } = useSWR<AuthUser | null>(AUTH_USER_KEY, authUserSwrOptions);
  return { user: data ?? null, loading: isLoading, error: error as Error | undefined };
}
