import type { Fixture, Follow } from '@matchday/contracts';
import { fakeFetch } from '@matchday/testing/src/fake-fetch';
import { fixturesKey, fixturesQuery, matchesTeam, PAGE_SIZE } from '../src/features/fixtures-list/api/fixtures';
import { followedIds, followingKey, followingQuery } from '../src/features/fixtures-list/api/following';

const realFetch = global.fetch;
afterAll(() => {
  global.fetch = realFetch;
});

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const fixture = (id: number, homeTeam: string, awayTeam: string) => ({ id, homeTeam, awayTeam }) as Fixture;

describe('the request behind each filter', () => {
  it('a day tab asks for the first page of that day list in the browser time zone', () => {
    const url = new URL(fixturesKey({ kind: 'tab', tab: 'tomorrow' }), 'https://matchday.test');
    expect(url.pathname).toBe('/api/fixtures/filter');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'tomorrow', tz: zone, limit: String(PAGE_SIZE) });
  });

  it("the Live tab asks for today's whole list (no limit)", () => {
    const url = new URL(fixturesKey({ kind: 'live' }), 'https://matchday.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'today', tz: zone });
  });

  it("a league asks for the league's list", () => {
    const url = new URL(fixturesKey({ kind: 'league', leagueId: 39 }), 'https://matchday.test');
    expect(url.pathname).toBe('/api/fixtures/filter');
    expect(Object.fromEntries(url.searchParams)).toEqual({ leagueId: '39', tz: zone });
  });

  it('a team asks /api/fixtures by name, the name encoded', () => {
    const key = fixturesKey({ kind: 'team', team: 'Brighton & Hove' });
    expect(key.startsWith('/api/fixtures?team=Brighton%20%26%20Hove&')).toBe(true);
    expect(new URL(key, 'https://matchday.test').searchParams.get('limit')).toBe(String(PAGE_SIZE));
  });
});

describe("the team filter's contains rule", () => {
  it('matches either side, whatever the case', () => {
    expect(matchesTeam(fixture(1, 'Manchester United', 'Leeds'), 'united')).toBe(true);
    expect(matchesTeam(fixture(1, 'Leeds', 'Manchester United'), 'MANCHESTER')).toBe(true);
    expect(matchesTeam(fixture(1, 'Arsenal', 'Chelsea'), 'united')).toBe(false);
  });
});

describe('reading fixtures', () => {
  it('turns a plain list into one page', async () => {
    const list = [fixture(1, 'A', 'B'), fixture(2, 'C', 'D')];
    const { sent } = fakeFetch({ status: 200, body: list });
    await expect(fixturesQuery.read(fixturesKey({ kind: 'league', leagueId: 39 }))).resolves.toEqual({
      fixtures: list,
      total: 2,
      nextCursor: null,
    });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/fixtures/filter' });
    expect(sent[0]!.query.get('_cb')).toMatch(/^\d+$/);
  });

  it('passes a page through as it came', async () => {
    const page = { fixtures: [fixture(3, 'E', 'F')], total: 60, nextCursor: 'abc' };
    fakeFetch({ status: 200, body: page });
    await expect(fixturesQuery.read(fixturesKey({ kind: 'tab', tab: 'today' }))).resolves.toEqual(page);
  });

  it("a failure says 'Failed to fetch fixtures' with the status and body as its cause", async () => {
    fakeFetch({ status: 500, body: { message: 'boom' } });
    const failure = (await fixturesQuery.read(fixturesKey({ kind: 'live' })).catch((error: unknown) => error)) as Error;
    expect(failure.message).toBe('Failed to fetch fixtures');
    expect((failure.cause as Error).message).toBe('500: {"message":"boom"}');
  });
});

describe("Home's Following", () => {
  const follows: Follow[] = [
    { kind: 'team', id: 40, name: 'Liverpool', image: null, createdAt: '2026-11-01T10:00:00.000Z' },
    { kind: 'league', id: 39, name: 'Premier League', image: null, createdAt: '2026-11-01T10:00:00.000Z' },
    { kind: 'team', id: 33, name: 'Manchester United', image: null, createdAt: '2026-11-01T10:00:00.000Z' },
    { kind: 'player', id: 276, name: 'Neymar', image: null, createdAt: '2026-11-01T10:00:00.000Z' },
  ];

  it('asks about the followed teams and leagues, sorted, and leaves players out', () => {
    expect(followedIds(follows)).toEqual({ teams: [33, 40], leagues: [39] });
  });

  it('names only the kinds that are followed', () => {
    const both = new URL(followingKey([33, 40], [39]), 'https://matchday.test');
    expect(both.pathname).toBe('/api/fixtures/following');
    expect(Object.fromEntries(both.searchParams)).toEqual({ tz: zone, teams: '33,40', leagues: '39' });
    const teamsOnly = new URL(followingKey([33], []), 'https://matchday.test');
    expect(teamsOnly.searchParams.has('leagues')).toBe(false);
    expect(teamsOnly.searchParams.get('teams')).toBe('33');
  });

  it('reads the matches, and a failure says so', async () => {
    const { sent } = fakeFetch({ status: 200, body: [fixture(7, 'Liverpool', 'Everton')] }, { status: 503 });
    await expect(followingQuery.read(followingKey([40], []))).resolves.toEqual([fixture(7, 'Liverpool', 'Everton')]);
    expect(sent[0]!.path).toBe('/api/fixtures/following');
    await expect(followingQuery.read(followingKey([40], []))).rejects.toThrow('Failed to fetch fixtures');
  });
});
