import { createHash } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import { systemClock, type Identity, type Knex, type ServiceDefinition } from '@matchday/server';
import { API_WRITES, isApiWrite } from '@matchday/contracts';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { API_ROUTES, matchApiRoute } from '@matchday/api-gateway/src/proxy/route-table';
import { accountsConfig } from '@matchday/accounts/src/config';
import { accounts, createAccounts } from '@matchday/accounts/src/service';
import { football } from '@matchday/football/src/service';
import { insightsOptions } from '@matchday/insights/src/config';
import { createInsights, insights } from '@matchday/insights/src/service';

/**
 * Property-based requests against every endpoint of the services behind the gateway's
 * route table, called in-process with a valid identity: wrong types, huge numbers, unicode, arrays (repeated
 * and bracket keys), empty and long strings, malformed percent-encoding, malformed JSON, oversized bodies and
 * request encodings (Content-Encoding) the body does not have. Slow bodies are the gateway's to refuse:
 * api-gateway/test/request-body.property.test.ts.
 * Never a 500 (every error is `{message}`), the service stays up, and every table holds the same rows before
 * and after, except the rows a successful call of that endpoint is meant to change.
 *
 * PROPERTY_RUNS (default 25) runs per endpoint; a failure prints fast-check's seed and path to replay it.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 25);
/** Per test: generous, as CI machines are shared (no timing is asserted). */
const TIMEOUT_MS = 120_000 + RUNS * 3_000;

type Row = Record<string, unknown>;
type Snapshot = Map<string, string[]>;

interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
}

interface Probe {
  path: string;
  query: string;
  /** `encoding`: a Content-Encoding header the body does not have (or one it has: identity); browsers never send one. */
  body?: { text: string; type: string | null; encoding: string | null };
}

/* ---------- what the services serve ---------- */

/** Every method + path the service's routers answer (trailing slashes as the gateway forwards them: none). */
function endpointsOf(definition: ServiceDefinition, db: Knex): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const router of definition.routers(db, systemClock, definition.parts(db, systemClock))) {
    const prefix = router.opts.prefix ?? '';
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') throw new Error(`${definition.name}: a RegExp route cannot be probed`);
      const full = prefix && !layer.path.startsWith(prefix) ? `${prefix}${layer.path}` : layer.path;
      const path = full.length > 1 ? full.replace(/\/$/, '') : full;
      for (const method of layer.methods) {
        if (method === 'GET' || method === 'POST' || method === 'DELETE') endpoints.push({ method, path });
      }
    }
  }
  return endpoints;
}

/* ---------- table snapshots ---------- */

async function tableNames(db: Knex, client: string): Promise<string[]> {
  if (client === 'sqlite') {
    const rows = (await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")) as Array<{
      name: string;
    }>;
    return rows.map((row) => row.name).sort();
  }
  const [rows] = (await db.raw(
    "select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE'",
  )) as [Array<{ name: string }>];
  return rows.map((row) => row.name).sort();
}

function canonical(row: Row): string {
  const out: Row = {};
  for (const key of Object.keys(row).sort()) {
    const value = row[key];
    if (value instanceof Date) out[key] = value.toISOString();
    else if (Buffer.isBuffer(value)) out[key] = value.toString('hex');
    else if (typeof value === 'bigint') out[key] = String(value);
    else out[key] = value;
  }
  return JSON.stringify(out);
}

/** Every row of every table, canonical and sorted, per table. */
async function snapshot(db: Knex, client: string): Promise<Snapshot> {
  const result: Snapshot = new Map();
  for (const table of await tableNames(db, client)) {
    const rows = (await db(table).select('*')) as Row[];
    result.set(table, rows.map(canonical).sort());
  }
  return result;
}

const digest = (snap: Snapshot) =>
  createHash('sha256')
    .update([...snap.entries()].map(([table, rows]) => `${table}\n${rows.join('\n')}`).join('\n\n'))
    .digest('hex');

interface TableDiff {
  added: Row[];
  removed: Row[];
}

