import path from 'node:path';
import type { LiveFeedPage } from '@matchday/contracts';
import { repoRoot } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { readReplay, writeReplay } from '../src/importers/replay';
import { claimForImport } from '../src/importers/store';
import { football } from '../src/service';

const WORLD_CUP = path.resolve(repoRoot, '../shared/data/openfootball/worldcup-2022');

/**
 * The live feed names its data with an epoch (GET /internal/live/feed, `epoch`): each database has its own, and it
 * is renewed whenever the football data is replaced, so a reader (the gateway) can tell a replaced feed from one
 * that moved on, even when the new feed's position is past the old one.
 */
describe.each(testDatabases())("the live feed's epoch, on %s", (_label, makeTarget) => {
  const services: RunningService[] = [];
  const start = async (options: { seed?: boolean } = {}) => {
    const service = await startService(football, makeTarget('football'), options);
    services.push(service);
    return service;
  };
  const head = async (service: RunningService): Promise<LiveFeedPage> => {
    const response = await service.request('/internal/live/feed?after=0&limit=1', { identity: { scope: 'internal' } });
    expect(response.status).toBe(200);
    return (await response.json()) as LiveFeedPage;
  };

  afterAll(async () => {
    for (const service of services) await service.close();
  });

  it('a new database has an epoch of its own; rebuilding a replay on it gives a new epoch and moves the feed on', async () => {
    const service = await start();
    const before = await head(service);
    expect(before.epoch).toMatch(/^[0-9a-f-]{36}$/);
    expect((await head(await start())).epoch).not.toBe(before.epoch);
    expect(await head(service)).toEqual(before);

    const read = await readReplay(['openfootball', WORLD_CUP], { INIT_CWD: repoRoot }, () => undefined, {
      asOf: '2022-12-18T16:40:00Z',
      now: new Date('2026-11-25T12:00:00Z'),
    });
    await writeReplay(service.db, read);
    const after = await head(service);
    // the replaced data's feed is longer than the old one: only the epoch tells it is another feed
    expect(after.position).toBeGreaterThan(before.position);
    expect(after.epoch).toMatch(/^[0-9a-f-]{36}$/);
    expect(after.epoch).not.toBe(before.epoch);
  }, 60_000);

  it('the first import over the demo season renews the epoch; a later import keeps it', async () => {
    const service = await start({ seed: true });
    const demo = (await head(service)).epoch;
    expect(await service.db.transaction((trx) => claimForImport(trx))).toBe('removed-demo');
    const imported = (await head(service)).epoch;
    expect(imported).not.toBe(demo);
    expect(await service.db.transaction((trx) => claimForImport(trx))).toBe('already');
    expect((await head(service)).epoch).toBe(imported);
  }, 60_000);
});
