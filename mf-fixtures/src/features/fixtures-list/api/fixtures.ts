import { useRef, useState } from 'react';
import type { Fixture, FixturePage } from '@matchday/contracts';
import { browserTimeZone } from '@matchday/ui';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';
import type { FixtureFilter } from '../rules/filter';

/** Cards per page of a day list: whole rows at one to four cards a row. */
export const PAGE_SIZE = 48;

/**
 * The API call behind a filter: team -> the first page of /api/fixtures narrowed by the server to that name
 * (and filtered here by the spec's contains rule); league -> /api/fixtures/filter; day -> the first page of
 * that day list; live -> today's whole list. The next pages follow the first page's nextCursor.
 */
export function fixturesKey(filter: FixtureFilter): string {
  const tz = encodeURIComponent(browserTimeZone());
  if (filter.kind === 'team') return `/api/fixtures?team=${encodeURIComponent(filter.team)}&tz=${tz}&limit=${PAGE_SIZE}`;
  if (filter.kind === 'league') return `/api/fixtures/filter?leagueId=${filter.leagueId}&tz=${tz}`;
  // Live: today's whole list (up to 500, one read), of which the screen keeps the matches being played
  if (filter.kind === 'live') return `/api/fixtures/filter?type=today&tz=${tz}`;
  return `/api/fixtures/filter?type=${filter.tab}&tz=${tz}&limit=${PAGE_SIZE}`;
}

/** Team filter (spec §7): case-insensitive "contains" on either team's name. */
export function matchesTeam(fixture: Fixture, team: string): boolean {
  const needle = team.toLowerCase();
  return fixture.homeTeam.toLowerCase().includes(needle) || fixture.awayTeam.toLowerCase().includes(needle);
}

/**
 * Fixtures as a page (a whole list is one page); a failure carries the spec §8 message 'Failed to fetch
 * fixtures' ("status: body" as its cause).
 */
export const fixturesQuery = apiQuery<[filter: FixtureFilter], FixturePage, Fixture[] | FixturePage>(
  fixturesKey,
  'Failed to fetch fixtures',
  (reply) => (Array.isArray(reply) ? { fixtures: reply, total: reply.length, nextCursor: null } : reply),
);

/** The pages read after the first, and which list and first page they continue. */
interface MorePages {
  first: string;
  pages: FixturePage[];
}

/**
 * What the pages after a first page hang on: the list (filter) and where its first page ends. A revalidation that
 * brings the same page boundaries (SWR gives a new object when anything in the page changed, a score or a status)
 * keeps them; another filter, or a first page that now ends elsewhere, starts again. Compared by object before,
 * a revalidation landing while "Show more" was reading dropped the page it had just added.
 */
function continues(filter: FixtureFilter, first: FixturePage): string {
  return `${fixturesKey(filter)}|${first.total}|${first.nextCursor ?? ''}|${first.fixtures.map((fixture) => fixture.id).join(',')}`;
}

/**
 * Fixtures of a filter. Day lists come a page at a time: `remaining` says how many are left and `loadMore`
 * appends the next page (its fixtures stay until another filter, or a first page that ends elsewhere: continues()).
 */
export function useFixtures(filter: FixtureFilter) {
  const result = useApiQuery(fixturesQuery, [filter]);
  const [more, setMore] = useState<MorePages | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const first = result.data ?? null;
  const pages = first ? [first, ...(more?.first === continues(filter, first) ? more.pages : [])] : [];
  const fixtures = pages.flatMap((page) => page.fixtures);
  const last = pages[pages.length - 1];
  // what the list is now, for a read that ends after it changed
  const now = useRef({ filter, pages });
  now.current = { filter, pages };

  /**
   * Appends the next page. A first page read again meanwhile with other boundaries (a match left the list, a
   * Refresh) drops the pages after it: the page just read may not follow it, so the one that does is read instead
   * (a few times at most), and a click on "Show more" always shows more while there is more.
   */
  const loadMore = async () => {
    setLoadingMore(true);
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const from = now.current;
        const head = from.pages[0];
        const tail = from.pages[from.pages.length - 1];
        if (fixturesKey(from.filter) !== fixturesKey(filter) || !head || !tail?.nextCursor) return;
        const key = continues(filter, head);
        const next = await fixturesQuery.read(`${fixturesKey(filter)}&cursor=${encodeURIComponent(tail.nextCursor)}`);
        const after = now.current;
        if (!next || fixturesKey(after.filter) !== fixturesKey(filter)) return;
        if (after.pages[0] && continues(filter, after.pages[0]) === key) {
          setMore({ first: key, pages: [...from.pages.slice(1), next] });
          return;
        }
      }
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    ...result,
    fixtures: filter.kind === 'team' ? fixtures.filter((f) => matchesTeam(f, filter.team)) : fixtures,
    /** Fixtures of the day or team list not shown yet (0 for a league's list). */
    remaining: last?.nextCursor && first ? Math.max(0, first.total - fixtures.length) : 0,
    loadingMore,
    loadMore,
  };
}
