import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '../src/service';

/** A parameter in an unexpected form (array, bracket name, unknown name) is a 400 naming it. */
describe.each(testDatabases())('query parameters on %s', (_label, makeTarget) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(football, makeTarget('football'));
  });
  afterAll(async () => {
    await service?.close();
  });

  const answer = async (path: string) => {
    const response = await service.request(path);
    return { status: response.status, body: (await response.json()) as { message?: string } };
  };

  it.each([
    ['/api/players?teamId[]=1', 'teamId: expected a single value'],
    ['/api/players?teamId[0]=1&leagueId=39&season=2024', 'teamId: expected a single value'],
    ['/api/players?teamId=1&teamId=2&leagueId=39&season=2024', 'teamId: expected a single value'],
    ['/api/players?team=1', 'team: unknown parameter'],
    ['/api/standings?leagueId=39&season=2024&season=2025', 'season: expected a single value'],
    ['/api/fixtures?tz[]=UTC', 'tz: expected a single value'],
    ['/api/search?q=ab&q=cd', 'q: expected a single value'],
    ['/api/leagues?debug=1', 'debug: unknown parameter'],
    ['/api/top-scorers/39/2024?limit=5', 'limit: unknown parameter'],
    ['/api/leagues?_cb=1&_cb=2', '_cb: expected a single value'],
  ])('%s -> 400 %s', async (path, message) => {
    expect(await answer(path)).toEqual({ status: 400, body: { message } });
  });

  it('the internal model feed refuses them too', async () => {
    const internal = { scope: 'internal' as const, userId: undefined };
    const squads = await service.request('/internal/model-feed/squads?fixtureId=1&fixtureId=2', { identity: internal });
    expect({ status: squads.status, body: await squads.json() }).toEqual({
      status: 400,
      body: { message: 'fixtureId: expected a single value' },
    });
    const leagues = await service.request('/internal/model-feed/leagues?all=1', { identity: internal });
    expect({ status: leagues.status, body: await leagues.json() }).toEqual({ status: 400, body: { message: 'all: unknown parameter' } });
  });

  it('keeps the existing messages and ignores the cache buster', async () => {
    expect(await answer('/api/players?leagueId=39&season=2024')).toEqual({ status: 400, body: { message: 'teamId: is required' } });
    expect((await answer('/api/h2h?homeTeamId=a&awayTeamId=2')).body.message).toBe('homeTeamId: expected a whole number');
    expect((await answer(`/api/leagues?_cb=${Date.now()}`)).status).toBe(200);
    expect((await answer(`/api/players?_cb=1`)).status).toBe(200);
  });
});
