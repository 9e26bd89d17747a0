import useSWR from 'swr';
import { authUserSwrOptions } from '@matchday/ui';
import type { AuthUser } from '@matchday/contracts';

export const AUTH_USER_KEY = '/api/auth/user';

/** Auth state (spec §4): loading, then the user, or null when anonymous (401). */
export function useAuthUser() {
  const { data, error, isLoading } = useSWR<AuthUser | null>(AUTH_USER_KEY, authUserSwrOptions);
  return { user: data ?? null, loading: isLoading, error: error as Error | undefined };
}
