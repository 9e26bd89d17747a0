import { entryBytes, matchesEtag, ResponseCache } from '../src/cache/response-cache';

const answer = (text: string, status = 200) => ({ status, contentType: 'application/json', body: Buffer.from(text) });

describe('ResponseCache', () => {
  it('keys by path and sorted query, without the cache-buster', () => {
    expect(ResponseCache.key('/api/standings', 'season=2026&leagueId=39&_cb=123')).toBe('/api/standings?leagueId=39&season=2026');
    expect(ResponseCache.key('/api/standings', 'leagueId=39&season=2026')).toBe('/api/standings?leagueId=39&season=2026');
    expect(ResponseCache.key('/api/leagues', '_cb=1')).toBe('/api/leagues');
  });

  it('shares one load among concurrent misses, then serves hits; only 200s are kept', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer('{"a":1}');
    };
    const burst = await Promise.all(Array.from({ length: 50 }, () => cache.getOrLoad('/k', load)));
    expect(loads).toBe(1);
    expect(burst.every((b) => b.body.toString() === '{"a":1}' && !b.hit)).toBe(true);
    expect((await cache.getOrLoad('/k', load)).hit).toBe(true);
    expect(loads).toBe(1);

    await cache.getOrLoad('/bad', async () => answer('{"message":"no"}', 400));
    expect((await cache.getOrLoad('/bad', async () => answer('{"message":"no"}', 400))).hit).toBe(false);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1 });
  });

  it('forgets entries after the TTL and past the byte bound, and clear() empties it', async () => {
    const cache = new ResponseCache({ ttlMs: 30, maxBytes: 2_000 });
    cache.set('/a', 200, 'application/json', Buffer.alloc(300));
    cache.set('/b', 200, 'application/json', Buffer.alloc(300));
    cache.set('/c', 200, 'application/json', Buffer.alloc(300));
    expect(cache.stats().entries).toBe(2);
    expect(cache.get('/a')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('/c')).toBeUndefined();
    cache.set('/d', 200, 'application/json', Buffer.alloc(10));
    expect(cache.clear()).toBe(1);
    expect(cache.stats().entries).toBe(0);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(matchesEtag('"x", "y"', '"y"')).toBe(true);
    expect(matchesEtag('W/"y"', '"y"')).toBe(true);
    expect(matchesEtag('*', '"y"')).toBe(true);
    expect(matchesEtag('"x"', '"y"')).toBe(false);
    expect(matchesEtag('', '"y"')).toBe(false);
  });

  it('counts what an entry really holds: its key, headers and the objects around it, and a body of its own', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    // a small answer read from a socket is a view into a larger pooled slab
    const slab = Buffer.alloc(8_192, 0x20);
    slab.write('{"a":1}', 100);
    const loaded = { status: 200, contentType: 'application/json', body: slab.subarray(100, 107), headers: { 'cache-control': 'public' } };
    const entry = await cache.getOrLoad('/k', async () => loaded);
    expect(entry.body.toString()).toBe('{"a":1}');
    expect(entry.body.buffer.byteLength).toBe(7);
    const longKey = `/k?${'x'.repeat(1_000)}`;
    expect(entryBytes(entry, longKey) - entryBytes(entry, '/k')).toBe(2 * (longKey.length - 2));
    expect(entryBytes(entry, '/k')).toBeGreaterThanOrEqual(600 + 7);
    // a 1 MB bound holds at most ~1,600 tiny answers (their real cost), not the ~4,800 a count of their bodies allowed
    for (let i = 0; i < 5_000; i += 1) await cache.getOrLoad(`/tiny/${i}`, async () => answer('{}'));
    expect(cache.stats().entries).toBeLessThanOrEqual(1_700);
  });

  it('lets expired entries go within a second even when nobody reads them again', async () => {
    const cache = new ResponseCache({ ttlMs: 20, maxBytes: 1_000_000 });
    for (let i = 0; i < 100; i += 1) await cache.getOrLoad(`/e/${i}`, async () => answer('{}'));
    expect(cache.heldEntries()).toBe(100);
    const deadline = Date.now() + 5_000;
    while (cache.heldEntries() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cache.heldEntries()).toBe(0);
  });
});
