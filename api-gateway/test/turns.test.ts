import type Koa from 'koa';
import { createTurns } from '../src/middleware/turns';

const context = (path: string) => ({ path }) as unknown as Koa.Context;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createTurns: a burst of requests is worked on a few per turn of the event loop', () => {
  it('lets perTurn requests on at once, the rest in arrival order over the next turns, and never holds a health probe', async () => {
    const middleware = createTurns(2).middleware;
    const started: string[] = [];
    const request = (name: string, path = '/api/leagues') =>
      middleware(context(path), async () => {
        started.push(name);
      });
    const all = ['a', 'b', 'c', 'd', 'e'].map((name) => request(name));
    const probe = request('healthz', '/healthz');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'healthz']);
    await turn();
    expect(started).toEqual(['a', 'b', 'healthz', 'c', 'd']);
    await turn();
    expect(started).toEqual(['a', 'b', 'healthz', 'c', 'd', 'e']);
    await Promise.all([...all, probe]);
  });

  it('holds nothing below perTurn requests a turn, and starts counting again each turn', async () => {
    const middleware = createTurns(2).middleware;
    let started = 0;
    const request = () =>
      middleware(context('/api/leagues'), async () => {
        started += 1;
      });
    for (let i = 0; i < 3; i += 1) {
      await Promise.all([request(), request()]);
      await turn();
    }
    expect(started).toBe(6);
  });

  it('gives a request outside the chain a place in the same order: now, or a promise of its turn', async () => {
    const turns = createTurns(2);
    const started: string[] = [];
    const request = (name: string) =>
      turns.middleware(context('/api/leagues'), async () => {
        started.push(name);
      });
    const outside = (name: string) => {
      const place = turns.place();
      if (place) void place.then(() => started.push(name));
      else started.push(name);
      return place;
    };
    expect(outside('short-1')).toBeUndefined();
    const chained = request('chain-1');
    const waiting = outside('short-2');
    expect(waiting).toBeInstanceOf(Promise);
    const chained2 = request('chain-2');
    await Promise.resolve();
    expect(started).toEqual(['short-1', 'chain-1']);
    await turn();
    expect(started).toEqual(['short-1', 'chain-1', 'short-2', 'chain-2']);
    await Promise.all([chained, chained2, waiting]);
  });
});
