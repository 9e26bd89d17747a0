import type { Fixture, FixturePage } from '@matchday/contracts';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '../src/service';

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

describe.each(testDatabases())('day and team list pages on %s', (_label, makeTarget) => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'), { seed: true });
  });

  afterAll(async () => {
    await service?.close();
  });

  /** Every page of a list, following nextCursor from the first. */
  async function allPages(list: string, limit: number): Promise<FixturePage[]> {
    const pages: FixturePage[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const page: FixturePage = await json<FixturePage>(await service.request(`${list}&tz=UTC&limit=${limit}${after}`));
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 100);
    return pages;
  }

  it.each(['week', 'today'])('the pages of ?type=%s, put together, are the plain list, each with its total', async (type) => {
    const list = await json<Fixture[]>(await service.request(`/api/fixtures/filter?type=${type}&tz=UTC`));
    expect(list.length).toBeGreaterThan(7);
    const pages = await allPages(`/api/fixtures/filter?type=${type}`, 7);
    expect(pages.length).toBe(Math.ceil(list.length / 7));
    expect(pages.flatMap((p) => p.fixtures)).toEqual(list);
    for (const page of pages.slice(0, -1)) {
      expect(page.fixtures).toHaveLength(7);
      expect(typeof page.nextCursor).toBe('string');
    }
    expect(pages[pages.length - 1]!.nextCursor).toBeNull();
    for (const page of pages) expect(page.total).toBe(list.length);
  });

  it("the pages of a team's fixtures (?team=), put together, are its plain list; a name that matches no team is one empty page", async () => {
    const list = await json<Fixture[]>(await service.request('/api/fixtures?team=mariners&tz=UTC'));
    expect(list.length).toBeGreaterThan(5);
    const pages = await allPages('/api/fixtures?team=mariners', 5);
    expect(pages.length).toBe(Math.ceil(list.length / 5));
    expect(pages.flatMap((p) => p.fixtures)).toEqual(list);
    for (const page of pages) expect(page.total).toBe(list.length);
    expect(pages[pages.length - 1]!.nextCursor).toBeNull();
    const none = await json<FixturePage>(await service.request('/api/fixtures?team=no-such-club&tz=UTC&limit=5'));
    expect(none).toEqual({ fixtures: [], total: 0, nextCursor: null });
  });

  it('keeps fixtures that share a kick-off together in id order across a page break', async () => {
    const list = await json<Fixture[]>(await service.request('/api/fixtures/filter?type=week&tz=UTC'));
    const shared = list.findIndex((f, i) => i > 0 && f.eventDate === list[i - 1]!.eventDate);
    expect(shared).toBeGreaterThan(0);
    // A page that ends on the first of two fixtures kicking off at the same time.
    const first = await json<FixturePage>(await service.request(`/api/fixtures/filter?type=week&tz=UTC&limit=${shared}`));
    expect(first.fixtures.map((f) => f.id)).toEqual(list.slice(0, shared).map((f) => f.id));
    const next = await json<FixturePage>(
      await service.request(`/api/fixtures/filter?type=week&tz=UTC&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`),
    );
    expect(next.fixtures.map((f) => f.id)).toEqual(list.slice(shared, shared + 2).map((f) => f.id));
  });

  it('a cursor alone gives a page of the default size; a page past the end is empty', async () => {
    const list = await json<Fixture[]>(await service.request('/api/fixtures/filter?type=week&tz=UTC'));
    const first = await json<FixturePage>(await service.request('/api/fixtures/filter?type=week&tz=UTC&limit=1'));
    const rest = await json<FixturePage>(await service.request(`/api/fixtures/filter?type=week&tz=UTC&cursor=${first.nextCursor}`));
    expect(rest.fixtures.map((f) => f.id)).toEqual(list.slice(1, 49).map((f) => f.id));
    const end = await json<FixturePage>(await service.request('/api/fixtures/filter?type=week&tz=UTC&cursor=99999999999_1'));
    expect(end).toEqual({ fixtures: [], total: list.length, nextCursor: null });
  });

  it.each([
    ['type=week&limit=0', 'limit'],
    ['type=week&limit=101', 'limit'],
    ['type=week&limit=ten', 'limit'],
    ['type=week&cursor=abc', 'cursor'],
    ['type=week&cursor=1_2_3', 'cursor'],
    ['type=week&cursor=%2D1_2', 'cursor'],
    ['limit=10', 'limit'],
    ['leagueId=39&cursor=1_2', 'limit'],
  ])('/filter?%s -> 400 naming %s', async (query, parameter) => {
    const body = await json<{ message: string }>(await service.request(`/api/fixtures/filter?${query}`), 400);
    expect(body).toEqual({ message: expect.stringMatching(new RegExp(`^${parameter}:`)) });
  });

  it.each([
    ['team=mariners&limit=0', 'limit'],
    ['team=mariners&limit=101', 'limit'],
    ['team=mariners&cursor=abc', 'cursor'],
  ])('/api/fixtures?%s -> 400 naming %s', async (query, parameter) => {
    const body = await json<{ message: string }>(await service.request(`/api/fixtures?${query}`), 400);
    expect(body).toEqual({ message: expect.stringMatching(new RegExp(`^${parameter}:`)) });
  });
});
