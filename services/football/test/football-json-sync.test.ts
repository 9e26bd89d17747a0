import { getEventListeners } from 'node:events';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FixtureStats, SyncLeagueRun, SyncRunReply, SyncStatusReply } from '@matchday/contracts';
import { API_PREFIXES } from '@matchday/contracts';
import { toDate, type ServiceDefinition } from '@matchday/server';
import {
  serveService,
  startService,
  startStaticUpstream,
  testDatabases,
  type RunningService,
  type StaticUpstreamStandIn,
} from '@matchday/testing';
import { syncConfig } from '../src/config';
import { createFootballJsonSync, currentSeason, type FootballJsonSync, type SyncLogger } from '../src/importers/sync';
import { fetchConditional, FetchError, MAX_BODY_BYTES } from '../src/importers/sync/fetch';
import { football } from '../src/service';
import { count, fixtureIdByTeams, getJson, sharedData, snapshot } from './import-helpers';

/**
 * The keyless sync against a stand-in of raw.githubusercontent.com serving the two real snapshots of the Premier
 * League 2025-26 (4 and 13 March 2026) in turn, with ETags: results added, kick-offs moved (and their calendar
 * events' SEQUENCE), an unchanged file, and every bad upstream, never the network.
 */

const read = (snapshotDate: string, code: string) =>
  fs.readFileSync(sharedData('openfootball', 'football-json', snapshotDate, '2025-26', `${code}.json`), 'utf8');
const MARCH_4 = read('2026-03-04', 'en.1');
const MARCH_13 = read('2026-03-13', 'en.1');
const LA_LIGA = read('2026-03-13', 'es.1');
const PATH = '2025-26/en.1.json';
const FULL_PATH = '2025-26/en.1-full.json';

interface Line {
  level: 'info' | 'warn' | 'error';
  data: Record<string, unknown>;
  message: string;
}

