import fs from 'node:fs';
import path from 'node:path';
import { httpFootballClient, type DatabaseTarget } from '@matchday/server';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { runSeasonSoFar } from '../src/backfill-process';
import type { BackfillReport } from '../src/modules/tips/backfill';
import { createInsights, type InsightsParts } from '../src/service';

/** The backfill's child processes alive now (children of this process running backfill-worker). */
function backfillProcesses(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const ppid = /PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        return Number(ppid) === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('backfill-worker');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** What server.ts's environment would say of this database and football: the child reads it (config.ts). */
function childEnv(target: DatabaseTarget, footballUrl: string): NodeJS.ProcessEnv {
  return target.client === 'sqlite'
    ? { DATA_DIR: path.dirname(target.location), FOOTBALL_URL: footballUrl, INTERNAL_JWT_SECRET: TEST_SECRET }
    : { INSIGHTS_DATABASE_URL: target.location, FOOTBALL_URL: footballUrl, INTERNAL_JWT_SECRET: TEST_SECRET };
}

const backfilledTips = (service: RunningService) =>
  service
    .db('tips')
    .where('origin', 'backfill')
    .orderBy('fixture_id')
    .select('fixture_id', 'market', 'probability', 'odds', 'p_home', 'p_draw', 'p_away', 'xg_home', 'xg_away', 'status', 'rps', 'book_rps');
const recordRows = (service: RunningService) =>
  service.db('dream11_record').orderBy('fixture_id').select('fixture_id', 'model_points', 'form_points', 'captain');

/**
 * The season so far in a process of its own (server.ts's way: backfill-process.ts), against the same work in the
 * service's process, on the demo season up to the real now (the child's clock is the system's): the same tips,
 * grades and Dream11 record, at the same API; the process ends when done, and a crash of it is reported.
 */
describe.each(testDatabases())('the season backfill in a process of its own on %s', (_label, target) => {
  let footballService: RunningService;
  let here: RunningService<InsightsParts>;
  let there: RunningService<InsightsParts>;
  let thereTarget: DatabaseTarget;

  beforeAll(async () => {
    footballService = await startService(football, target('football'), { seed: true });
    const client = httpFootballClient(footballService.url, TEST_SECRET);
    here = await startService(createInsights({ football: client, background: false }), target('insights'));
    thereTarget = target('insights');
    there = await startService(createInsights({ football: client, background: false }), thereTarget, {});
  }, 120_000);
  afterAll(async () => {
    await here?.close();
    await there?.close();
    await footballService?.close();
  });

  it('stores the same tips and Dream11 record as in the service, read at the same API; its process ends', async () => {
    const tipsHere = await here.parts.backfill.run();
    const recordHere = await here.parts.dream11Record.run();
    let tipsThere: BackfillReport | Error | undefined;
    const env = { ...process.env, ...childEnv(thereTarget, footballService.url) };
    const recordThere = await runSeasonSoFar((r) => (tipsThere = r), env).done;
    expect(tipsHere.made).toBeGreaterThan(0);
    expect(tipsThere).toMatchObject({ pending: tipsHere.pending, made: tipsHere.made, graded: tipsHere.graded, fits: tipsHere.fits });
    expect(recordThere).toMatchObject({ pending: recordHere.pending, made: recordHere.made, fits: recordHere.fits });
    expect(await backfilledTips(there)).toEqual(await backfilledTips(here));
    expect(await recordRows(there)).toEqual(await recordRows(here));
    for (const url of ['/api/tips/record', '/api/dream11/record'])
      expect(await (await there.request(url)).json()).toEqual(await (await here.request(url)).json());
    expect(backfillProcesses()).toEqual([]);
  }, 300_000);

  it('a crash of the process rejects its run with a reason, and nothing of it stays alive', async () => {
    await there.db('tips').where('origin', 'backfill').delete();
    const { done } = runSeasonSoFar(() => undefined, { ...process.env, ...childEnv(thereTarget, footballService.url) });
    let pids: number[] = [];
    for (let i = 0; i < 100 && !pids.length; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pids = backfillProcesses();
    }
    expect(pids).toHaveLength(1);
    process.kill(pids[0]!, 'SIGKILL');
    await expect(done).rejects.toThrow(/terminated unexpectedly/i);
    expect(backfillProcesses()).toEqual([]);
  }, 60_000);
});
