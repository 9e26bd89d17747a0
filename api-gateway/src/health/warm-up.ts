import { API_PREFIXES } from '@matchday/contracts';

/**
 * What the gateway sends itself at start (libs/server's warmUp) before /readyz says ready: the path of every kind of
 * request through Koa's chain, the router, identity signing and the proxy, each answered with an error so that
 * nothing is cached or stored: an anonymous read of each public prefix (no such team or token: the service answers
 * 404), a signed-in read without a session (401) and the health probe. The services warm their own read paths
 * (ServiceDefinition.warmUpPaths).
 */
export const WARM_UP_PATHS: readonly string[] = [
  '/healthz',
  `${API_PREFIXES.football.calendarTeam}/0.ics`,
  `${API_PREFIXES.accounts.calendarMe}/warm-up.ics`,
  API_PREFIXES.football.leagues,
];
