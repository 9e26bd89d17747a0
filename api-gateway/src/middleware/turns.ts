import type Koa from 'koa';

/** Requests worked on per turn of the event loop; the rest of a burst waits for the next turns, in arrival order. */
export const REQUESTS_PER_TURN = 32;

/**
 * Keeps each turn of the event loop short under load, so that new connections are accepted.
 *
 * Node 20's libuv accepts one connection per turn of the event loop (libuv PR #3696; nodejs/node#57364). When every
 * one of ~800 keep-alive connections has a request ready, one turn works on all of them: about 100 ms for cached reads
 * on 2 cores, so the gateway accepted 10 connections a second and a burst of 1,000 new connections left ~250 in the
 * kernel's accept queue for more than a client's 10 s timeout (bench/load.ts; the listen socket's Recv-Q and strace
 * show the wait). Here at most `perTurn` requests go on per turn; the others wait (setImmediate, first come first
 * served) for the next turns, each of which also accepts a connection. Total work and throughput are unchanged; below
 * `perTurn` requests in one turn nothing waits.
 */
export interface Turns {
  middleware: Koa.Middleware;
  /**
   * For a request answered outside the middleware chain (the gateway's cached reads): undefined when it goes on in this
   * turn, else a promise of its turn (in arrival order with the chain's requests).
   */
  place(): Promise<void> | undefined;
}

export function createTurns(perTurn = REQUESTS_PER_TURN): Turns {
  const waiting: Array<() => void> = [];
  let started = 0;
  let turnScheduled = false;
  const nextTurn = () => {
    started = 0;
    for (const go of waiting.splice(0, perTurn)) {
      started += 1;
      go();
    }
    turnScheduled = waiting.length > 0 || started > 0;
    // The count starts again after the next poll phase (setImmediate runs after it), whether or not anyone waits.
    if (turnScheduled) setImmediate(nextTurn);
  };
  const startNow = () => {
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(nextTurn);
    }
    if (started < perTurn && waiting.length === 0) {
      started += 1;
      return true;
    }
    return false;
  };
  const place = () => (startNow() ? undefined : new Promise<void>((resolve) => waiting.push(resolve)));
  const middleware: Koa.Middleware = async (ctx, next) => {
    // The health probes never wait (a balancer must see a busy gateway as alive).
    if (ctx.path === '/healthz' || ctx.path === '/readyz') return next();
    const turn = place();
    if (turn) await turn;
    return next();
  };
  return { middleware, place };
}