function recordingLogger(lines: Line[]): SyncLogger {
  const at = (level: Line['level']) => (data: object, message: string) =>
    lines.push({ level, data: data as Record<string, unknown>, message });
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** UID -> {SEQUENCE, DTSTART, SUMMARY} of every event of an iCalendar feed. */
function events(ics: string): Map<string, { sequence: number; start: string; summary: string }> {
  const out = new Map<string, { sequence: number; start: string; summary: string }>();
  for (const block of ics
    .replace(/\r\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1)) {
    const value = (name: string) => new RegExp(`\\r\\n${name}(?:;[^:\\r\\n]*)?:([^\\r\\n]*)`).exec(`\r\n${block}`)?.[1] ?? '';
    out.set(value('UID'), { sequence: Number(value('SEQUENCE')), start: value('DTSTART'), summary: value('SUMMARY') });
  }
  return out;
}

it('works out the season being played from the date, August to July', () => {
  expect(currentSeason(Date.parse('2026-11-28T09:00:00Z'))).toBe(2026);
  expect(currentSeason(Date.parse('2026-07-31T23:00:00Z'))).toBe(2025);
  expect(currentSeason(Date.parse('2026-08-01T00:00:00Z'))).toBe(2026);
  expect(syncConfig({ SYNC_FOOTBALL_JSON: 'en.1, es.1,en.1' })).toMatchObject({
    codes: ['en.1', 'es.1'],
    baseUrl: 'https://raw.githubusercontent.com/openfootball/football.json/master',
    intervalMs: 21_600_000,
    season: undefined,
  });
  expect(syncConfig({ SYNC_FOOTBALL_JSON: 'en.1', SYNC_SEASON: '2025-26', SYNC_INTERVAL_S: '600' })).toMatchObject({
    season: 2025,
    intervalMs: 600_000,
  });
  expect(syncConfig({})).toBeNull();
  expect(() => syncConfig({ SYNC_FOOTBALL_JSON: 'en.1,xx.7' })).toThrow('SYNC_FOOTBALL_JSON');
  expect(() => syncConfig({ SYNC_FOOTBALL_JSON: 'en.1', SYNC_SEASON: '2025' })).toThrow('SYNC_SEASON');
});

describe.each(testDatabases())('football.json sync (%s)', (_label, target) => {
  let upstream: StaticUpstreamStandIn;
  let service: RunningService;
  let sync: FootballJsonSync;
  const lines: Line[] = [];
  let clock = Date.parse('2026-03-13T12:00:00Z');

  /** One run of en.1; returns its report and the log lines it wrote. */
  async function runOnce(): Promise<{ report: SyncLeagueRun; logged: Line[] }> {
    const from = lines.length;
    clock += 60_000;
    const [report] = await sync.run();
    return { report: report!, logged: lines.slice(from) };
  }

  async function teamFeed(name: string) {
    const team = (await service.db('teams').where({ name }).first('id')) as { id: number };
    const response = await service.request(`${API_PREFIXES.football.calendarTeam}/${team.id}.ics`);
    expect(response.status).toBe(200);
    return events(await response.text());
  }

  beforeAll(async () => {
    upstream = await startStaticUpstream();
    // the service without its timers: the test runs the sync itself
    const definition: ServiceDefinition = { ...football, onStart: undefined };
    service = await startService(definition, target('football'));
    sync = createFootballJsonSync(service.db, {
      codes: ['en.1'],
      baseUrl: upstream.url,
      intervalMs: 3_600_000,
      season: 2025,
      timeoutMs: 300,
      retries: 1,
      backoffMs: 10,
      // the loopback stand-in is where its own redirects lead (SYNC_TEST_ORIGINS)
      testOrigins: [upstream.url],
      now: () => clock,
      logger: recordingLogger(lines),
    });
  });

  afterAll(async () => {
    await sync.stop();
    await service.close();
    await upstream.close();
  });

  it('first sync: the 4 March file, 281 Premier League results', async () => {
    upstream.serve({ [PATH]: MARCH_4 });
    const { report, logged } = await runOnce();
    expect(report).toMatchObject({ code: 'en.1', leagueId: 39, season: '2025-26', url: `${upstream.url}/${PATH}`, outcome: 'fetched' });
    expect(report).toMatchObject({ resultsAdded: 281, kickoffsMoved: 0, fixturesNew: 380, error: null });
    expect(await count(service.db('fixtures').where({ league_id: 39, season: 2025 }))).toBe(380);
    expect(await count(service.db('fixtures').where({ league_id: 39 }).whereNotNull('home_goals'))).toBe(281);
    expect(await count(service.db('teams'))).toBe(20);
    expect(logged.map((l) => [l.level, l.message])).toEqual([
      ['info', 'sync en.1: fetched, 281 results added, 0 kick-offs moved, 380 fixtures new'],
    ]);
    expect(upstream.requests.at(-1)).toMatchObject({ path: PATH, ifNoneMatch: null, status: 200 });
  });

  it('second sync: the 13 March file, 291 results, 18 kick-offs moved, their calendar events at SEQUENCE + 1 with the new DTSTART', async () => {
    const westHamBefore = await teamFeed('West Ham United');
    const etag = (await fetch(`${upstream.url}/${PATH}`)).headers.get('etag');
    upstream.serve({ [PATH]: MARCH_13 });
    const { report, logged } = await runOnce();
    expect(upstream.requests.at(-1)).toMatchObject({ path: PATH, ifNoneMatch: etag, status: 200 });
    expect(report).toMatchObject({
      outcome: 'fetched',
      resultsAdded: 10,
      kickoffsMoved: 18,
      fixturesNew: 0,
      missingUpstream: 0,
      resultsWithdrawn: 0,
    });
    expect(logged.map((l) => l.message)).toEqual(['sync en.1: fetched, 10 results added, 18 kick-offs moved, 0 fixtures new']);
    expect(await count(service.db('fixtures').where({ league_id: 39 }).whereNotNull('home_goals'))).toBe(291);
    expect(await count(service.db('fixtures'))).toBe(380);
    expect(await count(service.db('fixtures').where('schedule_seq', '>', 0))).toBe(18);

    // West Ham's feed: v Wolves from Sat 11 Apr 15:00 to Fri 10 Apr 20:00 (BST), v Crystal Palace (away) from Sat 18 Apr
    // 15:00 to Mon 20 Apr 20:00; every other event as it was
    const westHam = await teamFeed('West Ham United');
    expect([...westHam.keys()].sort()).toEqual([...westHamBefore.keys()].sort());
    const changed = [...westHam].filter(([uid, event]) => JSON.stringify(westHamBefore.get(uid)) !== JSON.stringify(event));
    expect(
      changed.map(([uid, event]) => [
        event.summary,
        westHamBefore.get(uid)!.start,
        event.start,
        event.sequence - westHamBefore.get(uid)!.sequence,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [expect.stringContaining('West Ham United v Wolverhampton Wanderers'), '20260411T140000Z', '20260410T190000Z', 1],
        [expect.stringContaining('Crystal Palace v West Ham United'), '20260418T140000Z', '20260420T190000Z', 1],
      ]),
    );
    // the results added change the events of the matches played (their summary has the score), not their SEQUENCE
    for (const [uid, event] of changed) {
      const before = westHamBefore.get(uid)!;
      if (event.start === before.start) expect(event.sequence).toBe(before.sequence);
    }
    expect(changed.filter(([uid, event]) => event.start !== westHamBefore.get(uid)!.start)).toHaveLength(2);

    // the live window and the reminders read the kick-off: the moved match is at its new time
    const moved = (await service
      .db('fixtures as f')
      .join('teams as h', 'h.id', 'f.home_team_id')
      .join('teams as a', 'a.id', 'f.away_team_id')
      .where({ 'h.name': 'Manchester United', 'a.name': 'Leeds United' })
      .first('f.kickoff_at', 'f.schedule_seq')) as { kickoff_at: unknown; schedule_seq: number };
    expect(toDate(moved.kickoff_at)?.toISOString()).toBe('2026-04-13T19:00:00.000Z');
    expect(Number(moved.schedule_seq)).toBe(1);
  });

  it('third sync, unchanged ETag: one 304, nothing written', async () => {
    const before = await snapshot(service.db);
    const { report, logged } = await runOnce();
    expect(report).toMatchObject({ outcome: 'unchanged', resultsAdded: 0, kickoffsMoved: 0, fixturesNew: 0 });
    expect(upstream.requests.at(-1)).toMatchObject({ path: PATH, status: 304 });
    expect(upstream.requests.at(-1)!.ifNoneMatch).toMatch(/^"/);
    expect(logged.map((l) => l.message)).toEqual(['sync en.1: unchanged, 0 results added, 0 kick-offs moved, 0 fixtures new']);
    expect(await snapshot(service.db)).toEqual(before);
  });

  const truncated = MARCH_13.slice(0, Math.floor(MARCH_13.length * 0.6));
  const badUpstreams: Array<[string, Parameters<StaticUpstreamStandIn['misbehave']>[1], string]> = [
    ['a body that is not JSON', { status: 200, body: 'auto-update week 12 failed\n' }, 'not JSON'],
    ['a truncated file', { status: 200, body: truncated }, 'not JSON'],
    [
      'a captive portal HTML page',
      {
        status: 200,
        body: '<!DOCTYPE html><html><head><title>Hotel Wi-Fi</title></head><body>Accept the terms</body></html>',
        contentType: 'text/html',
      },
      'an HTML page, not JSON',
    ],
    ["another league's file", { status: 200, body: LA_LIGA }, 'the file is "Spain Primera División 2025/26", not en.1'],
    ['a 404', { status: 404, body: '404: Not Found' }, 'HTTP 404'],
    ['a 500', { status: 500, body: 'Internal Server Error' }, 'HTTP 500 (2 attempts)'],
    ['a hang', 'hang', 'no answer within 300 ms (2 attempts)'],
  ];

  it.each(badUpstreams)(
    'bad upstream, %s: nothing written, one error with the URL, the next run tries again',
    async (_case, how, reason) => {
      const before = await snapshot(service.db);
      upstream.misbehave(PATH, how);
      const { report, logged } = await runOnce();
      const url = `${upstream.url}/${PATH}`;
      expect(report).toMatchObject({ outcome: 'failed', resultsAdded: 0, kickoffsMoved: 0, fixturesNew: 0 });
      // the reason, then what the parser said ("not JSON (Unexpected token ...)")
      expect(report.error?.slice(0, url.length + 2 + reason.length)).toBe(`${url}: ${reason}`);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 'error', data: { code: 'en.1', url } });
      expect(logged[0]!.message).toContain(url);
      expect(await snapshot(service.db)).toEqual(before);
      const status = await sync.status();
      expect(status.leagues[0]).toMatchObject({ code: 'en.1', lastError: report.error, lastErrorAt: new Date(clock).toISOString() });

      // the next run asks again, against the last good copy
      upstream.behave(PATH);
      const next = await runOnce();
      expect(next.report).toMatchObject({ outcome: 'unchanged', error: null });
      expect(await snapshot(service.db)).toEqual(before);
    },
  );

  it('keeps a match the upstream no longer lists and a result it shows unplayed, and says so', async () => {
    const file = JSON.parse(MARCH_13) as { name: string; matches: Array<Record<string, unknown>> };
    const dropped = file.matches.findIndex((m) => m.team1 === 'Arsenal FC' && m.team2 === 'Chelsea FC');
    const unplayed = file.matches.find((m) => m.team1 === 'Liverpool FC' && m.team2 === 'AFC Bournemouth')!;
    expect(dropped).toBeGreaterThanOrEqual(0);
    file.matches.splice(dropped, 1);
    unplayed.score = {};
    upstream.serve({ [PATH]: JSON.stringify(file) });
    const finishedBefore = await count(service.db('fixtures').whereNotNull('home_goals'));
    const { report, logged } = await runOnce();
    expect(report).toMatchObject({
      outcome: 'fetched',
      resultsAdded: 0,
      kickoffsMoved: 0,
      fixturesNew: 0,
      missingUpstream: 1,
      resultsWithdrawn: 1,
    });
    expect(await count(service.db('fixtures'))).toBe(380);
    expect(await count(service.db('fixtures').whereNotNull('home_goals'))).toBe(finishedBefore);
    const warning = logged.find((l) => l.level === 'warn')!;
    expect(warning.data).toMatchObject({
      missingUpstream: ['en.1-2025:Arsenal FC-Chelsea FC'],
      resultsWithdrawn: ['Liverpool FC v AFC Bournemouth'],
    });
    expect(logged.filter((l) => l.level === 'info')).toHaveLength(1);
  });

  it('asks for the whole file again when the matches its validators describe are no longer stored', async () => {
    await service.db('external_ids').where({ entity: 'fixture', source: 'football-json' }).delete();
    const { report } = await runOnce();
    expect(upstream.requests.at(-1)).toMatchObject({ path: PATH, ifNoneMatch: null, ifModifiedSince: null, status: 200 });
    expect(report).toMatchObject({ outcome: 'fetched', fixturesNew: 0 });
    // the file served lists 379 matches (Arsenal v Chelsea left out above), each found again by its teams
    expect(await count(service.db('external_ids').where({ entity: 'fixture', source: 'football-json' }))).toBe(379);
    expect(await count(service.db('fixtures'))).toBe(380);
  });

  it('GET and POST /internal/sync: administrators only; a run answers with what each league did, the status with last run, change and error', async () => {
    const previous = { ...process.env };
    process.env.SYNC_FOOTBALL_JSON = 'en.1,es.1';
    process.env.SYNC_FOOTBALL_JSON_URL = `${upstream.url}/`;
    process.env.SYNC_SEASON = '2025-26';
    // the service started again on the same database, its sync made from the environment above (without its timers)
    const restarted = await serveService({ ...football, onStart: undefined }, service.db);
    try {
      upstream.serve({ [PATH]: MARCH_13, '2025-26/es.1.json': LA_LIGA });
      const admin = { identity: { isAdmin: true, email: 'admin@example.com' } };
      expect((await restarted.request('/internal/sync', { method: 'POST' })).status).toBe(403);
      expect((await restarted.request('/internal/sync')).status).toBe(403);
      const posted = await restarted.request('/internal/sync', { method: 'POST', ...admin });
      expect(posted.status).toBe(200);
      const reply = (await posted.json()) as SyncRunReply;
      expect(reply.leagues.map((l) => [l.code, l.outcome, l.fixturesNew])).toEqual([
        ['en.1', 'fetched', 0],
        ['es.1', 'fetched', 380],
      ]);
      const status = (await (await restarted.request('/internal/sync', admin)).json()) as SyncStatusReply;
      expect(status).toMatchObject({ enabled: true, intervalSeconds: 21_600, baseUrl: upstream.url });
      expect(status.leagues.map((l) => [l.code, l.leagueName, l.season, l.lastRun?.outcome])).toEqual([
        ['en.1', 'Premier League', '2025-26', 'fetched'],
        ['es.1', 'La Liga', '2025-26', 'fetched'],
      ]);
      const [en, es] = status.leagues;
      // the latest error stays on show after good runs (the hang above); the last run itself succeeded
      expect(en!.lastError).toContain('no answer within 300 ms');
      expect(es!.lastError).toBeNull();
      expect(es!.lastChangeAt).not.toBeNull();
      expect(es!.lastRunAt).not.toBeNull();
    } finally {
      await restarted.close();
      process.env = previous;
    }
  });

  type FileEdit = (file: { name: string; matches: Array<Record<string, unknown>> }) => void;
  const edited = (edit: FileEdit) => {
    const file = JSON.parse(MARCH_13) as { name: string; matches: Array<Record<string, unknown>> };
    edit(file);
    return JSON.stringify(file);
  };
  const liverpoolBournemouth = (file: { matches: Array<Record<string, unknown>> }) =>
    file.matches.find((m) => m.team1 === 'Liverpool FC' && m.team2 === 'AFC Bournemouth')!;
  const implausible: Array<[string, FileEdit, string]> = [
    [
      '3,000 invented pairings (6,000 new teams before)',
      (file) => {
        for (let i = 0; i < 3000; i += 1) file.matches.push({ date: '2026-04-01', team1: `Home ${i} FC`, team2: `Away ${i} FC` });
      },
      'team count: the file names 6020 clubs, the league has 20 (at most 22 accepted)',
    ],
    [
      'a kick-off moved to 9999-12-31',
      (file) => {
        file.matches.find((m) => m.team1 === 'Arsenal FC' && m.team2 === 'Chelsea FC')!.date = '9999-12-31';
      },
      'dates: 1 of 380 kick-offs outside the 2025-26 season (2025-07-01 to 2026-06-30), first "Arsenal FC" v "Chelsea FC" on 9999-12-31',
    ],
    [
      'a score of 1e15 (tips read NaN before)',
      (file) => {
        liverpoolBournemouth(file).score = { ht: [1, 0], ft: [1e15, 2] };
      },
      'scores: 1 implausible, first match 1 Liverpool FC v AFC Bournemouth: bad full-time score [1000000000000000,2]',
    ],
    ['a score of -1', (file) => void (liverpoolBournemouth(file).score = { ft: [-1, 2] }), 'scores: 1 implausible'],
    ['a score of 2.5', (file) => void (liverpoolBournemouth(file).score = { ft: [2.5, 2] }), 'scores: 1 implausible'],
    [
      'a file named without a season whose kick-offs are a year back (380 moved before)',
      (file) => {
        file.name = 'English Premier League';
        for (const m of file.matches) m.date = `${Number(String(m.date).slice(0, 4)) - 1}${String(m.date).slice(4)}`;
      },
      'dates: 380 of 380 kick-offs outside the 2025-26 season',
    ],
    [
      'more matches than 20 clubs play',
      (file) => {
        file.matches.push({ ...file.matches[0]!, round: 'Matchday 39' });
      },
      'match count: the file lists 381 matches, 20 clubs play at most 380',
    ],
    [
      'a new club in a league that has its 20',
      (file) => {
        liverpoolBournemouth(file).team2 = 'Bournemouth Invented FC';
      },
      'new clubs: the league already has its 20 clubs, the file adds 1 ("Bournemouth Invented FC")',
    ],
    [
      'a club name of 10,000 characters',
      (file) => {
        liverpoolBournemouth(file).team2 = 'B'.repeat(10_000);
      },
      'club names: a name of 10000 characters',
    ],
    [
      'a round name of 5,000 characters',
      (file) => {
        liverpoolBournemouth(file).round = 'R'.repeat(5000);
      },
      'round names: a name of 5000 characters',
    ],
  ];

  it.each(implausible)(
    "refuses an implausible file before writing anything, %s: one error naming the check, the league's last error",
    async (_case, edit, check) => {
      upstream.serve({ [PATH]: MARCH_13 });
      await runOnce();
      const before = await snapshot(service.db);
      const teams = await count(service.db('teams'));
      upstream.serve({ [PATH]: edited(edit) });
      const { report, logged } = await runOnce();
      const url = `${upstream.url}/${PATH}`;
      expect(report).toMatchObject({ outcome: 'failed', resultsAdded: 0, resultsChanged: 0, kickoffsMoved: 0, fixturesNew: 0 });
      expect(report.error).toContain(`${url}: refused, nothing written: ${check}`);
      expect(report.error!.length).toBeLessThanOrEqual(500);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 'error', data: { code: 'en.1', url } });
      expect(logged[0]!.message).toContain(check);
      expect(await snapshot(service.db)).toEqual(before);
      expect(await count(service.db('teams'))).toBe(teams);
      const status = await sync.status();
      expect(status.leagues.find((l) => l.code === 'en.1')).toMatchObject({ lastError: report.error, lastRun: { outcome: 'failed' } });
      // the stored state (sync_state) keeps the message short too
      const row = (await service.db('sync_state').where({ code: 'en.1' }).first('last_error', 'last_run')) as {
        last_error: string;
        last_run: string;
      };
      expect(row.last_error.length).toBeLessThanOrEqual(500);
      expect(row.last_run.length).toBeLessThan(2000);
    },
  );

  it('applies a changed result of a finished match once the file passes, and reports it', async () => {
    upstream.serve({ [PATH]: MARCH_13 });
    await runOnce();
    upstream.serve({ [PATH]: edited((file) => void (liverpoolBournemouth(file).score = { ht: [1, 0], ft: [4, 3] })) });
    const { report, logged } = await runOnce();
    expect(report).toMatchObject({
      outcome: 'fetched',
      resultsAdded: 0,
      resultsChanged: 1,
      changedResults: ['Liverpool v Bournemouth 4-2 → 4-3'],
      kickoffsMoved: 0,
      fixturesNew: 0,
      error: null,
    });
    expect(logged.filter((l) => l.level === 'info').map((l) => l.message)).toEqual([
      'sync en.1: fetched, 0 results added, 0 kick-offs moved, 0 fixtures new; 1 result changed: Liverpool v Bournemouth 4-2 → 4-3',
    ]);
    const stored = (await service
      .db('fixtures as f')
      .join('teams as h', 'h.id', 'f.home_team_id')
      .join('teams as a', 'a.id', 'f.away_team_id')
      .where({ 'h.name': 'Liverpool', 'a.name': 'Bournemouth' })
      .first('f.home_goals', 'f.away_goals')) as { home_goals: number; away_goals: number };
    expect([Number(stored.home_goals), Number(stored.away_goals)]).toEqual([4, 3]);
    const status = await sync.status();
    expect(status.leagues[0]!.lastRun).toMatchObject({ resultsChanged: 1, changedResults: ['Liverpool v Bournemouth 4-2 → 4-3'] });
  });

  /** Runs the sync once with `how` answering at PATH, then behaves again; the run's report and log lines. */
  async function runMisbehaving(how: Parameters<StaticUpstreamStandIn['misbehave']>[1]) {
    upstream.misbehave(PATH, how);
    try {
      return await runOnce();
    } finally {
      upstream.behave(PATH);
    }
  }

  it('refuses a file past 8 MB: a gzip bomb inflates no further than the cap, a declared size past it is not read', async () => {
    upstream.serve({ [PATH]: MARCH_13 });
    await runOnce();
    const before = await snapshot(service.db);
    const bomb = await gzipBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    const { report, logged } = await runMisbehaving({ status: 200, body: bomb, headers: { 'content-encoding': 'gzip' } });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (process.env.SYNC_MEMORY_REPORT) {
      process.stderr.write(
        `gzip bomb ${bomb.length} B -> ${BOMB_BYTES} B: rss ${mb(baseline)} MB before, peak ${mb(peak)} MB (+${mb(peak - baseline)} MB)\n`,
      );
    }
    expect(report).toMatchObject({
      outcome: 'failed',
      error: `${upstream.url}/${PATH}: the file is larger than ${MAX_BODY_BYTES} bytes, not read`,
    });
    expect(logged.filter((l) => l.level === 'error')).toHaveLength(1);
    // inflating all of it would take 256 MB (and as much again as a string)
    expect(peak - baseline).toBeLessThan(96 * 1024 * 1024);
    expect(await snapshot(service.db)).toEqual(before);

    const big = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
    const declared = await runMisbehaving({ status: 200, body: big, headers: { 'content-length': String(big.length) } });
    expect(declared.report.error).toBe(`${upstream.url}/${PATH}: the file is larger than ${MAX_BODY_BYTES} bytes, not read`);
    expect(await snapshot(service.db)).toEqual(before);
  });

  it('follows at most 3 redirects, only to allowed https hosts (or the test origin), never echoing where they led', async () => {
    const url = `${upstream.url}/${PATH}`;
    upstream.serve({ [PATH]: MARCH_13, [`mirror/${PATH}`]: MARCH_13 });
    await runOnce();
    // three hops on the stand-in (its origin allowed as the test origin): followed, the mirror's copy is the same file
    upstream.misbehave('hop/1', { status: 302, headers: { location: '/hop/2' } });
    upstream.misbehave('hop/2', { status: 301, headers: { location: `${upstream.url}/mirror/${PATH}` } });
    const followed = await runMisbehaving({ status: 307, headers: { location: '/hop/1' } });
    expect(followed.report).toMatchObject({ outcome: 'unchanged', error: null });
    expect(upstream.requests.at(-1)).toMatchObject({ path: `mirror/${PATH}`, status: 304 });
    // a fourth hop is one too many
    upstream.misbehave(`mirror/${PATH}`, { status: 302, headers: { location: '/hop/4' } });
    const tooMany = await runMisbehaving({ status: 307, headers: { location: '/hop/1' } });
    expect(tooMany.report.error).toBe(`${url}: more than 3 redirects, not followed`);
    upstream.behave();
    const refused: Array<[string, string]> = [
      ['https://evil.example.net/steal?marker-in-location', 'unknown-host'],
      ['http://raw.githubusercontent.com/openfootball/x.json?marker-in-location', 'not-https'],
      ['https://10.0.0.7/marker-in-location', 'ip-address'],
      ['https://metadata/marker-in-location', 'local-name'],
    ];
    for (const [location, reason] of refused) {
      const before = await snapshot(service.db);
      const { report, logged } = await runMisbehaving({ status: 302, headers: { location }, body: 'moved: marker-in-body' });
      expect(report.error).toBe(`${url}: HTTP 302, a redirect not followed (${reason})`);
      expect(JSON.stringify(logged)).not.toMatch(/marker-in|evil|10\.0\.0\.7|metadata/);
      expect(await snapshot(service.db)).toEqual(before);
    }
  });

  it('does not keep validators longer than their columns (the next request is unconditional), and the file is stored', async () => {
    upstream.serve({ [PATH]: MARCH_13 });
    const etag = `"${'e'.repeat(1000)}"`;
    const { report } = await runMisbehaving({ status: 200, body: MARCH_13, headers: { etag, 'last-modified': 'x'.repeat(200) } });
    expect(report).toMatchObject({ outcome: 'fetched', error: null });
    const row = (await service.db('sync_state').where({ code: 'en.1' }).first('etag', 'last_modified')) as {
      etag: unknown;
      last_modified: unknown;
    };
    expect(row).toEqual({ etag: null, last_modified: null });
  });

  it('a stop ends the run and the queued one without recording "aborted" as any league\'s error', async () => {
    const stopLines: Line[] = [];
    const stopping = createFootballJsonSync(service.db, {
      codes: ['en.1', 'es.1'],
      baseUrl: upstream.url,
      intervalMs: 3_600_000,
      season: 2025,
      timeoutMs: 20_000,
      retries: 2,
      backoffMs: 10,
      now: () => clock,
      logger: recordingLogger(stopLines),
    });
    const states = async () => service.db('sync_state').orderBy('code').select('code', 'last_error', 'last_error_at', 'last_run_at');
    const before = await states();
    upstream.misbehave(PATH, 'hang');
    const asked = upstream.requests.length;
    const first = stopping.run();
    const queued = stopping.run();
    // the -full file first (there is none: 404), then the plain one, which hangs
    const askedFor = () => upstream.requests.slice(asked).map((r) => r.path);
    for (let i = 0; i < 200 && !askedFor().includes(PATH); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(askedFor()).toEqual([FULL_PATH, PATH]);
    const started = Date.now();
    await stopping.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(first).resolves.toEqual([]);
    await expect(queued).resolves.toEqual([]);
    upstream.behave(PATH);
    // es.1 never asked for, nothing recorded, nothing logged as an error
    expect(askedFor()).toEqual([FULL_PATH, PATH]);
    expect(await states()).toEqual(before);
    expect(stopLines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('asks for the -full file first and stores its line-ups; the plain file only where upstream has no -full one', async () => {
    const full = fs.readFileSync(sharedData('openfootball', 'football-json', 'full-sample', '2025-26', 'en.1-full.json'), 'utf8');
    upstream.serve({ [FULL_PATH]: full, [PATH]: MARCH_13 });
    const lineRows = () => count(service.db('fixture_player_stats'));
    const linesBefore = await lineRows();
    const asked = upstream.requests.length;
    const { report } = await runOnce();
    expect(report).toMatchObject({ url: `${upstream.url}/${FULL_PATH}`, outcome: 'fetched', error: null });
    expect(upstream.requests.slice(asked).map((r) => r.path)).toEqual([FULL_PATH]);
    // both teams' players of the sample's twelve matches
    expect((await lineRows()) - linesBefore).toBeGreaterThanOrEqual(12 * 2 * 11);
    // the crowd and the ground as the import stores them, and football.json named as the players' source
    const stats = await getJson<FixtureStats>(
      service,
      `/api/fixture-stats/${await fixtureIdByTeams(service.db, 39, 2025, 'Liverpool', 'Bournemouth')}`,
    );
    expect(stats).toMatchObject({ attendance: 60315, venue: 'Anfield', referee: 'Anthony Taylor' });
    expect(stats.sources.players).toEqual(['openfootball (football.json)']);
    // the next run asks for the same -full file, conditionally
    const again = upstream.requests.length;
    const next = await runOnce();
    expect(next.report).toMatchObject({ url: `${upstream.url}/${FULL_PATH}`, outcome: 'unchanged' });
    expect(upstream.requests.slice(again)).toEqual([expect.objectContaining({ path: FULL_PATH, status: 304 })]);
    expect((await lineRows()) - linesBefore).toBeGreaterThanOrEqual(12 * 2 * 11);
  });
});

const BOMB_BYTES = 256 * 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
let bombBytes: Buffer | undefined;
/** 256 MB of zeros gzipped (a few hundred KB), made a megabyte at a time. */
async function gzipBomb(): Promise<Buffer> {
  if (bombBytes) return bombBytes;
  const zeros = Buffer.alloc(1024 * 1024);
  const parts: Buffer[] = [];
  const gzip = zlib.createGzip({ level: 9 });
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < BOMB_BYTES / zeros.length; i += 1) yield zeros;
      })(),
    ),
    gzip,
  );
  bombBytes = Buffer.concat(parts);
  return bombBytes;
}

it('the fetch leaves no abort listener on the long-lived signal, after a success or after retries', async () => {
  const upstream = await startStaticUpstream();
  try {
    upstream.serve({ 'a.json': '{}' });
    const stop = new AbortController();
    const options = { timeoutMs: 1_000, retries: 2, backoffMs: 5, signal: stop.signal };
    for (let i = 0; i < 5; i += 1) await fetchConditional(`${upstream.url}/a.json`, null, options);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
    upstream.misbehave('a.json', { status: 500 });
    await expect(fetchConditional(`${upstream.url}/a.json`, null, options)).rejects.toThrow(FetchError);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  } finally {
    await upstream.close();
  }
});
