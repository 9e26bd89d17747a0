import fs from 'node:fs';
import type { FixtureStats, SyncRunReply, SyncStatusReply } from '@matchday/contracts';
import { API_PREFIXES } from '@matchday/contracts';
import { toDate } from '@matchday/server';
import { serveService, testDatabases, type StaticUpstreamStandIn } from '@matchday/testing';
import { syncConfig } from '../src/config';
import { currentSeason } from '../src/importers/sync';
import { football } from '../src/service';
import { count, fixtureIdByTeams, getJson, sharedData, snapshot } from './import-helpers';
import { FULL_PATH, LA_LIGA, MARCH_13, MARCH_4, PATH, SYNC_TEST_TIMEOUT_MS, useSyncStack } from './support/football-json-sync';

/**
 * The keyless sync against a stand-in of raw.githubusercontent.com serving the two real snapshots of the Premier
 * League 2025-26 (4 and 13 March 2026) in turn, with ETags: results added, kick-offs moved (and their calendar
 * events' SEQUENCE), an unchanged file, every bad upstream, the -full file first, never the network. What the sync
 * refuses to write and how far it reads: football-json-sync-limits.test.ts.
 */

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
  const stack = useSyncStack(target);

  async function teamFeed(name: string) {
    const team = (await stack.service.db('teams').where({ name }).first('id')) as { id: number };
    const response = await stack.service.request(`${API_PREFIXES.football.calendarTeam}/${team.id}.ics`);
    expect(response.status).toBe(200);
    return events(await response.text());
  }

  it('first sync: the 4 March file, 281 Premier League results', async () => {
    stack.upstream.serve({ [PATH]: MARCH_4 });
    const { report, logged } = await stack.runOnce();
    expect(report).toMatchObject({
      code: 'en.1',
      leagueId: 39,
      season: '2025-26',
      url: `${stack.upstream.url}/${PATH}`,
      outcome: 'fetched',
    });
    expect(report).toMatchObject({ resultsAdded: 281, kickoffsMoved: 0, fixturesNew: 380, error: null });
    expect(await count(stack.service.db('fixtures').where({ league_id: 39, season: 2025 }))).toBe(380);
    expect(await count(stack.service.db('fixtures').where({ league_id: 39 }).whereNotNull('home_goals'))).toBe(281);
    expect(await count(stack.service.db('teams'))).toBe(20);
    expect(logged.map((l) => [l.level, l.message])).toEqual([
      ['info', 'sync en.1: fetched, 281 results added, 0 kick-offs moved, 380 fixtures new'],
    ]);
    expect(stack.upstream.requests.at(-1)).toMatchObject({ path: PATH, ifNoneMatch: null, status: 200 });
  });

  it('second sync: the 13 March file, 291 results, 18 kick-offs moved, their calendar events at SEQUENCE + 1 with the new DTSTART', async () => {
    const westHamBefore = await teamFeed('West Ham United');
    const etag = (await fetch(`${stack.upstream.url}/${PATH}`)).headers.get('etag');
    stack.upstream.serve({ [PATH]: MARCH_13 });
    const { report, logged } = await stack.runOnce();
    expect(stack.upstream.requests.at(-1)).toMatchObject({ path: PATH, ifNoneMatch: etag, status: 200 });
    expect(report).toMatchObject({
      outcome: 'fetched',
      resultsAdded: 10,
      kickoffsMoved: 18,
      fixturesNew: 0,
      missingUpstream: 0,
      resultsWithdrawn: 0,
    });
    expect(logged.map((l) => l.message)).toEqual(['sync en.1: fetched, 10 results added, 18 kick-offs moved, 0 fixtures new']);
    expect(await count(stack.service.db('fixtures').where({ league_id: 39 }).whereNotNull('home_goals'))).toBe(291);
    expect(await count(stack.service.db('fixtures'))).toBe(380);
    expect(await count(stack.service.db('fixtures').where('schedule_seq', '>', 0))).toBe(18);

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
    const moved = (await stack.service
      .db('fixtures as f')
      .join('teams as h', 'h.id', 'f.home_team_id')
      .join('teams as a', 'a.id', 'f.away_team_id')
      .where({ 'h.name': 'Manchester United', 'a.name': 'Leeds United' })
      .first('f.kickoff_at', 'f.schedule_seq')) as { kickoff_at: unknown; schedule_seq: number };
    expect(toDate(moved.kickoff_at)?.toISOString()).toBe('2026-04-13T19:00:00.000Z');
    expect(Number(moved.schedule_seq)).toBe(1);
  });

  it('third sync, unchanged ETag: one 304, nothing written', async () => {
    const before = await snapshot(stack.service.db);
    const { report, logged } = await stack.runOnce();
    expect(report).toMatchObject({ outcome: 'unchanged', resultsAdded: 0, kickoffsMoved: 0, fixturesNew: 0 });
    expect(stack.upstream.requests.at(-1)).toMatchObject({ path: PATH, status: 304 });
    expect(stack.upstream.requests.at(-1)!.ifNoneMatch).toMatch(/^"/);
    expect(logged.map((l) => l.message)).toEqual(['sync en.1: unchanged, 0 results added, 0 kick-offs moved, 0 fixtures new']);
    expect(await snapshot(stack.service.db)).toEqual(before);
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
    ['a hang', 'hang', `no answer within ${SYNC_TEST_TIMEOUT_MS} ms (2 attempts)`],
  ];

  it.each(badUpstreams)(
    'bad upstream, %s: nothing written, one error with the URL, the next run tries again',
    async (_case, how, reason) => {
      const before = await snapshot(stack.service.db);
      stack.upstream.misbehave(PATH, how);
      const { report, logged } = await stack.runOnce();
      const url = `${stack.upstream.url}/${PATH}`;
      expect(report).toMatchObject({ outcome: 'failed', resultsAdded: 0, kickoffsMoved: 0, fixturesNew: 0 });
      // the reason, then what the parser said ("not JSON (Unexpected token ...)")
      expect(report.error?.slice(0, url.length + 2 + reason.length)).toBe(`${url}: ${reason}`);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 'error', data: { code: 'en.1', url } });
      expect(logged[0]!.message).toContain(url);
      expect(await snapshot(stack.service.db)).toEqual(before);
      const status = await stack.sync.status();
      expect(status.leagues[0]).toMatchObject({ code: 'en.1', lastError: report.error, lastErrorAt: new Date(stack.clock).toISOString() });

      // the next run asks again, against the last good copy
      stack.upstream.behave(PATH);
      const next = await stack.runOnce();
      expect(next.report).toMatchObject({ outcome: 'unchanged', error: null });
      expect(await snapshot(stack.service.db)).toEqual(before);
    },
  );

  it('keeps a match the upstream no longer lists and a result it shows unplayed, and says so', async () => {
    const file = JSON.parse(MARCH_13) as { name: string; matches: Array<Record<string, unknown>> };
    const dropped = file.matches.findIndex((m) => m.team1 === 'Arsenal FC' && m.team2 === 'Chelsea FC');
    const unplayed = file.matches.find((m) => m.team1 === 'Liverpool FC' && m.team2 === 'AFC Bournemouth')!;
    expect(dropped).toBeGreaterThanOrEqual(0);
    file.matches.splice(dropped, 1);
    unplayed.score = {};
    stack.upstream.serve({ [PATH]: JSON.stringify(file) });
    const finishedBefore = await count(stack.service.db('fixtures').whereNotNull('home_goals'));
    const { report, logged } = await stack.runOnce();
    expect(report).toMatchObject({
      outcome: 'fetched',
      resultsAdded: 0,
      kickoffsMoved: 0,
      fixturesNew: 0,
      missingUpstream: 1,
      resultsWithdrawn: 1,
    });
    expect(await count(stack.service.db('fixtures'))).toBe(380);
    expect(await count(stack.service.db('fixtures').whereNotNull('home_goals'))).toBe(finishedBefore);
    const warning = logged.find((l) => l.level === 'warn')!;
    expect(warning.data).toMatchObject({
      missingUpstream: ['en.1-2025:Arsenal FC-Chelsea FC'],
      resultsWithdrawn: ['Liverpool FC v AFC Bournemouth'],
    });
    expect(logged.filter((l) => l.level === 'info')).toHaveLength(1);
  });

  it('asks for the whole file again when the matches its validators describe are no longer stored', async () => {
    await stack.service.db('external_ids').where({ entity: 'fixture', source: 'football-json' }).delete();
    const { report } = await stack.runOnce();
    expect(stack.upstream.requests.at(-1)).toMatchObject({ path: PATH, ifNoneMatch: null, ifModifiedSince: null, status: 200 });
    expect(report).toMatchObject({ outcome: 'fetched', fixturesNew: 0 });
    // the file served lists 379 matches (Arsenal v Chelsea left out above), each found again by its teams
    expect(await count(stack.service.db('external_ids').where({ entity: 'fixture', source: 'football-json' }))).toBe(379);
    expect(await count(stack.service.db('fixtures'))).toBe(380);
  });

  it('GET and POST /internal/sync: administrators only; a run answers with what each league did, the status with last run, change and error', async () => {
    const previous = { ...process.env };
    process.env.SYNC_FOOTBALL_JSON = 'en.1,es.1';
    process.env.SYNC_FOOTBALL_JSON_URL = `${stack.upstream.url}/`;
    process.env.SYNC_SEASON = '2025-26';
    // the service started again on the same database, its sync made from the environment above (without its timers)
    const restarted = await serveService({ ...football, onStart: undefined }, stack.service.db);
    try {
      stack.upstream.serve({ [PATH]: MARCH_13, '2025-26/es.1.json': LA_LIGA });
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
      expect(status).toMatchObject({ enabled: true, intervalSeconds: 21_600, baseUrl: stack.upstream.url });
      expect(status.leagues.map((l) => [l.code, l.leagueName, l.season, l.lastRun?.outcome])).toEqual([
        ['en.1', 'Premier League', '2025-26', 'fetched'],
        ['es.1', 'La Liga', '2025-26', 'fetched'],
      ]);
      const [en, es] = status.leagues;
      // the latest error stays on show after good runs (the hang above); the last run itself succeeded
      expect(en!.lastError).toContain(`no answer within ${SYNC_TEST_TIMEOUT_MS} ms`);
      expect(es!.lastError).toBeNull();
      expect(es!.lastChangeAt).not.toBeNull();
      expect(es!.lastRunAt).not.toBeNull();
    } finally {
      await restarted.close();
      process.env = previous;
    }
  });

  it('asks for the -full file first and stores its line-ups; the plain file only where upstream has no -full one', async () => {
    const full = fs.readFileSync(sharedData('openfootball', 'football-json', 'full-sample', '2025-26', 'en.1-full.json'), 'utf8');
    stack.upstream.serve({ [FULL_PATH]: full, [PATH]: MARCH_13 });
    const lineRows = () => count(stack.service.db('fixture_player_stats'));
    const linesBefore = await lineRows();
    const asked = stack.upstream.requests.length;
    const { report } = await stack.runOnce();
    expect(report).toMatchObject({ url: `${stack.upstream.url}/${FULL_PATH}`, outcome: 'fetched', error: null });
    expect(stack.upstream.requests.slice(asked).map((r) => r.path)).toEqual([FULL_PATH]);
    // both teams' players of the sample's twelve matches
    expect((await lineRows()) - linesBefore).toBeGreaterThanOrEqual(12 * 2 * 11);
    // the crowd and the ground as the import stores them, and football.json named as the players' source
    const stats = await getJson<FixtureStats>(
      stack.service,
      `/api/fixture-stats/${await fixtureIdByTeams(stack.service.db, 39, 2025, 'Liverpool', 'Bournemouth')}`,
    );
    expect(stats).toMatchObject({ attendance: 60315, venue: 'Anfield', referee: 'Anthony Taylor' });
    expect(stats.sources.players).toEqual(['openfootball (football.json)']);
    // the next run asks for the same -full file, conditionally
    const again = stack.upstream.requests.length;
    const next = await stack.runOnce();
    expect(next.report).toMatchObject({ url: `${stack.upstream.url}/${FULL_PATH}`, outcome: 'unchanged' });
    expect(stack.upstream.requests.slice(again)).toEqual([expect.objectContaining({ path: FULL_PATH, status: 304 })]);
    expect((await lineRows()) - linesBefore).toBeGreaterThanOrEqual(12 * 2 * 11);
  });
});
