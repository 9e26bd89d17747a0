import { useEffect, useRef } from 'react';
import { themeSlice, useAppDispatch } from '@matchday/ui';
import type { AuthUser } from '@matchday/contracts';

/**
 * When a signed-in user loads the app, the theme saved on the server (AuthUser.theme) replaces the one
 * stored in this browser, so the choice follows the user to another device. Applied once per user;
 * later toggles (Settings) change the theme directly.
 */
export function useServerTheme(user: AuthUser | null): void {
  const dispatch = useAppDispatch();
  const appliedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (user.theme) dispatch(themeSlice.actions.setTheme(user.theme));
  }, [user, dispatch]);
}
