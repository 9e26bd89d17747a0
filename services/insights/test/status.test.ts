import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { insights } from '../src/service';

describe.each(testDatabases())('insights service on %s', (_label, target) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(insights, target('insights'));
  });
  afterAll(async () => {
    await service.close();
  });

  it('answers /api/insights/status with the number of model runs', async () => {
    const response = await service.request('/api/insights/status');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ runs: 0 });
  });

  it('refuses a request without the gateway identity', async () => {
    const response = await fetch(`${service.url}/api/insights/status`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Requests must come through the gateway' });
  });
});
