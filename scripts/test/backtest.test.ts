import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@matchday/server';
import { startService, TEST_SECRET, type RunningService } from '@matchday/testing';
import { runImport } from '@matchday/football/src/importers/cli';
import { football } from '@matchday/football/src/service';
import { BLEND_MODEL_WEIGHT } from '@matchday/insights/src/model/constants';
import { main, parseArgs, STANDARD_RUNS } from '../backtest';

const data = (file: string) => path.join(repoRoot, '..', 'shared', 'data', 'football-data-co-uk', file);

/** `npm run backtest` against a football service holding real seasons (read over HTTP like the service does). */
describe('backtest command', () => {
  let service: RunningService;
  const env = { ...process.env };
  let errors: string[] = [];
  let logs: string[] = [];
  beforeAll(async () => {
    service = await startService(football, {
      client: 'sqlite',
      location: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bt-')), 'f.sqlite'),
    });
    for (const season of ['E0-2021.csv', 'E0-2122.csv', 'E0-2324.csv']) {
      await runImport(['football-data-co-uk', data(season)], { db: service.db, cwd: repoRoot, progress: false, log: () => undefined });
    }
    process.env.FOOTBALL_URL = service.url;
    process.env.INTERNAL_JWT_SECRET = TEST_SECRET;
  }, 240_000);
  beforeEach(() => {
    errors = [];
    logs = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')));
    jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logs.push(args.join(' ')));
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    process.env.FOOTBALL_URL = env.FOOTBALL_URL;
    process.env.INTERNAL_JWT_SECRET = env.INTERNAL_JWT_SECRET;
    if (env.FOOTBALL_URL === undefined) delete process.env.FOOTBALL_URL;
    if (env.INTERNAL_JWT_SECRET === undefined) delete process.env.INTERNAL_JWT_SECRET;
    await service.close();
  });

  it('parses --league, --seasons and --csv, runs the test periods of both leagues by default, and rejects nonsense', () => {
    expect(parseArgs(['--league', '39', '--seasons', '2024,2025', '--csv', 'out.csv'])).toEqual({
      runs: [{ league: 39, seasons: [2024, 2025] }],
      csv: 'out.csv',
    });
    expect(parseArgs([])).toEqual({ runs: STANDARD_RUNS });
    expect(STANDARD_RUNS).toEqual([
      { league: 39, seasons: [2022, 2023] },
      { league: 39, seasons: [2024, 2025] },
      { league: 140, seasons: [2022, 2023] },
    ]);
    expect(() => parseArgs(['--csv', 'out.csv'])).toThrow(/--csv needs one run/);
    expect(() => parseArgs(['--league', 'x'])).toThrow(/--league/);
    expect(() => parseArgs(['--seasons', '24,x'])).toThrow(/--seasons/);
  });

  it('stops with a clear message when a season before the first one is not imported', async () => {
    expect(await main(['--league', '39', '--seasons', '2023'])).toBe(1);
    expect(errors.join('\n')).toMatch(/season 2022 is not imported \(stored: 2020, 2021, 2023\)/);
    expect(errors.join('\n')).toMatch(/npm run import -- football-data-co-uk \.\.\/shared\/data\/football-data-co-uk\/E0-2223\.csv/);
  });

  it('says so when the league is not imported at all', async () => {
    expect(await main(['--league', '140', '--seasons', '2023'])).toBe(1);
    expect(errors.join('\n')).toMatch(/League 140 is not imported/);
  });

  it('runs once the seasons are there, prints every forecast and writes the CSV', async () => {
    await runImport(['football-data-co-uk', data('E0-2223.csv')], { db: service.db, cwd: repoRoot, progress: false, log: () => undefined });
    const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-csv-')), 'out.csv');
    expect(await main(['--league', '39', '--seasons', '2023', '--csv', csv])).toBe(0);
    const printed = logs.join('\n');
    for (const name of ['model', `blend ${BLEND_MODEL_WEIGHT}/`, 'Bet365 pre-match', 'Bet365 closing', 'base rate'])
      expect(printed).toContain(`  ${name}`);
    expect(printed).toMatch(/On the 380 matches/);
    expect(printed).toMatch(/Paired per match, RPS minus Bet365 closing RPS/);
    expect(printed).toMatch(/model +[+-]0\.\d{4} \+\/- 0\.\d{4}/);
    expect(printed).toMatch(/model calibration error <= 2\.5 points/);
    expect(printed).toMatch(/Premier League 2023-24 took \d+\.\d s/);
    const lines = fs.readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1 + 2 * 380);
    expect(lines[0]).toBe('date,home,away,pH,pD,pA,pOver25,pBTTS,variant');
    expect(lines[1]).toMatch(/^2023-08-11,Burnley,Manchester City,/);
  });
});
