import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { insights } from '../src/service';

/** The insights routes read their query through parseQuery too (refused before any model work). */
describe.each(testDatabases())('insights query parameters on %s', (_label, makeTarget) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(insights, makeTarget('insights'));
  });
  afterAll(async () => {
    await service?.close();
  });

  it.each([
    ['/api/tips?day[]=today', 'day: expected a single value'],
    ['/api/tips?day=today&day=tomorrow', 'day: expected a single value'],
    ['/api/tips?league=39', 'league: unknown parameter'],
    ['/api/tips/weekend?day=today', 'day: unknown parameter'],
    ['/api/tips/record?leagueId[]=39', 'leagueId: expected a single value'],
    ['/api/tips/fixture/1?full=1', 'full: unknown parameter'],
    ['/api/dream11?day=today&x=1', 'x: unknown parameter'],
    ['/api/dream11/fixture/1?recent=8', 'recent: unknown parameter'],
    ['/api/tips?day=yesterday', 'day: expected today or tomorrow'],
  ])('%s -> 400 %s', async (path, message) => {
    const response = await service.request(path);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { message } });
  });
});
