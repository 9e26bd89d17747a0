import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, toast } from '@matchday/ui';
import { useApiQuery } from '@matchday/ui/unshared';
import type { UserPreferences, UserPreferencesUpdate } from '@matchday/contracts';
import { applyUpdate, withDeviceTimeZone } from '../rules/preferences';
import { preferencesQuery, savePreferences } from './preferences';

/** This device's IANA time zone, null where the browser does not say. */
export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** What a failed save says: the server's reason for a refusal, else that Matchday could not be reached. */
export function saveFailureText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'Matchday could not be reached. Check your connection and try again.';
}

/**
 * The signed-in user's preferences and `save(update, what)`: the change shows at once (optimistic), the reply
 * becomes the cached value, and a failure puts the previous value back with a toast naming `what` failed.
 */
export function usePreferences() {
  const { data, error, isLoading, mutate: revalidate } = useApiQuery(preferencesQuery, []);
  const { mutate } = useSWRConfig();
  const save = useCallback(
    async (update: UserPreferencesUpdate, what: string): Promise<void> => {
      try {
        await mutate<UserPreferences | null>(
          preferencesQuery.key(),
          (stored) => savePreferences(withDeviceTimeZone(update, stored, deviceTimeZone())),
          {
            optimisticData: (stored) => (stored ? applyUpdate(stored, update) : null),
            rollbackOnError: true,
            populateCache: true,
            revalidate: false,
          },
        );
      } catch (failure) {
        toast({ title: `Could not save ${what}`, description: saveFailureText(failure), variant: 'destructive' });
      }
    },
    [mutate],
  );
  return { preferences: data ?? null, error: error as Error | undefined, isLoading, save, retry: () => void revalidate() };
}
