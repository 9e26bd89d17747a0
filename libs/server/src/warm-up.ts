import http from 'node:http';
import { WARM_UP_HEADER } from './http';

/**
 * A server's warm-up: requests it sends itself once it listens, before its /readyz says ready. V8 compiles a function
 * on its first call (and a database driver prepares a statement on its first use), so without it the first request
 * after a start would pay for its whole path (bench/stack-memory.ts compares a first request with a warm one). Each path runs `rounds` times, one request at a time; the requests
 * carry the warm-up mark (`headers` must hold WARM_UP_HEADER: warmUpMark), so that they are logged at debug.
 */
export async function warmUp(port: number, paths: readonly string[], headers: http.OutgoingHttpHeaders, rounds = 3): Promise<void> {
  if (!headers[WARM_UP_HEADER]) throw new Error(`warm-up requests carry ${WARM_UP_HEADER}`);
  for (let round = 0; round < rounds; round++) for (const path of paths) await get(port, path, headers);
}

/**
 * One GET to 127.0.0.1:port on a connection of its own (a client's first request comes on a new connection: the
 * server's accept and parser set-up are part of its path), body read and dropped; resolves whatever happens (a
 * warm-up never fails a start).
 */
function get(port: number, path: string, headers: http.OutgoingHttpHeaders): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, timeout: 5000, agent: false }, (response) => {
      response.resume();
      response.once('end', resolve);
      response.once('error', () => resolve());
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve());
  });
}
