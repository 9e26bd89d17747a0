import fs from 'node:fs';
import type { SyncRunReply } from '@matchday/contracts';
import { manualClock } from '@matchday/server';
import { serveService, startStaticUpstream, testDatabases, type RunningService, type StaticUpstreamStandIn } from '@matchday/testing';
import { football, type FootballParts } from '../src/service';
import { freshDatabase, sharedData } from './import-helpers';

const PATH = '2025-26/en.1.json';

/** POST /internal/sync as an administrator: what each league's run did. */
async function run(service: RunningService<FootballParts>): Promise<SyncRunReply> {
  const response = await service.request('/internal/sync', { method: 'POST', identity: { isAdmin: true } });
  expect(response.status).toBe(200);
  return (await response.json()) as SyncRunReply;
}

/**
 * The sync router reads the sync its own start made and its own stop stops: two services started on one database
 * handle (as a restart in the same process is) each have theirs, and one's stop leaves the other's running.
 */
describe.each(testDatabases())('the sync of each start of the football service (%s)', (_label, target) => {
  let upstream: StaticUpstreamStandIn;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const saved = { ...process.env };

  beforeAll(async () => {
    upstream = await startStaticUpstream();
    upstream.serve({ [PATH]: fs.readFileSync(sharedData('openfootball', 'football-json', '2026-03-04', PATH)) });
    // an hour between runs: each start runs once, then only when asked
    Object.assign(process.env, {
      SYNC_FOOTBALL_JSON: 'en.1',
      SYNC_FOOTBALL_JSON_URL: upstream.url,
      SYNC_SEASON: '2025-26',
      SYNC_INTERVAL_S: '3600',
    });
    database = await freshDatabase(target('football'));
  }, 60_000);

  afterAll(async () => {
    process.env = saved;
    await database?.close();
    await upstream?.close();
  });

  it("one start's stop ends its own sync, not the sync of another start on the same database handle", async () => {
    const clock = manualClock(Date.parse('2026-03-13T12:00:00Z'));
    const first = await serveService(football, database.db, { clock });
    const second = await serveService(football, database.db, { clock });
    expect(first.parts.sync).not.toBeNull();
    expect(second.parts.sync).not.toBe(first.parts.sync);
    try {
      // the first start stops (its start-up's stop): its sync runs nothing any more
      await first.close();
      expect(await first.parts.sync!.run()).toEqual([]);
      // the second's, which its router runs, still reads upstream
      const asked = upstream.requests.length;
      const { leagues } = await run(second);
      expect(leagues.map((league) => [league.code, league.error])).toEqual([['en.1', null]]);
      expect(upstream.requests.length).toBeGreaterThan(asked);
    } finally {
      await second.close();
    }
    // and its stop ends that one
    expect(await second.parts.sync!.run()).toEqual([]);
  }, 60_000);
});
