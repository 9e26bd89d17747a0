import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of at most `entries` entries that takes memory as it fills. lru-cache's `max` allocates its arrays
 * for `max` entries up front (eight arrays of 100,000 slots, with a ttl, ~12 MB for the gateway's three caches of
 * sessions, signatures and identity tokens, on an idle process); the same bound as a `maxSize` of one unit an
 * entry grows them with use instead, for a little more work per write.
 */
export function growingLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  entries: number,
  options: Omit<LRUCache.Options<K, V, unknown>, 'max' | 'maxSize' | 'sizeCalculation'> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: entries, sizeCalculation: () => 1 });
}
