import { API_PREFIXES, PUBLIC_API_PREFIXES, type ServiceName } from '@matchday/contracts';

export type Access = 'public' | 'user' | 'admin';

export interface ApiRoute {
  /** Path prefix under /api (matches the prefix itself and anything below it). */
  prefix: string;
  service: ServiceName;
  access: Access;
}

/** Prefixes only administrators may call (checked on every call); every other non-public one needs a signed-in user. */
const ADMIN_PREFIXES: ReadonlySet<string> = new Set([API_PREFIXES.accounts.admin]);

/** Which service owns which /api path: the services' own prefixes (libs/contracts api-routes.ts), with who may call them. */
export const API_ROUTES: readonly ApiRoute[] = (Object.keys(API_PREFIXES) as ServiceName[]).flatMap((service) =>
  Object.values(API_PREFIXES[service]).map((prefix): ApiRoute => ({
    prefix,
    service,
    access: ADMIN_PREFIXES.has(prefix) ? 'admin' : PUBLIC_API_PREFIXES.has(prefix) ? 'public' : 'user',
  })),
);

export function matchApiRoute(path: string): ApiRoute | undefined {
  return API_ROUTES.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));
}
