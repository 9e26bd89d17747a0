import type { State } from 'swr';
import { ExpiringSwrCache, UNUSED_ENTRY_MS } from '../src/swr-cache';
import { swrConfig, swrCache } from '../src/api';

/** Spec §7: cached data is kept 5 minutes unused, and never dropped while a screen uses it. */
describe('the SWR cache drops entries unused for 5 minutes', () => {
  const entry = (data: unknown): State => ({ data });
  let cache: ExpiringSwrCache;
  beforeEach(() => {
    jest.useFakeTimers();
    cache = new ExpiringSwrCache();
  });
  afterEach(() => jest.useRealTimers());

  it('is the cache and middleware of the app-wide SWR configuration, with the spec figure', () => {
    expect(UNUSED_ENTRY_MS).toBe(300_000);
    expect(swrConfig.provider?.(new Map() as never)).toBe(swrCache);
    expect(swrConfig.use).toHaveLength(1);
  });

  it('drops an entry nobody uses 5 minutes after it was written', () => {
    cache.set('/api/leagues', entry(['PL']));
    jest.advanceTimersByTime(UNUSED_ENTRY_MS - 1);
    expect(cache.get('/api/leagues')?.data).toEqual(['PL']);
    jest.advanceTimersByTime(1);
    expect(cache.get('/api/leagues')).toBeUndefined();
    expect([...cache.keys()]).toEqual([]);
  });

  it('keeps an entry while a screen uses it, however long, and drops it 5 minutes after the last one leaves', () => {
    cache.retain('/api/standings');
    cache.retain('/api/standings');
    cache.set('/api/standings', entry(1));
    jest.advanceTimersByTime(3 * UNUSED_ENTRY_MS);
    expect(cache.get('/api/standings')?.data).toBe(1);
    cache.release('/api/standings');
    jest.advanceTimersByTime(2 * UNUSED_ENTRY_MS);
    expect(cache.get('/api/standings')?.data).toBe(1);
    cache.release('/api/standings');
    jest.advanceTimersByTime(UNUSED_ENTRY_MS - 1);
    expect(cache.get('/api/standings')?.data).toBe(1);
    jest.advanceTimersByTime(1);
    expect(cache.get('/api/standings')).toBeUndefined();
  });

  it('a screen coming back within 5 minutes keeps the entry (and its data shows at once)', () => {
    cache.retain('k');
    cache.set('k', entry('v'));
    cache.release('k');
    jest.advanceTimersByTime(UNUSED_ENTRY_MS - 1000);
    cache.retain('k');
    jest.advanceTimersByTime(10 * UNUSED_ENTRY_MS);
    expect(cache.get('k')?.data).toBe('v');
  });

  it('a rewrite does not shorten or stack the countdown, and delete removes at once', () => {
    cache.set('k', entry(1));
    jest.advanceTimersByTime(UNUSED_ENTRY_MS / 2);
    cache.set('k', entry(2));
    jest.advanceTimersByTime(UNUSED_ENTRY_MS / 2);
    expect(cache.get('k')).toBeUndefined();
    cache.set('j', entry(3));
    cache.delete('j');
    expect(cache.get('j')).toBeUndefined();
    expect(jest.getTimerCount()).toBe(0);
  });
});
