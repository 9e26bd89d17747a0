import http from 'node:http';
import { API_PREFIXES } from '@matchday/contracts';
import { WARM_UP_HEADER } from '@matchday/server';

/**
 * Requests the gateway sends itself once it listens, before /readyz says ready: V8 compiles a function on its first
 * call, so the first request after a start compiled the whole path (Koa's chain, the router, identity signing,
 * the proxy and its agent, the service's own route): ~20 ms of a first calendar read that takes ~6 ms after
 * (bench/stack-memory.ts). Each one runs the path a real request takes and is answered with an error, so nothing is
 * cached or stored: an anonymous read of each public prefix (no such team or token: the service answers 404), a
 * signed-in read without a session (401) and the health probe. They carry the warm-up mark (WARM_UP_HEADER), so
 * that the gateway and the services log them at debug: a start prints no 401 or 404 lines.
 */
export const WARM_UP_PATHS: readonly string[] = [
  '/healthz',
  `${API_PREFIXES.football.calendarTeam}/0.ics`,
  `${API_PREFIXES.accounts.calendarMe}/warm-up.ics`,
  API_PREFIXES.football.leagues,
];
/** Rounds of WARM_UP_PATHS: a second and third call of a function runs what the first only compiled. */
const WARM_UP_ROUNDS = 3;

function get(port: number, headers: http.OutgoingHttpHeaders, path: string): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, timeout: 5000 }, (response) => {
      response.resume();
      response.once('end', resolve);
      response.once('error', () => resolve());
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve());
  });
}

/** Sends WARM_UP_PATHS to the gateway listening on `port` (as PUBLIC_URL's host, so no redirect answers instead). */
export async function warmUp(port: number, publicUrl: string, mark: string): Promise<void> {
  const headers = { host: new URL(publicUrl).host, [WARM_UP_HEADER]: mark };
  for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const path of WARM_UP_PATHS) await get(port, headers, path);
}
