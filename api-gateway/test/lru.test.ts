import { LRUCache } from 'lru-cache';
import { growingLru } from '../src/shared/lru';

describe('growingLru', () => {
  it('keeps at most its number of entries, dropping the least recently used', () => {
    const cache = growingLru<string, number>(3);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.set(key, value);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('d', 4);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.size).toBe(3);
  });

  it('allocates nothing for entries it has not held', () => {
    // lru-cache's own `max` allocates its linked lists (typed arrays) for every entry up front
    const allocated = (make: () => unknown) => {
      const before = process.memoryUsage().arrayBuffers;
      const cache = make();
      return { cache, bytes: process.memoryUsage().arrayBuffers - before };
    };
    const upFront = allocated(() => new LRUCache<string, string>({ max: 100_000, ttl: 5000 }));
    const growing = allocated(() => growingLru<string, string>(100_000, { ttl: 5000 }));
    expect(upFront.bytes).toBeGreaterThan(500_000);
    expect(growing.bytes).toBeLessThan(10_000);
  });
});
