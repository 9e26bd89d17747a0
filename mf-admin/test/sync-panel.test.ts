import type { SyncLeagueRun } from '@matchday/contracts';
import { fakeFetch } from '@matchday/testing/src/fake-fetch';
import { runSync, syncQuery } from '../src/features/admin/api/sync';
import { runSummary } from '../src/features/admin/components/SyncPanel';

const realFetch = global.fetch;
afterAll(() => {
  global.fetch = realFetch;
});

const run = (extra: Partial<SyncLeagueRun>): SyncLeagueRun => ({
  code: 'en.1',
  leagueId: 39,
  season: '2025-26',
  url: 'https://example.test/2025-26/en.1.json',
  outcome: 'fetched',
  resultsAdded: 10,
  kickoffsMoved: 18,
  fixturesNew: 0,
  missingUpstream: 0,
  resultsWithdrawn: 0,
  resultsChanged: 0,
  changedResults: [],
  error: null,
  at: '2026-03-13T12:00:00.000Z',
  ...extra,
});

describe('the football data sync on the admin dashboard', () => {
  it('reads the status from GET /api/admin/sync', async () => {
    expect(syncQuery.key()).toBe('/api/admin/sync');
    const { sent } = fakeFetch({ status: 200, body: { enabled: false, intervalSeconds: 0, baseUrl: '', leagues: [] } });
    await expect(syncQuery.read(syncQuery.key())).resolves.toMatchObject({ enabled: false });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/admin/sync' });
  });

  it('runs it with a POST carrying the cross-site check header, and gives what each league did', async () => {
    const { sent } = fakeFetch({ status: 200, body: { leagues: [run({})] } });
    await expect(runSync()).resolves.toEqual({ leagues: [run({})] });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/admin/sync' });
    expect(sent[0]!.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('sums a run up in a few words', () => {
    expect(runSummary(run({}))).toBe('fetched: 10 results, 18 kick-offs moved, 0 new');
    expect(
      runSummary(run({ resultsAdded: 0, kickoffsMoved: 0, resultsChanged: 1, changedResults: ['Liverpool v Bournemouth 4-2 → 4-3'] })),
    ).toBe('fetched: 0 results, 0 kick-offs moved, 0 new; 1 result changed: Liverpool v Bournemouth 4-2 → 4-3');
    expect(runSummary(run({ outcome: 'unchanged' }))).toBe('unchanged');
    expect(runSummary(run({ outcome: 'failed', error: 'x' }))).toBe('failed');
  });
});
