import fs from 'node:fs';
import type { SyncLeagueRun } from '@matchday/contracts';
import type { DatabaseTarget, ServiceDefinition } from '@matchday/server';
import { startService, startStaticUpstream, type Misbehaviour, type RunningService, type StaticUpstreamStandIn } from '@matchday/testing';
import { createFootballJsonSync, type FootballJsonSync, type SyncLogger } from '../../src/importers/sync';
import { football } from '../../src/service';
import { sharedData } from '../import-helpers';

/**
 * The keyless sync's tests against a stand-in of raw.githubusercontent.com: the two real snapshots of the Premier
 * League 2025-26 (4 and 13 March 2026) and La Liga's, and the football service the sync writes to.
 */

const read = (snapshotDate: string, code: string) =>
  fs.readFileSync(sharedData('openfootball', 'football-json', snapshotDate, '2025-26', `${code}.json`), 'utf8');
export const MARCH_4 = read('2026-03-04', 'en.1');
export const MARCH_13 = read('2026-03-13', 'en.1');
export const LA_LIGA = read('2026-03-13', 'es.1');
export const PATH = '2025-26/en.1.json';
export const FULL_PATH = '2025-26/en.1-full.json';

export interface Line {
  level: 'info' | 'warn' | 'error';
  data: Record<string, unknown>;
  message: string;
}

export function recordingLogger(lines: Line[]): SyncLogger {
  const at = (level: Line['level']) => (data: object, message: string) =>
    lines.push({ level, data: data as Record<string, unknown>, message });
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** What the tests of one database share: the stand-in, the service (without its timers) and en.1's sync of it. */
export class SyncStack {
  upstream!: StaticUpstreamStandIn;
  service!: RunningService;
  sync!: FootballJsonSync;
  /** The sync's clock: each run a minute later. */
  clock = Date.parse('2026-03-13T12:00:00Z');
  readonly lines: Line[] = [];

  /** One run of en.1; returns its report and the log lines it wrote. */
  async runOnce(): Promise<{ report: SyncLeagueRun; logged: Line[] }> {
    const from = this.lines.length;
    this.clock += 60_000;
    const [report] = await this.sync.run();
    return { report: report!, logged: this.lines.slice(from) };
  }

  /** Runs the sync once with `how` answering at PATH, then behaves again; the run's report and log lines. */
  async runMisbehaving(how: Misbehaviour): Promise<{ report: SyncLeagueRun; logged: Line[] }> {
    this.upstream.misbehave(PATH, how);
    try {
      return await this.runOnce();
    } finally {
      this.upstream.behave(PATH);
    }
  }
}

/**
 * How long the tests' sync waits for an answer and for a body: short, so that a hang fails fast, and long enough for a
 * gzip bomb to be inflated to the cap and refused on a loaded 2-core machine (300 ms was not, once).
 */
export const SYNC_TEST_TIMEOUT_MS = 1_500;

/** A SyncStack started before the tests of the describe block this is called in and stopped after them. */
export function useSyncStack(target: (service: string) => DatabaseTarget): SyncStack {
  const stack = new SyncStack();

  beforeAll(async () => {
    stack.upstream = await startStaticUpstream();
    // the service without its timers: the test runs the sync itself
    const definition: ServiceDefinition = { ...football, onStart: undefined };
    stack.service = await startService(definition, target('football'));
    stack.sync = createFootballJsonSync(stack.service.db, {
      codes: ['en.1'],
      baseUrl: stack.upstream.url,
      intervalMs: 3_600_000,
      season: 2025,
      timeoutMs: SYNC_TEST_TIMEOUT_MS,
      retries: 1,
      backoffMs: 10,
      // the loopback stand-in is where its own redirects lead (SYNC_TEST_ORIGINS)
      testOrigins: [stack.upstream.url],
      now: () => stack.clock,
      logger: recordingLogger(stack.lines),
    });
  });

  afterAll(async () => {
    await stack.sync.stop();
    await stack.service.close();
    await stack.upstream.close();
  });

  return stack;
}
