import type { ServiceName } from '../config';

export type Access = 'user' | 'admin';

export interface ApiRoute {
  /** Path prefix under /api (matches the prefix itself and anything below it). */
  prefix: string;
  service: ServiceName;
  access: Access;
}

/** Which service owns which /api path. Every route needs a signed-in user; /api/admin needs an admin. */
export const API_ROUTES: readonly ApiRoute[] = [
  { prefix: '/api/auth', service: 'accounts', access: 'user' },
  { prefix: '/api/referral', service: 'accounts', access: 'user' },
  { prefix: '/api/user', service: 'accounts', access: 'user' },
  { prefix: '/api/admin', service: 'accounts', access: 'admin' },
  { prefix: '/api/leagues', service: 'football', access: 'user' },
  { prefix: '/api/fixtures', service: 'football', access: 'user' },
  { prefix: '/api/fixture', service: 'football', access: 'user' },
  { prefix: '/api/fixture-stats', service: 'football', access: 'user' },
  { prefix: '/api/players', service: 'football', access: 'user' },
  { prefix: '/api/player-stats', service: 'football', access: 'user' },
  { prefix: '/api/standings', service: 'football', access: 'user' },
  { prefix: '/api/top-scorers', service: 'football', access: 'user' },
  { prefix: '/api/h2h', service: 'football', access: 'user' },
  { prefix: '/api/team-stats', service: 'football', access: 'user' },
  { prefix: '/api/dataset', service: 'football', access: 'user' },
  { prefix: '/api/search', service: 'football', access: 'user' },
  { prefix: '/api/insights', service: 'insights', access: 'user' },
  { prefix: '/api/tips', service: 'insights', access: 'user' },
  { prefix: '/api/dream11', service: 'insights', access: 'user' },
];

export function matchApiRoute(path: string): ApiRoute | undefined {
  return API_ROUTES.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));
}
