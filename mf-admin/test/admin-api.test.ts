import { ApiError } from '@matchday/ui';
import { fakeFetch } from '@matchday/testing/src/fake-fetch';
import { clearCache } from '../src/features/admin/api/clear-cache';
import { dashboardQuery } from '../src/features/admin/api/dashboard';
import { pwaFilesQuery } from '../src/features/admin/api/pwa-files';
import { changeRemote, remotesQuery } from '../src/features/admin/api/remotes';
import { trendsQuery } from '../src/features/admin/api/trends';

const realFetch = global.fetch;
afterAll(() => {
  global.fetch = realFetch;
});

describe('the admin reads', () => {
  it('each query names its endpoint', () => {
    expect(dashboardQuery.key()).toBe('/api/admin/dashboard');
    expect(pwaFilesQuery.key()).toBe('/api/admin/pwa-files');
    expect(remotesQuery.key()).toBe('/api/admin/remotes');
    expect(trendsQuery.key('30d')).toBe('/api/admin/trends?period=30d');
  });

  it('GETs the dashboard, cache-busted, and gives the reply', async () => {
    const { sent } = fakeFetch({ status: 200, body: { totalUsers: 12 } });
    await expect(dashboardQuery.read(dashboardQuery.key())).resolves.toEqual({ totalUsers: 12 });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/admin/dashboard' });
    expect(sent[0]!.query.get('_cb')).toMatch(/^\d+$/);
  });

  it('is nothing (null) when signed out', async () => {
    fakeFetch({ status: 401 });
    await expect(dashboardQuery.read(dashboardQuery.key())).resolves.toBeNull();
  });

  it('keeps the status of a refusal in its message, so the screen can tell a non-admin (403) apart', async () => {
    fakeFetch({ status: 403, body: { message: 'Administrators only' } });
    await expect(dashboardQuery.read(dashboardQuery.key())).rejects.toThrow('403: {"message":"Administrators only"}');
    fakeFetch({ status: 500, body: 'trends down' });
    await expect(trendsQuery.read(trendsQuery.key('7d'))).rejects.toThrow('500: trends down');
  });

  it('a network failure of the app files is the fetch error itself', async () => {
    fakeFetch();
    await expect(pwaFilesQuery.read(pwaFilesQuery.key())).rejects.toThrow(TypeError);
  });
});

describe('the admin writes', () => {
  it('clears the cache with a POST carrying the cross-site check header, and gives the count', async () => {
    const { sent } = fakeFetch({ status: 200, body: { message: 'Cache cleared', cleared: 42 } });
    await expect(clearCache()).resolves.toEqual({ message: 'Cache cleared', cleared: 42 });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/admin/clear-cache', body: undefined });
    expect(sent[0]!.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it.each(['rollback', 'roll-forward'] as const)('posts a %s of one remote', async (action) => {
    const { sent } = fakeFetch({ status: 200, body: { remote: 'mf-stats', version: '0.1.0' } });
    await changeRemote('mf-stats', action);
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/api/admin/remotes/mf-stats/${action}` });
  });

  it("a refused change carries the server's message and status", async () => {
    fakeFetch({ status: 409, body: { message: 'mf-tips has no older version to roll back to' } });
    const failure = await changeRemote('mf-tips', 'rollback').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).message).toBe('mf-tips has no older version to roll back to');
  });
});
