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
  },
  football: {
    leagues: '/api/leagues',
    fixtures: '/api/fixtures',
    fixture: '/api/fixture',
    fixtureStats: '/api/fixture-stats',
    players: '/api/players',
    playerStats: '/api/player-stats',
    standings: '/api/standings',
    topScorers: '/api/top-scorers',
    h2h: '/api/h2h',
    teamStats: '/api/team-stats',
    dataset: '/api/dataset',
    search: '/api/search',
  },
  insights: {
    insights: '/api/insights',
    tips: '/api/tips',
    dream11: '/api/dream11',
  },
} as const;

/** A back-end service behind the gateway. */
export type ServiceName = keyof typeof API_PREFIXES;
