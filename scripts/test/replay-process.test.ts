import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../lib/processes';
import { runReplay } from '../lib/replay-process';

const season = path.resolve(repoRoot, '../shared/data/football-data-co-uk/E0-2425.csv');

describe("a replay's database is built in a process of its own", () => {
  let dataDir: string;
  beforeEach(() => {
    if (!fs.existsSync(season))
      throw new Error(`${season} is missing: the shared real data belongs beside the repository (../shared/data)`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-replay-process-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("builds it, passes its lines on and answers the football service's environment", async () => {
    const lines: string[] = [];
    const outcome = await runReplay(
      { replay: ['football-data-co-uk', season], asOf: '2024-12-01' },
      { ...process.env, DATA_DIR: dataDir, INIT_CWD: repoRoot },
      'tsx',
      (line) => lines.push(line),
    );
    expect(outcome.serviceEnv).toEqual({ DATA_DIR: path.join(dataDir, 'replay') });
    expect(fs.existsSync(path.join(dataDir, 'replay', 'football.sqlite'))).toBe(true);
    expect(lines.some((line) => line.includes('so now is 2024-12-01 of the real season'))).toBe(true);
  }, 120_000);

  it("fails with the child's own message for a day that is not one", async () => {
    await expect(
      runReplay(
        { replay: ['football-data-co-uk', season], asOf: 'tomorrow' },
        { ...process.env, DATA_DIR: dataDir, INIT_CWD: repoRoot },
        'tsx',
        () => undefined,
      ),
    ).rejects.toThrow(/^--as-of "tomorrow" is not a date: give a day of the season \(YYYY-MM-DD\)/);
  }, 120_000);
});
