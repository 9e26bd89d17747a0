import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { guardHistory, NAVIGATION_GUARD_MS } from '../src/lib/navigation-guard';

/** Spec §4: navigations within 100 ms of the previous one (or of back/forward) are ignored, whoever makes them. */
describe('the navigation guard on the router history', () => {
  let now = 0;
  const setup = () => {
    now = 1_000;
    const history = guardHistory(createMemoryHistory({ initialEntries: ['/'], v5Compat: true }), () => now);
    const seen: string[] = [];
    history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}${location.search}`));
    return { history, seen };
  };

  it('the page load is not a navigation: the first push goes through at once', () => {
    const { history, seen } = setup();
    history.push('/fixture-stats/7');
    expect(seen).toEqual(['PUSH /fixture-stats/7']);
  });

  it('drops a second push (a card double-click, a tab change) inside the window, takes one after it', () => {
    const { history, seen } = setup();
    history.push('/squad/1');
    now += NAVIGATION_GUARD_MS - 1;
    history.push('/squad/1');
    history.push('/?type=week');
    expect(history.guarded()).toBe(true);
    now += 1;
    expect(history.guarded()).toBe(false);
    history.push('/?type=week');
    expect(seen).toEqual(['PUSH /squad/1', 'PUSH /?type=week']);
  });

  it('drops navigate(-1) right after a navigation and a push right after back', () => {
    const { history, seen } = setup();
    history.push('/team/3');
    history.go(-1);
    expect(history.location.pathname).toBe('/team/3');
    now += NAVIGATION_GUARD_MS;
    history.go(-1);
    expect(history.location.pathname).toBe('/');
    history.push('/standings');
    expect(history.location.pathname).toBe('/');
    expect(seen).toEqual(['PUSH /team/3', 'POP /']);
  });

  it('lets a redirect (replace) through inside the window, and a replace opens no window of its own', () => {
    const { history, seen } = setup();
    history.push('/login');
    history.replace('/');
    expect(seen).toEqual(['PUSH /login', 'REPLACE /']);
    now += NAVIGATION_GUARD_MS;
    history.replace('/?tab=today');
    expect(history.guarded()).toBe(false);
    history.push('/?tab=tomorrow');
    expect(seen).toEqual(['PUSH /login', 'REPLACE /', 'REPLACE /?tab=today', 'PUSH /?tab=tomorrow']);
  });
});