/** Rows added and removed per table (multiset difference); tables without a change are left out. */
function diff(before: Snapshot, after: Snapshot): Map<string, TableDiff> {
  const changes = new Map<string, TableDiff>();
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const counts = new Map<string, number>();
    for (const row of before.get(table) ?? []) counts.set(row, (counts.get(row) ?? 0) + 1);
    const added: Row[] = [];
    for (const row of after.get(table) ?? []) {
      const n = counts.get(row) ?? 0;
      if (n > 0) counts.set(row, n - 1);
      else added.push(JSON.parse(row) as Row);
    }
    const removed: Row[] = [];
    for (const [row, n] of counts) for (let i = 0; i < n; i += 1) removed.push(JSON.parse(row) as Row);
    if (added.length || removed.length) changes.set(table, { added, removed });
  }
  return changes;
}

const describeDiff = (changes: Map<string, TableDiff>) =>
  [...changes]
    .map(([table, d]) =>
      `${table}: ${d.added.length} added, ${d.removed.length} removed: +${JSON.stringify(d.added)} -${JSON.stringify(d.removed)}`.slice(
        0,
        1500,
      ),
    )
    .join('\n');

/* ---------- the inputs ---------- */

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser sends it). */
const pct = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const QUERY_KEYS = [
  'teamId',
  'homeTeamId',
  'awayTeamId',
  'leagueId',
  'season',
  'playerId',
  'fixtureId',
  'limit',
  'type',
  'tz',
  'team',
  'q',
  'theme',
  'day',
  'ids',
  'from',
  'to',
  'recent',
  '_cb',
] as const;

/** A text value, already encoded for a URL: most percent-encoded, some raw and malformed. */
function valueArb(ids: string[]): fc.Arbitrary<string> {
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    {
      // numbers: edges of INT/UNSIGNED/BIGINT and of the 12-digit ids, any whole number an id may be, and non-integers
      weight: 3,
      arbitrary: fc.oneof(
        fc.constantFrom('0', '-1', '1.5', '1e3', '0x1f', '007', '2147483647', '2147483648', '4294967296', '999999999999', '1000000000000'),
        fc.constantFrom('9999999999999999999999', '1850', '1849', '2200', '2201', 'NaN', 'Infinity', '-0'),
        fc.bigInt({ min: 0n, max: 999_999_999_999n }).map(String),
        fc.integer({ min: 1800, max: 2300 }).map(String),
        fc.bigInt().map(String),
        fc.double().map(String),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'true',
        'null',
        '[]',
        '{}',
        '',
        ' ',
        'today',
        'tomorrow',
        'week',
        'UTC',
        'Europe/London',
        'Mars/Olympus',
        'light',
        'dark',
        '../../etc/passwd',
        "' OR 1=1 --",
        '%',
        '_',
        '\\',
        '\u0000',
        'ÉTOILE Rouge',
        '⚽🏆',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.string({ unit: 'binary', maxLength: 30 }),
      ),
    },
    {
      // long: around the 100-character limits and far beyond
      weight: 2,
      arbitrary: fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 40, maxLength: 140 }),
        fc.integer({ min: 40, max: 300 }).map((n) => 'x'.repeat(n)),
        fc.integer({ min: 1000, max: 3000 }).map((n) => 'é'.repeat(n)),
      ),
    },
  );
  return fc.oneof(
    { weight: 11, arbitrary: text.map(pct) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%FF', '%C0%AF', '+', '%2B%2B') },
  );
}

function keyArb(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 2, arbitrary: fc.constantFrom(...QUERY_KEYS).map((key) => `${key}[]`) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_KEYS).map((key) => `${key}[0]`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(pct) },
  );
}

/** A query string: random pairs, or a valid one for the endpoint with one value replaced or extra pairs added. */
function queryArb(valid: Array<[string, string]>, ids: string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(keyArb(), valueArb(ids));
  const join = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const random = fc.array(pair, { maxLength: 6 }).map(join);
  if (valid.length === 0) return fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 1, arbitrary: random });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(join(valid)) },
    { weight: 2, arbitrary: random },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.nat(valid.length - 1), valueArb(ids))
        .map(([index, value]) => join(valid.map(([k, v], i) => [k, i === index ? value : v] as [string, string]))),
    },
    { weight: 1, arbitrary: fc.array(pair, { minLength: 1, maxLength: 3 }).map((extra) => join([...valid, ...extra])) },
    { weight: 1, arbitrary: fc.nat(valid.length - 1).map((index) => join([...valid, valid[index]!])) },
  );
}

