import type { AuthUser } from '@matchday/contracts';
import { authUserSwrOptions } from '@matchday/ui';
import { apiQuery, useApiQuery } from './query';

/** The signed-in user's cache entry: SWR is a shared singleton, so a mutate in a remote updates the shell's header too. */
export const AUTH_USER_KEY = '/api/auth/user';

const authUserQuery = apiQuery<[], AuthUser>(() => AUTH_USER_KEY, null);

/** Auth state (spec §4): loading, then the user, or null when anonymous (401). */
export function useAuthUser() {
  const { data, error, isLoading } = useApiQuery(authUserQuery, [], authUserSwrOptions);
  return { user: data ?? null, loading: isLoading, error: error as Error | undefined };
}
