/**
 * Which back-end service owns which /api path prefix: the one table. Each service makes its routers from
 * its own entries (serviceRouter(API_PREFIXES.football.leagues), or paths under a prefix), and the gateway
 * proxies every path under a prefix to its service (api-gateway/src/proxy/route-table.ts). A prefix covers
 * itself and anything below it.
 */
export const API_PREFIXES = {
  accounts: {
    auth: '/api/auth',
    referral: '/api/referral',
    user: '/api/user',
    admin: '/api/admin',
    push: '/api/push',
    /** The personal "my follows" calendar (public: the token in its path is the credential). */
    calendarMe: '/api/calendar/me',
  },
  football: {
    leagues: '/api/leagues',
    fixtures: '/api/fixtures',
    fixture: '/api/fixture',
    fixtureStats: '/api/fixture-stats',
    players: '/api/players',
    playerStats: '/api/player-stats',
    standings: '/api/standings',
    /** A cup's knockout stage as a tree. */
    bracket: '/api/bracket',
    topScorers: '/api/top-scorers',
    h2h: '/api/h2h',
    teamStats: '/api/team-stats',
    dataset: '/api/dataset',
    search: '/api/search',
    live: '/api/live',
    fixtureEvents: '/api/fixture-events',
    /** Public calendar feeds (no sign-in: calendar apps send no cookies). */
    calendarTeam: '/api/calendar/team',
    calendarLeague: '/api/calendar/league',
  },
  insights: {
    tips: '/api/tips',
    dream11: '/api/dream11',
  },
} as const;

/**
 * Prefixes anyone may call without signing in (every other one needs a signed-in user). The gateway passes
 * them an anonymous identity, even to a signed-in caller, so that a public reply never depends on who asked.
 */
export const PUBLIC_API_PREFIXES: ReadonlySet<string> = new Set([
  API_PREFIXES.football.calendarTeam,
  API_PREFIXES.football.calendarLeague,
  API_PREFIXES.accounts.calendarMe,
]);

/** A back-end service behind the gateway. */
export type ServiceName = keyof typeof API_PREFIXES;

/** An HTTP method that changes something (every /api path also answers GET and HEAD where it has a read). */
export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every /api endpoint that takes a method other than GET or HEAD: the services' own and the gateway's. The
 * gateway answers any other method under /api with 405 before it reads a byte of the body, so that a body
 * sent to a read-only path never costs a service anything. `path` is exact; `:name` is one path segment.
 * The bad-input property test (test/bad-input.property.test.ts) checks that the services' routers and this table agree.
 */
export const API_WRITES: ReadonlyArray<{ method: WriteMethod; path: string }> = [
  { method: 'DELETE', path: `${API_PREFIXES.accounts.auth}/delete-account` },
  { method: 'POST', path: `${API_PREFIXES.accounts.referral}/apply` },
  { method: 'POST', path: `${API_PREFIXES.accounts.user}/preferences` },
  { method: 'POST', path: `${API_PREFIXES.accounts.user}/follows` },
  { method: 'DELETE', path: `${API_PREFIXES.accounts.user}/follows/:kind/:id` },
  { method: 'POST', path: `${API_PREFIXES.accounts.user}/calendar/rotate` },
  { method: 'POST', path: `${API_PREFIXES.accounts.push}/subscriptions` },
  { method: 'DELETE', path: `${API_PREFIXES.accounts.push}/subscriptions` },
  // the gateway's own (admins only)
  { method: 'POST', path: `${API_PREFIXES.accounts.admin}/clear-cache` },
  { method: 'POST', path: `${API_PREFIXES.accounts.admin}/remotes/:name/rollback` },
  { method: 'POST', path: `${API_PREFIXES.accounts.admin}/remotes/:name/roll-forward` },
  { method: 'POST', path: `${API_PREFIXES.accounts.admin}/sync` },
];

/** Whether `method path` is one of API_WRITES. */
export function isApiWrite(method: string, path: string): boolean {
  return API_WRITES.some((write) => {
    if (write.method !== method) return false;
    const want = write.path.split('/');
    const got = path.split('/');
    return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
  });
}