function bodyArb(valid: unknown[]): fc.Arbitrary<{ text: string; type: string | null; encoding: string | null }> {
  const anyValue = fc.oneof(
    fc.constantFrom(null, true, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER, '', ' ', 'dark', '⚽', 'x'.repeat(300)),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.integer(),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  );
  const shaped = fc.record(
    {
      theme: anyValue,
      referralCode: anyValue,
      email: fc.oneof(anyValue, fc.emailAddress()),
      firstName: anyValue,
      lastName: anyValue,
      profileImageUrl: fc.oneof(anyValue, fc.webUrl()),
      loginMethod: fc.oneof(anyValue, fc.constantFrom('google', 'other')),
    },
    { requiredKeys: [] },
  );
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 4, arbitrary: shaped.map((value) => JSON.stringify(value)) },
    ...(valid.length ? [{ weight: 6, arbitrary: fc.constantFrom(...valid).map((value) => JSON.stringify(value)) }] : []),
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom('{', '{"theme":', 'nul', '[1,2', '{"a":1}}', "{'theme':'dark'}", '\u0000', '', '{"__proto__":{"x":1}}'),
        fc.string({ maxLength: 30 }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 17_000, max: 200_000 }).map((n) => JSON.stringify({ theme: 'x'.repeat(n), referralCode: 'A' })),
    },
  );
  const type = fc.constantFrom<string | null>(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    null,
  );
  const encoding = fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 3, arbitrary: fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown', 'gzip, br', 'GZIP') },
  );
  return fc.record({ text, type, encoding });
}

function probeArb(endpoint: Endpoint, valid: { query: Array<[string, string]>; bodies: unknown[] }, ids: string[]): fc.Arbitrary<Probe> {
  const params = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const segment = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids).map(pct) }, { weight: 2, arbitrary: valueArb(ids) });
  return fc.record({
    path: fc.tuple(...params.map(() => segment)).map((values) => {
      let i = 0;
      return endpoint.path.replace(/:(\w+)/g, () => values[i++] || '0');
    }),
    query: queryArb(valid.query, ids),
    body: endpoint.method === 'GET' ? fc.constant(undefined) : bodyArb(valid.bodies),
  });
}

/* ---------- sending and judging one reply ---------- */

interface Reply {
  status: number;
  body: unknown;
}

async function send(service: RunningService, endpoint: Endpoint, probe: Probe, identity: Partial<Identity>): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (probe.body?.type) headers['content-type'] = probe.body.type;
  if (probe.body?.encoding) headers['content-encoding'] = probe.body.encoding;
  const response = await service.request(`${probe.path}${probe.query ? `?${probe.query}` : ''}`, {
    method: endpoint.method,
    headers,
    body: probe.body?.text,
    identity,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // judged below
  }
  return { status: response.status, body };
}

/** Never a 500; every refusal by the service is JSON {message} with a non-empty message. */
/** Replies seen per endpoint by status class, for the summary line each test prints. */
const tally = new Map<string, Record<'2xx' | '3xx' | '4xx', number>>();

function judge(endpoint: Endpoint, probe: Probe, reply: Reply): void {
  const where = `${endpoint.method} ${probe.path}?${probe.query} body=${probe.body ? `[${probe.body.encoding ?? ''}] ${probe.body.text.slice(0, 200)}` : '-'}`;
  if (reply.status >= 500) throw new Error(`${where} -> ${reply.status} ${JSON.stringify(reply.body)}`);
  // 431: a request line over Node's 16 KB header limit is refused by the HTTP parser itself, before any app code
  if (reply.status >= 400 && reply.status !== 431) {
    const message = (reply.body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.length === 0)
      throw new Error(`${where} -> ${reply.status} without {message}: ${JSON.stringify(reply.body)}`);
  }
  const key = `${endpoint.method} ${endpoint.path}`;
  const counts = tally.get(key) ?? { '2xx': 0, '3xx': 0, '4xx': 0 };
  counts[reply.status >= 400 ? '4xx' : reply.status >= 300 ? '3xx' : '2xx'] += 1;
  tally.set(key, counts);
}

