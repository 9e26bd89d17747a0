import useSWR from 'swr';
import type { AuthUser } from '@matchday/contracts';
import { apiGet, authUserSwrOptions } from '@matchday/ui';

/** The signed-in user's cache entry: SWR is a shared singleton, so a mutate in a remote updates the shell's header too. */
export const AUTH_USER_KEY = '/api/auth/user';

/**
 * The last signed-in user this browser saw, only what the header shows (name, e-mail, picture, the admin link)
 * and the id, so that a load without network (the installed app offline) still opens signed in: the service
 * worker never stores /api/auth/user, a personal reply. A 401, signing out and someone signing in remove it;
 * another user's reply replaces it.
 */
const LAST_USER_STORAGE_KEY = 'matchday:last-user';
const SAVED_FIELDS = ['id', 'firstName', 'lastName', 'email', 'profileImageUrl', 'isAdmin'];

/** Forgets the saved user (signing out, or someone signing in). */
export function forgetLastUser(): void {
  try {
    localStorage.removeItem(LAST_USER_STORAGE_KEY);
  } catch {
    // no storage: nothing was saved
  }
}

/**
 * The saved user. Typed as an AuthUser, but only the header's fields are there: the others (referral code, premium
 * date, theme, dates) are absent, and every reader of the user treats a missing one as not set.
 */
function savedUser(): AuthUser | null {
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_USER_STORAGE_KEY) ?? 'null') as AuthUser | null;
    return saved?.id ? saved : null;
  } catch {
    return null; // no storage, or not JSON: nothing saved
  }
}

/**
 * The reader of /api/auth/user: the user (saved), null when signed out (401: forgotten), and when the network is
 * unreachable (fetch's TypeError, not a reply) the saved user, if any; any other failure is thrown.
 */
export async function readAuthUser(url: string): Promise<AuthUser | null> {
  let user: AuthUser | null;
  try {
    user = await apiGet<AuthUser>(url);
  } catch (error) {
    const saved = error instanceof TypeError ? savedUser() : null;
    if (saved) return saved;
    throw error;
  }
  try {
    if (user) localStorage.setItem(LAST_USER_STORAGE_KEY, JSON.stringify(user, SAVED_FIELDS));
    else localStorage.removeItem(LAST_USER_STORAGE_KEY);
  } catch {
    // no storage: an offline load opens signed out
  }
  return user;
}

/**
 * Auth state (spec §4): loading, then the user, or null when anonymous (401). Read by readAuthUser (apiGet, the
 * user saved for loads without network): the shell's first render carries no more than that.
 */
export function useAuthUser() {
  const { data, error, isLoading } = useSWR<AuthUser | null>(AUTH_USER_KEY, readAuthUser, authUserSwrOptions);
  return { user: data ?? null, loading: isLoading, error: error as Error | undefined };
}
