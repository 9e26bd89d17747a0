import { getEventListeners } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { startStaticUpstream, testDatabases } from '@matchday/testing';
import { createFootballJsonSync } from '../src/importers/sync';
import { fetchConditional, FetchError, MAX_BODY_BYTES } from '../src/importers/sync/fetch';
import { count, snapshot } from './import-helpers';
import { FULL_PATH, MARCH_13, PATH, recordingLogger, useSyncStack, type Line } from './support/football-json-sync';

/**
 * What the keyless sync refuses to write and how far it reads, against a stand-in of raw.githubusercontent.com
 * serving the real Premier League 2025-26 snapshot of 13 March 2026, edited: implausible files (a changed result
 * applied once the file passes), bodies past the cap, redirects, validators too long to keep, a stop mid-run.
 */

describe.each(testDatabases())('football.json sync, its limits (%s)', (_label, target) => {
  const stack = useSyncStack(target);

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
      stack.upstream.serve({ [PATH]: MARCH_13 });
      await stack.runOnce();
      const before = await snapshot(stack.service.db);
      const teams = await count(stack.service.db('teams'));
      stack.upstream.serve({ [PATH]: edited(edit) });
      const { report, logged } = await stack.runOnce();
      const url = `${stack.upstream.url}/${PATH}`;
      expect(report).toMatchObject({ outcome: 'failed', resultsAdded: 0, resultsChanged: 0, kickoffsMoved: 0, fixturesNew: 0 });
      expect(report.error).toContain(`${url}: refused, nothing written: ${check}`);
      expect(report.error!.length).toBeLessThanOrEqual(500);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 'error', data: { code: 'en.1', url } });
      expect(logged[0]!.message).toContain(check);
      expect(await snapshot(stack.service.db)).toEqual(before);
      expect(await count(stack.service.db('teams'))).toBe(teams);
      const status = await stack.sync.status();
      expect(status.leagues.find((l) => l.code === 'en.1')).toMatchObject({ lastError: report.error, lastRun: { outcome: 'failed' } });
      // the stored state (sync_state) keeps the message short too
      const row = (await stack.service.db('sync_state').where({ code: 'en.1' }).first('last_error', 'last_run')) as {
        last_error: string;
        last_run: string;
      };
      expect(row.last_error.length).toBeLessThanOrEqual(500);
      expect(row.last_run.length).toBeLessThan(2000);
    },
  );

  it('applies a changed result of a finished match once the file passes, and reports it', async () => {
    stack.upstream.serve({ [PATH]: MARCH_13 });
    await stack.runOnce();
    stack.upstream.serve({ [PATH]: edited((file) => void (liverpoolBournemouth(file).score = { ht: [1, 0], ft: [4, 3] })) });
    const { report, logged } = await stack.runOnce();
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
    const stored = (await stack.service
      .db('fixtures as f')
      .join('teams as h', 'h.id', 'f.home_team_id')
      .join('teams as a', 'a.id', 'f.away_team_id')
      .where({ 'h.name': 'Liverpool', 'a.name': 'Bournemouth' })
      .first('f.home_goals', 'f.away_goals')) as { home_goals: number; away_goals: number };
    expect([Number(stored.home_goals), Number(stored.away_goals)]).toEqual([4, 3]);
    const status = await stack.sync.status();
    expect(status.leagues[0]!.lastRun).toMatchObject({ resultsChanged: 1, changedResults: ['Liverpool v Bournemouth 4-2 → 4-3'] });
  });

  it('refuses a file past 8 MB: a gzip bomb inflates no further than the cap, a declared size past it is not read', async () => {
    stack.upstream.serve({ [PATH]: MARCH_13 });
    await stack.runOnce();
    const before = await snapshot(stack.service.db);
    const bomb = await gzipBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    const { report, logged } = await stack.runMisbehaving({ status: 200, body: bomb, headers: { 'content-encoding': 'gzip' } });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (process.env.SYNC_MEMORY_REPORT) {
      process.stderr.write(
        `gzip bomb ${bomb.length} B -> ${BOMB_BYTES} B: rss ${mb(baseline)} MB before, peak ${mb(peak)} MB (+${mb(peak - baseline)} MB)\n`,
      );
    }
    expect(report).toMatchObject({
      outcome: 'failed',
      error: `${stack.upstream.url}/${PATH}: the file is larger than ${MAX_BODY_BYTES} bytes, not read`,
    });
    expect(logged.filter((l) => l.level === 'error')).toHaveLength(1);
    // inflating all of it would take 256 MB (and as much again as a string)
    expect(peak - baseline).toBeLessThan(96 * 1024 * 1024);
    expect(await snapshot(stack.service.db)).toEqual(before);

    const big = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
    const declared = await stack.runMisbehaving({ status: 200, body: big, headers: { 'content-length': String(big.length) } });
    expect(declared.report.error).toBe(`${stack.upstream.url}/${PATH}: the file is larger than ${MAX_BODY_BYTES} bytes, not read`);
    expect(await snapshot(stack.service.db)).toEqual(before);
  });

  it('follows at most 3 redirects, only to allowed https hosts (or the test origin), never echoing where they led', async () => {
    const url = `${stack.upstream.url}/${PATH}`;
    stack.upstream.serve({ [PATH]: MARCH_13, [`mirror/${PATH}`]: MARCH_13 });
    await stack.runOnce();
    // three hops on the stand-in (its origin allowed as the test origin): followed, the mirror's copy is the same file
    stack.upstream.misbehave('hop/1', { status: 302, headers: { location: '/hop/2' } });
    stack.upstream.misbehave('hop/2', { status: 301, headers: { location: `${stack.upstream.url}/mirror/${PATH}` } });
    const followed = await stack.runMisbehaving({ status: 307, headers: { location: '/hop/1' } });
    expect(followed.report).toMatchObject({ outcome: 'unchanged', error: null });
    expect(stack.upstream.requests.at(-1)).toMatchObject({ path: `mirror/${PATH}`, status: 304 });
    // a fourth hop is one too many
    stack.upstream.misbehave(`mirror/${PATH}`, { status: 302, headers: { location: '/hop/4' } });
    const tooMany = await stack.runMisbehaving({ status: 307, headers: { location: '/hop/1' } });
    expect(tooMany.report.error).toBe(`${url}: more than 3 redirects, not followed`);
    stack.upstream.behave();
    const refused: Array<[string, string]> = [
      ['https://evil.example.net/steal?marker-in-location', 'unknown-host'],
      ['http://raw.githubusercontent.com/openfootball/x.json?marker-in-location', 'not-https'],
      ['https://10.0.0.7/marker-in-location', 'ip-address'],
      ['https://metadata/marker-in-location', 'local-name'],
    ];
    for (const [location, reason] of refused) {
      const before = await snapshot(stack.service.db);
      const { report, logged } = await stack.runMisbehaving({ status: 302, headers: { location }, body: 'moved: marker-in-body' });
      expect(report.error).toBe(`${url}: HTTP 302, a redirect not followed (${reason})`);
      expect(JSON.stringify(logged)).not.toMatch(/marker-in|evil|10\.0\.0\.7|metadata/);
      expect(await snapshot(stack.service.db)).toEqual(before);
    }
  });

  it('does not keep validators longer than their columns (the next request is unconditional), and the file is stored', async () => {
    stack.upstream.serve({ [PATH]: MARCH_13 });
    const etag = `"${'e'.repeat(1000)}"`;
    const { report } = await stack.runMisbehaving({ status: 200, body: MARCH_13, headers: { etag, 'last-modified': 'x'.repeat(200) } });
    expect(report).toMatchObject({ outcome: 'fetched', error: null });
    const row = (await stack.service.db('sync_state').where({ code: 'en.1' }).first('etag', 'last_modified')) as {
      etag: unknown;
      last_modified: unknown;
    };
    expect(row).toEqual({ etag: null, last_modified: null });
  });

  it('a stop ends the run and the queued one without recording "aborted" as any league\'s error', async () => {
    const stopLines: Line[] = [];
    const stopping = createFootballJsonSync(stack.service.db, {
      codes: ['en.1', 'es.1'],
      baseUrl: stack.upstream.url,
      intervalMs: 3_600_000,
      season: 2025,
      timeoutMs: 20_000,
      retries: 2,
      backoffMs: 10,
      now: () => stack.clock,
      logger: recordingLogger(stopLines),
    });
    const states = async () => stack.service.db('sync_state').orderBy('code').select('code', 'last_error', 'last_error_at', 'last_run_at');
    const before = await states();
    stack.upstream.misbehave(PATH, 'hang');
    const asked = stack.upstream.requests.length;
    const first = stopping.run();
    const queued = stopping.run();
    // the -full file first (there is none: 404), then the plain one, which hangs
    const askedFor = () => stack.upstream.requests.slice(asked).map((r) => r.path);
    for (let i = 0; i < 200 && !askedFor().includes(PATH); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(askedFor()).toEqual([FULL_PATH, PATH]);
    const started = Date.now();
    await stopping.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(first).resolves.toEqual([]);
    await expect(queued).resolves.toEqual([]);
    stack.upstream.behave(PATH);
    // es.1 never asked for, nothing recorded, nothing logged as an error
    expect(askedFor()).toEqual([FULL_PATH, PATH]);
    expect(await states()).toEqual(before);
    expect(stopLines.filter((l) => l.level === 'error')).toEqual([]);
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
