import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import type { AdminCacheSize } from '@matchday/contracts';
import { palettes } from '@matchday/ui';
import { fakeFetch } from '@matchday/testing/src/fake-fetch';
import { cacheSizeQuery } from '../src/features/admin/api/cache';
import { CachePanel } from '../src/features/admin/components/CachePanel';

const realFetch = global.fetch;
afterAll(() => {
  global.fetch = realFetch;
});

const SIZE: AdminCacheSize = { entries: 1204, bytes: 3_565_158, maxBytes: 64 * 1024 * 1024, hits: 9, misses: 3 };

/** The panel as the dashboard shows it, rendered to HTML: the text of each element with a data-testid. */
function shown(props: Parameters<typeof CachePanel>[0]): { html: string; byTestId: Map<string, string> } {
  const html = renderToStaticMarkup(createElement(ThemeProvider, { theme: palettes.light }, createElement(CachePanel, props)));
  const byTestId = new Map([...html.matchAll(/data-testid="([\w-]+)"[^>]*>([^<]*)</g)].map((m) => [m[1]!, m[2]!]));
  return { html, byTestId };
}

describe("the response cache's size on the admin dashboard", () => {
  it('reads GET /api/admin/cache', async () => {
    expect(cacheSizeQuery.key()).toBe('/api/admin/cache');
    const { sent } = fakeFetch({ status: 200, body: SIZE });
    await expect(cacheSizeQuery.read(cacheSizeQuery.key())).resolves.toEqual(SIZE);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/admin/cache' });
  });

  it('shows the entries, the bytes they hold against the bound, and the share of reads answered from it', () => {
    const { html, byTestId } = shown({ size: SIZE, error: undefined });
    expect(html).toContain('Response cache');
    expect(Object.fromEntries(byTestId)).toMatchObject({
      'cache-entries': '1204',
      'cache-bytes': '3.4 MB',
      'cache-max-bytes': '64.0 MB',
      'cache-hit-rate': '75%',
    });
    expect(html).toContain('9 reads answered from it, 3 reads asked of a service');
    const empty = shown({ size: { entries: 0, bytes: 0, maxBytes: 1024, hits: 0, misses: 1 }, error: undefined }).byTestId;
    expect([empty.get('cache-bytes'), empty.get('cache-max-bytes'), empty.get('cache-hit-rate')]).toEqual(['0 B', '1.0 KB', '0%']);
  });

  it('says so when the size could not be read, and shows no figures', () => {
    const { html, byTestId } = shown({ size: undefined, error: new Error('503: down') });
    expect(html).toContain('The cache&#x27;s size could not be read.');
    expect(byTestId.has('cache-entries')).toBe(false);
  });
});
