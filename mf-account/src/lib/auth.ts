import useSWR from 'swr';
import { authUserSwrOptions } from '@matchday/ui';
import type { AuthUser } from '@matchday/contracts';

/** The same cache entry the shell reads (SWR is a shared singleton), so a mutate here updates the header too. */
export const AUTH_USER_KEY = '/api/auth/user';

export function useAuthUser() {
  const { data, isLoading } = useSWR<AuthUser | null>(AUTH_USER_KEY, authUserSwrOptions);
  return { user: data ?? null, loading: isLoading };
}
