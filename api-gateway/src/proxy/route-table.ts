import { API_PREFIXES, PUBLIC_API_PREFIXES, type ServiceName } from '@matchday/contracts';

export type Access = 'public' | 'user' | 'admin';

/**
 * Whether a read of the route may come from the gateway's response cache (15 s): `live` never (a live score 15 s
 * old is a wrong one: the live snapshot, a match's timeline, the bracket with its live ties); `live-when-asked` not
 * when the request says `?live=1` (a table "as it stands"); `cached` always. The one place that decides it.
 */
export type Freshness = 'cached' | 'live' | 'live-when-asked';

export interface ApiRoute {
  /** Path prefix under /api (matches the prefix itself and anything below it). */
  prefix: string;
  service: ServiceName;
  access: Access;
  freshness: Freshness;
}

/** Prefixes only administrators may call (checked on every call); every other non-public one needs a signed-in user. */
const ADMIN_PREFIXES: ReadonlySet<string> = new Set([API_PREFIXES.accounts.admin]);

const FRESHNESS: ReadonlyMap<string, Freshness> = new Map<string, Freshness>([
  [API_PREFIXES.football.live, 'live'],
  [API_PREFIXES.football.fixtureEvents, 'live'],
  [API_PREFIXES.football.bracket, 'live'],
  // also /api/standings/third-placed
  [API_PREFIXES.football.standings, 'live-when-asked'],
]);

/**
 * Which service owns which /api path: the services' own prefixes (libs/contracts api-routes.ts), with who may call
 * them and whether the response cache may answer them.
 */
export const API_ROUTES: readonly ApiRoute[] = (Object.keys(API_PREFIXES) as ServiceName[]).flatMap((service) =>
  Object.values(API_PREFIXES[service]).map((prefix): ApiRoute => ({
    prefix,
    service,
    access: ADMIN_PREFIXES.has(prefix) ? 'admin' : PUBLIC_API_PREFIXES.has(prefix) ? 'public' : 'user',
    freshness: FRESHNESS.get(prefix) ?? 'cached',
  })),
);

/** Whether this read must skip the response cache (its route's freshness, and `?live=1` where the route takes it). */
export function isLiveRead(route: ApiRoute, query: Readonly<Record<string, unknown>>): boolean {
  return route.freshness === 'live' || (route.freshness === 'live-when-asked' && query.live === '1');
}

export function matchApiRoute(path: string): ApiRoute | undefined {
  return API_ROUTES.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));
}
