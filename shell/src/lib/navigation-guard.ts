import { useEffect } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, type HistoryRouterProps } from 'react-router-dom';

type History = HistoryRouterProps['history'];

export const NAVIGATION_GUARD_MS = 100;

/**
 * Spec §4: further navigations are ignored for 100 ms after one and after a back/forward event
 * (stops double-clicks and double taps from stacking history entries).
 *
 * The router's history is wrapped, so every navigation the app makes is guarded whoever makes it:
 * links, `navigate(path)` from a card, `navigate(-1)`, tab changes through search params. A push or
 * a `go` inside the window is dropped. A replace always goes through and opens no window: it is a
 * redirect or a URL tidy-up made by the app (a screen normalising its query, /login -> /), never a
 * user's click, and it cannot stack entries. A push and the browser's back/forward open the window.
 * The page load itself is not a navigation.
 */
export function guardHistory(inner: History, clock: () => number = () => Date.now()): History & { guarded(): boolean } {
  let last = Number.NEGATIVE_INFINITY;
  const guarded = () => clock() - last < NAVIGATION_GUARD_MS;
  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push(to, state) {
      if (!guarded()) inner.push(to, state);
    },
    replace(to, state) {
      inner.replace(to, state);
    },
    go(delta) {
      if (!guarded()) inner.go(delta);
    },
    listen(listener) {
      return inner.listen((update) => {
        if (update.action !== 'REPLACE') last = clock();
        listener(update);
      });
    },
    guarded,
  };
}

export type GuardedHistory = ReturnType<typeof guardHistory>;
let browserHistory: GuardedHistory | null = null;

/** The shell's router history (`unstable_HistoryRouter` in bootstrap.tsx), made on first use. */
export function appHistory(): GuardedHistory {
  browserHistory ??= guardHistory(createBrowserHistory({ v5Compat: true }));
  return browserHistory;
}

/**
 * Plain document links (sign-out, mailto, other sites) are not router navigations: a click on one
 * inside the window is cancelled here. Router links are dropped by the history above.
 */
export function useNavigationGuard(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || !appHistory().guarded()) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
