import { createHash } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import { systemClock, type Identity, type Knex, type ServiceDefinition } from '@matchday/server';
import type { RunningService } from '@matchday/testing';

/**
 * What bad-input.property.test.ts sends and how it judges the replies: the endpoints of a service's routers, the
 * arbitraries of queries and bodies, the tables' rows before and after, and the summary line per service.
 */

export const RUNS = Number(process.env.PROPERTY_RUNS ?? 25);
/** Per test: generous, as CI machines are shared (no timing is asserted). */
export const TIMEOUT_MS = 120_000 + RUNS * 3_000;

export type Row = Record<string, unknown>;
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
export function endpointsOf(definition: ServiceDefinition, db: Knex): Endpoint[] {
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

export function canonical(row: Row): string {
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
export async function snapshot(db: Knex, client: string): Promise<Snapshot> {
  const result: Snapshot = new Map();
  for (const table of await tableNames(db, client)) {
    const rows = (await db(table).select('*')) as Row[];
    result.set(table, rows.map(canonical).sort());
  }
  return result;
}

export const digest = (snap: Snapshot) =>
  createHash('sha256')
    .update([...snap.entries()].map(([table, rows]) => `${table}\n${rows.join('\n')}`).join('\n\n'))
    .digest('hex');

export interface TableDiff {
  added: Row[];
  removed: Row[];
}

/** Rows added and removed per table (multiset difference); tables without a change are left out. */
export function diff(before: Snapshot, after: Snapshot): Map<string, TableDiff> {
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

export const describeDiff = (changes: Map<string, TableDiff>) =>
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

export function probeArb(
  endpoint: Endpoint,
  valid: { query: Array<[string, string]>; bodies: unknown[] },
  ids: string[],
): fc.Arbitrary<Probe> {
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

export interface Reply {
  status: number;
  body: unknown;
}

export async function send(service: RunningService, endpoint: Endpoint, probe: Probe, identity: Partial<Identity>): Promise<Reply> {
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
export const tally = new Map<string, Record<'2xx' | '3xx' | '4xx', number>>();

export function judge(endpoint: Endpoint, probe: Probe, reply: Reply): void {
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
export function ready(url: string): Promise<number> {
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
export function summary(label: string, endpoints: Endpoint[]): string {
  const lines = endpoints.map((e) => {
    const c = tally.get(`${e.method} ${e.path}`) ?? { '2xx': 0, '3xx': 0, '4xx': 0 };
    return `  ${e.method} ${e.path}: ${c['2xx']} 2xx, ${c['4xx']} 4xx`;
  });
  return `${label}: ${endpoints.length} endpoints x ${RUNS} runs = ${endpoints.length * RUNS} requests, no 5xx\n${lines.join('\n')}\n`;
}
