import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, repoRoot, toDate } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { runImport } from '../src/importers/cli';
import { prepareReplay, shiftToToday } from '../src/importers/replay';
import { football } from '../src/service';
import { tempDir } from './import-helpers';

/** Three matches of a made-up file: 1 Sep, 1 Dec 2023 and 1 Mar 2024 (middle: 1 Dec). */
function seasonFile(): string {
  const file = path.join(tempDir(), 'E0-2324.csv');
  fs.writeFileSync(
    file,
    [
      'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG',
      'E0,01/09/2023,15:00,Arsenal,Chelsea,1,0',
      'E0,01/12/2023,20:00,Chelsea,Everton,2,2',
      'E0,01/03/2024,12:30,Everton,Arsenal,0,1',
    ].join('\n'),
  );
  return file;
}

describe.each(testDatabases())('replay on %s', (_label, makeTarget) => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'));
  });

  afterAll(async () => {
    await service.close();
  });

  it('moves the season so that its middle is today and still reports real (not demo) data', async () => {
    await runImport(['football-data-co-uk', seasonFile()], { db: service.db, cwd: repoRoot });
    const today = new Date('2026-11-22T10:00:00Z');
    // 1 Sep 2023 .. 1 Mar 2024: the middle is 31 Nov/1 Dec 2023, 1087 days before 2026-11-22
    const days = await shiftToToday(service.db, today);
    expect(days).toBe(1087);
    const kickoffs = (await service.db('fixtures').orderBy('kickoff_at').select('kickoff_at')).map((r: { kickoff_at: unknown }) =>
      toDate(r.kickoff_at)!.toISOString(),
    );
    expect(kickoffs).toEqual(['2026-08-23T14:00:00.000Z', '2026-11-22T20:00:00.000Z', '2027-02-21T12:30:00.000Z']);
    expect(await service.db('dataset_meta').where({ key: 'date_shift_days' }).first('value')).toEqual({ value: '1087' });
    // Same day again: nothing moves.
    expect(await shiftToToday(service.db, today)).toBe(0);
    const response = await service.request('/api/dataset');
    expect(await response.json()).toEqual({ demo: false });
  });
});

describe('prepareReplay', () => {
  it('imports into DATA_DIR/replay from scratch each time and hands the football service that directory', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, INIT_CWD: repoRoot };
    const quiet = () => undefined;
    const file = seasonFile();
    const serviceEnv = await prepareReplay(['football-data-co-uk', file], env, quiet);
    expect(serviceEnv).toEqual({ DATA_DIR: path.join(dataDir, 'replay') });
    // A second start rebuilds it: still three fixtures, shifted once.
    await prepareReplay(['football-data-co-uk', file], env, quiet);
    const db = await openDatabase({ client: 'sqlite', location: path.join(dataDir, 'replay', 'football.sqlite') });
    try {
      expect(await db('fixtures').count({ n: '*' })).toEqual([{ n: 3 }]);
      const shift = (await db('dataset_meta').where({ key: 'date_shift_days' }).first('value')) as { value: string };
      const first = toDate((await db('fixtures').min({ at: 'kickoff_at' }))[0]!.at)!;
      expect(first.getTime() - Number(shift.value) * 86_400_000).toBe(Date.parse('2023-09-01T14:00:00Z'));
    } finally {
      await db.destroy();
    }
    expect(fs.existsSync(path.join(dataDir, 'football.sqlite'))).toBe(false);
    await expect(prepareReplay([], env, quiet)).rejects.toThrow(/--replay needs import arguments/);
  });
});