/** GET /readyz on a connection of its own (no reuse of a keep-alive socket the server may be closing). */
function ready(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/readyz`, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

/** One line per service and database: endpoints x runs, and how the replies split. */
function summary(label: string, endpoints: Endpoint[]): string {
  const lines = endpoints.map((e) => {
    const c = tally.get(`${e.method} ${e.path}`) ?? { '2xx': 0, '3xx': 0, '4xx': 0 };
    return `  ${e.method} ${e.path}: ${c['2xx']} 2xx, ${c['4xx']} 4xx`;
  });
  return `${label}: ${endpoints.length} endpoints x ${RUNS} runs = ${endpoints.length * RUNS} requests, no 5xx\n${lines.join('\n')}\n`;
}

/* ---------- the suite ---------- */

describe.each(testDatabases())('bad input never breaks a service on %s', (label, makeTarget) => {
  const client = label === 'mysql' ? 'mysql' : 'sqlite';
  let footballService: RunningService;
  let accountsService: RunningService;
  let insightsService: RunningService;

  beforeAll(async () => {
    footballService = await startService(football, makeTarget('football'), { seed: true });
    // accounts checks follow ids against football (the alert sender stays off: it would write on its own)
    accountsService = await startService(
      createAccounts(accountsConfig({ FOOTBALL_URL: footballService.url, INTERNAL_JWT_SECRET: TEST_SECRET, ALERTS_POLL_MS: 0 })),
      makeTarget('accounts'),
    );
    // insights reads football over HTTP: point it at the football service started here
    insightsService = await startService(
      // without the backfill, which goes on storing tips after start (modules/tips/backfill.ts has its own tests)
      createInsights(insightsOptions({ FOOTBALL_URL: footballService.url, INTERNAL_JWT_SECRET: TEST_SECRET, TIPS_BACKFILL: 'off' })),
      makeTarget('insights'),
    );
  }, 120_000);

  afterAll(async () => {
    await insightsService?.close();
    await accountsService?.close();
    await footballService?.close();
  });

  it('covers every prefix of the gateway route table', () => {
    const paths = [football, accounts, insights].flatMap((definition) => endpointsOf(definition, footballService.db).map((e) => e.path));
    const uncovered = API_ROUTES.filter((route) => !paths.some((path) => matchApiRoute(path) === route)).map((route) => route.prefix);
    expect(uncovered).toEqual([]);
  });

  it('the gateway lets through exactly the write methods the services take (contracts API_WRITES)', () => {
    const writes = [football, accounts, insights]
      .flatMap((definition) => endpointsOf(definition, footballService.db))
      .filter((e) => e.method !== 'GET' && matchApiRoute(e.path))
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(writes.length).toBeGreaterThanOrEqual(3);
    for (const write of writes) expect([write, isApiWrite(write.split(' ')[0]!, write.split(' ')[1]!)]).toEqual([write, true]);
    // every entry of the table is served by a service or by the gateway itself (its admin endpoints)
    const servedHere = API_WRITES.filter((w) => !w.path.startsWith('/api/admin/'))
      .map((w) => `${w.method} ${w.path}`)
      .sort();
    expect(servedHere).toEqual(writes);
    // and a read path never takes a body at the gateway
    for (const e of [football, insights].flatMap((definition) => endpointsOf(definition, footballService.db))) {
      if (matchApiRoute(e.path)) expect([e.path, isApiWrite('POST', e.path)]).toEqual([e.path, false]);
    }
  });

  it('sends every endpoint under a prefix to the service that serves it', () => {
    const services = [football, accounts, insights];
    const misrouted = services.flatMap((definition) =>
      endpointsOf(definition, footballService.db)
        .filter((e) => (matchApiRoute(e.path)?.service ?? definition.name) !== definition.name)
        .map((e) => `${definition.name} ${e.path}`),
    );
    expect(misrouted).toEqual([]);
  });

  it('answers a method a path does not take with 405, its Allow header and a JSON message, on every service', async () => {
    const running: Array<[ServiceDefinition, RunningService]> = [
      [football, footballService],
      [accounts, accountsService],
      [insights, insightsService],
    ];
    let probed = 0;
    for (const [definition, service] of running) {
      const endpoints = endpointsOf(definition, service.db).filter((e) => !e.path.includes(':'));
      const methodsOf = (path: string) => new Set(endpoints.filter((e) => e.path === path).map((e) => e.method));
      for (const path of new Set(endpoints.map((e) => e.path))) {
        const taken = methodsOf(path);
        const other = (['GET', 'POST', 'DELETE'] as const).find((method) => !taken.has(method));
        if (!other) continue;
        const reply = await service.request(path, { method: other, identity: { scope: 'user', userId: 1 } });
        expect([path, other, reply.status, reply.headers.get('content-type')]).toEqual([
          path,
          other,
          405,
          expect.stringContaining('application/json'),
        ]);
        expect(reply.headers.get('allow')).toContain([...taken][0]);
        expect(await reply.json()).toEqual({ message: `${other} is not allowed on ${path}` });
        probed += 1;
      }
    }
    expect(probed).toBeGreaterThanOrEqual(10);
  });

  it(
    `football: every read endpoint, ${RUNS} runs each; never a 500, every table unchanged`,
    async () => {
      tally.clear();
      const db = footballService.db;
      const fixture = (await db('fixtures').where('status', 'finished').orderBy('id').first()) as Row;
      const player = (await db('players').orderBy('id').first('id')) as Row;
      const [leagueId, season, home, away, fixtureId, playerId] = [
        fixture.league_id,
        fixture.season,
        fixture.home_team_id,
        fixture.away_team_id,
        fixture.id,
        player.id,
      ].map(String) as [string, string, string, string, string, string];
      const ids = [leagueId, season, home, away, fixtureId, playerId, '1'];
      const validQueries: Record<string, Array<[string, string]>> = {
        '/api/fixtures': [['tz', 'UTC']],
        '/api/fixtures/filter': [
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/players': [
          ['teamId', home],
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/player-stats/league': [
          ['playerId', playerId],
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/player-stats/fixtures': [
          ['playerId', playerId],
          ['limit', '5'],
        ],
        '/api/standings': [
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/h2h': [
          ['homeTeamId', home],
          ['awayTeamId', away],
        ],
        '/api/team-stats': [
          ['teamId', home],
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/search': [['q', 'united']],
        '/internal/model-feed/matches': [
          ['leagueId', leagueId],
          ['from', '2020-01-01'],
        ],
        '/internal/model-feed/fixtures': [['ids', `${fixtureId},1`]],
        '/internal/live/feed': [
          ['after', '0'],
          ['limit', '50'],
        ],
        '/internal/model-feed/squads': [
          ['fixtureId', fixtureId],
          ['recent', '3'],
        ],
      };
      // what the gateway routes, and the internal reads the insights service makes
      const endpoints = endpointsOf(football, db).filter((e) => matchApiRoute(e.path) || e.path.startsWith('/internal/'));
      expect(endpoints.length).toBeGreaterThanOrEqual(14);
      const before = await snapshot(db, client);
      for (const endpoint of endpoints) {
        await fc.assert(
          fc.asyncProperty(probeArb(endpoint, { query: validQueries[endpoint.path] ?? [], bodies: [] }, ids), async (probe) => {
            const identity: Partial<Identity> = endpoint.path.startsWith('/internal/')
              ? { scope: 'internal', userId: undefined }
              : { scope: 'user', userId: 1 };
            judge(endpoint, probe, await send(footballService, endpoint, probe, identity));
          }),
          { numRuns: RUNS },
        );
      }
      const after = await snapshot(db, client);
      expect(describeDiff(diff(before, after))).toBe('');
      expect(digest(after)).toBe(digest(before));
      expect(await ready(footballService.url)).toBe(200);
      process.stdout.write(summary(`football on ${label}`, endpoints));
    },
    TIMEOUT_MS,
  );

  it(
    `insights: every endpoint, ${RUNS} runs each; never a 500, every table unchanged`,
    async () => {
      tally.clear();
      const db = insightsService.db;
      const endpoints = endpointsOf(insights, db).filter((e) => matchApiRoute(e.path));
      expect(endpoints.length).toBeGreaterThanOrEqual(1);
      // The tips job stored the published window's tips at start; a read stores nothing, so from here nothing may change.
      for (const endpoint of endpoints) {
        if (!endpoint.path.includes(':')) await (await insightsService.request(endpoint.path)).text();
      }
      const before = await snapshot(db, client);
      for (const endpoint of endpoints) {
        await fc.assert(
          fc.asyncProperty(probeArb(endpoint, { query: [], bodies: [] }, ['39', '2025', '1']), async (probe) => {
            judge(endpoint, probe, await send(insightsService, endpoint, probe, { scope: 'user', userId: 1 }));
          }),
          { numRuns: RUNS },
        );
      }
      expect(describeDiff(diff(before, await snapshot(db, client)))).toBe('');
      expect(await ready(insightsService.url)).toBe(200);
      process.stdout.write(summary(`insights on ${label}`, endpoints));
    },
    TIMEOUT_MS,
  );

  it(
    `accounts: every endpoint, ${RUNS} runs each; never a 500, only the rows a successful call is meant to change`,
    async () => {
      tally.clear();
      const service = accountsService;
      const db = service.db;
      let seq = 0;
      const signIn = async (email: string) => {
        const response = await service.request('/internal/sign-in', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, firstName: 'Prop', lastName: 'Erty', profileImageUrl: null, loginMethod: 'google' }),
          identity: { scope: 'internal', userId: undefined },
        });
        expect(response.status).toBe(200);
        return (await response.json()) as { id: number; email: string; referralCode: string };
      };
      const referrer = await signIn('referrer@example.com');
      const teamId = Number(((await footballService.db('teams').orderBy('id').first('id')) as Row).id);
      const leagueId = Number(((await footballService.db('leagues').orderBy('id').first('id')) as Row).id);
      const ids = ['1', String(referrer.id), referrer.referralCode, referrer.referralCode.toLowerCase()];
      const validBodies: Record<string, unknown[]> = {
        '/internal/sign-in': [
          { email: 'someone@example.com', firstName: 'A', lastName: null, profileImageUrl: null, loginMethod: 'google' },
          {
            email: 'referrer@example.com',
            firstName: 'B',
            lastName: 'C',
            profileImageUrl: 'https://example.com/p.png',
            loginMethod: 'other',
          },
        ],
        '/api/user/preferences': [
          { theme: 'dark' },
          { theme: 'light' },
          { spoilerFree: true, alerts: { goal: false } },
          { quietHours: null },
        ],
        '/api/user/follows': [
          { kind: 'team', id: teamId },
          { kind: 'league', id: leagueId },
        ],
        '/api/push/subscriptions': [
          {
            endpoint: 'https://fcm.googleapis.com/fcm/send/property-test',
            keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
          },
          { endpoint: 'https://fcm.googleapis.com/fcm/send/property-test' },
        ],
        '/api/referral/apply': [{ referralCode: referrer.referralCode }, { referralCode: ` ${referrer.referralCode.toLowerCase()} ` }],
        '/api/auth/delete-account': [{}],
      };

      /** The preference columns of users (POST /api/user/preferences changes only these). */
      const PREFERENCE_COLUMNS = [
        'theme',
        'spoiler_free',
        'spoiler_scope',
        'alert_prefs',
        'quiet_start',
        'quiet_end',
        'time_zone',
        'follow_prompt_dismissed',
      ];
      /** The columns that point at a person and become NULL when that account is deleted. */
      const PERSON_COLUMNS = ['user_id', 'referrer_id', 'referred_id'];
      /** Which changes a 2xx reply of each state-changing endpoint may make; anything else is a failure. */
      const only = (table: string, changes: Map<string, TableDiff>, ok: (d: TableDiff) => boolean) => {
        const d = changes.get(table);
        changes.delete(table);
        return !d || ok(d);
      };
      const sameExcept = (a: Row, b: Row, columns: string[]) => {
        const strip = (row: Row) => canonical(Object.fromEntries(Object.entries(row).filter(([k]) => !columns.includes(k))));
        return strip(a) === strip(b);
      };
      const allowed: Record<string, (changes: Map<string, TableDiff>, actor: number, reply: Reply) => boolean> = {
        'POST /internal/sign-in': (changes, _actor, reply) => {
          const id = (reply.body as { id: number }).id;
          return (
            only('users', changes, (d) => d.added.length === 1 && d.added[0]!.id === id && d.removed.every((r) => r.id === id)) &&
            only('login_events', changes, (d) => d.removed.length === 0 && d.added.length === 1 && d.added[0]!.user_id === id)
          );
        },
        'POST /api/user/preferences': (changes, actor) =>
          only(
            'users',
            changes,
            (d) =>
              d.added.length === 1 &&
              d.removed.length === 1 &&
              d.added[0]!.id === actor &&
              sameExcept(d.added[0]!, d.removed[0]!, PREFERENCE_COLUMNS),
          ),
        // the personal calendar's token is made on first ask, and rotated
        'GET /api/user/calendar': (changes, actor) =>
          only(
            'users',
            changes,
            (d) => d.added.length === 1 && d.added[0]!.id === actor && sameExcept(d.added[0]!, d.removed[0]!, ['calendar_token']),
          ),
        'POST /api/user/calendar/rotate': (changes, actor) =>
          only(
            'users',
            changes,
            (d) => d.added.length === 1 && d.added[0]!.id === actor && sameExcept(d.added[0]!, d.removed[0]!, ['calendar_token']),
          ),
        'POST /api/user/follows': (changes, actor) =>
          only('follows', changes, (d) => d.removed.length === 0 && d.added.length <= 1 && d.added.every((r) => r.user_id === actor)),
        'DELETE /api/user/follows/:kind/:id': (changes, actor) =>
          only('follows', changes, (d) => d.added.length === 0 && d.removed.every((r) => r.user_id === actor)),
        // a browser subscribed before (by anyone) moves to the caller; a caller past 10 devices loses their oldest
        'POST /api/push/subscriptions': (changes, actor) =>
          only(
            'push_subscriptions',
            changes,
            (d) =>
              d.added.every((r) => r.user_id === actor) &&
              d.removed.every((r) => r.user_id === actor || d.added.some((a) => a.id === r.id)),
          ),
        'DELETE /api/push/subscriptions': (changes, actor) =>
          only('push_subscriptions', changes, (d) => d.added.length === 0 && d.removed.every((r) => r.user_id === actor)),
        'POST /api/referral/apply': (changes, actor) =>
          only('users', changes, (d) => {
            const pairs = d.added.map((a) => [a, d.removed.find((r) => r.id === a.id)] as const);
            return (
              d.added.length === 2 &&
              d.removed.length === 2 &&
              pairs.every(([a, r]) => r && [actor, referrer.id].includes(Number(a.id)) && sameExcept(a, r, ['free_access_until']))
            );
          }) &&
          only('referrals', changes, (d) => d.removed.length === 0 && d.added.length === 1 && d.added[0]!.referred_id === actor) &&
          only('referred_emails', changes, (d) => d.removed.length === 0 && d.added.length === 1),
        'DELETE /api/auth/delete-account': (changes, actor) =>
          only('users', changes, (d) => d.added.length === 0 && d.removed.length === 1 && d.removed[0]!.id === actor) &&
          ['follows', 'push_subscriptions'].every((table) =>
            only(table, changes, (d) => d.added.length === 0 && d.removed.every((r) => r.user_id === actor)),
          ) &&
          ['referrals', 'login_events'].every((table) =>
            only(table, changes, (d) => {
              const forget = (row: Row) =>
                canonical(
                  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, PERSON_COLUMNS.includes(k) && v === actor ? null : v])),
                );
              return d.removed.length === d.added.length && d.removed.map(forget).sort().join() === d.added.map(canonical).sort().join();
            }),
          ),
      };

      const endpoints = endpointsOf(accounts, db).filter((e) => matchApiRoute(e.path) || e.path === '/internal/sign-in');
      expect(endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
        expect.arrayContaining([
          'POST /internal/sign-in',
          'POST /api/referral/apply',
          'POST /api/user/preferences',
          'DELETE /api/auth/delete-account',
        ]),
      );
      for (const endpoint of endpoints) {
        const key = `${endpoint.method} ${endpoint.path}`;
        const internal = endpoint.path.startsWith('/internal/');
        await fc.assert(
          fc.asyncProperty(probeArb(endpoint, { query: [], bodies: validBodies[endpoint.path] ?? [] }, ids), async (probe) => {
            const actor = internal ? undefined : (await signIn(`actor${(seq += 1)}@example.com`)).id;
            const identity: Partial<Identity> = internal
              ? { scope: 'internal', userId: undefined }
              : { scope: 'user', userId: actor, isAdmin: endpoint.path.startsWith('/api/admin') };
            const before = await snapshot(db, client);
            const reply = await send(service, endpoint, probe, identity);
            judge(endpoint, probe, reply);
            const changes = diff(before, await snapshot(db, client));
            const rule = allowed[key];
            const ok = reply.status < 300 && rule ? rule(changes, actor ?? 0, reply) && changes.size === 0 : changes.size === 0;
            if (!ok)
              throw new Error(
                `${key} ?${probe.query} ${probe.body?.text.slice(0, 200) ?? ''} -> ${reply.status}, changed:\n${describeDiff(diff(before, await snapshot(db, client)))}`,
              );
          }),
          { numRuns: RUNS },
        );
      }
      expect(await ready(service.url)).toBe(200);
      process.stdout.write(summary(`accounts on ${label}`, endpoints));
    },
    TIMEOUT_MS,
  );
});
