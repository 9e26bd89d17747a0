import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { MatchEvent } from '@matchday/contracts';
import type { Knex } from '@matchday/server';
import type { LiveLogger } from '../../src/importers/live-poller';
import { mapFixture, type SeasonContext } from '../../src/importers/sources/api-football';
import type { ApiEnvelope } from '../../src/importers/sources/api-football-client';
import type { ApiFixtureEvent, ApiFixtureItem, ApiLineupItem } from '../../src/importers/sources/api-football-types';
import { saveMatches } from '../../src/importers/store';

/**
 * The live feed's tests outside replay: API-Football's answers in the v3 documentation's shapes
 * (test/fixtures/api-football-live/) for Arsenal v Chelsea, kick-off 28 Nov 2026 15:00 UTC, the fixture at any point
 * of that match, and a loopback API-Football that answers /fixtures?live=all, /fixtures?id=<id>,
 * /fixtures/events?fixture=<id> and /fixtures/lineups?fixture=<id>.
 */

export const KEY = 'test-live-key-0123';
export const MIN = 60_000;
const dir = path.join(__dirname, '..', 'fixtures', 'api-football-live');
const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ApiEnvelope<T>;

export const scheduled = read<ApiFixtureItem>('fixtures-id-910001.json').response[0]!;
export const matchEvents = read<ApiFixtureEvent>('fixtures-events-910001.json').response;
export const elsewhere = read<ApiFixtureItem>('fixtures-live-all.json').response[0]!;

export const KICK_OFF = Date.parse('2026-11-28T15:00:00Z');
const LONG: Record<string, string> = { '1H': 'First Half', HT: 'Halftime', '2H': 'Second Half', FT: 'Match Finished' };

/** The fixture as API-Football has it at some point of the match (a fixture kicking off at `kickOff`). */
export function fixtureAt(
  short: string,
  elapsed: number,
  goals: [number, number],
  options: { id?: number; kickOff?: number; home?: ApiFixtureItem['teams']['home']; away?: ApiFixtureItem['teams']['away'] } = {},
): ApiFixtureItem {
  const kickOff = options.kickOff ?? KICK_OFF;
  const item = structuredClone(scheduled);
  item.fixture.id = options.id ?? item.fixture.id;
  item.fixture.timestamp = kickOff / 1000;
  item.fixture.date = new Date(kickOff).toISOString();
  item.fixture.status = { long: LONG[short] ?? short, short, elapsed };
  item.fixture.periods = { first: kickOff / 1000, second: ['2H', 'FT'].includes(short) ? kickOff / 1000 + 3600 : null };
  if (options.home) item.teams = { home: options.home, away: options.away! };
  item.goals = { home: goals[0], away: goals[1] };
  if (['HT', '2H', 'FT'].includes(short)) item.score.halftime = { home: 1, away: 0 };
  if (short === 'FT') item.score.fulltime = { home: goals[0], away: goals[1] };
  return item;
}

export interface StandIn {
  url: string;
  /** Every request: path + sorted query. */
  requests: string[];
  /** What /fixtures?live=all lists. */
  live: ApiFixtureItem[];
  /** /fixtures?id=<id>. */
  fixtures: Map<string, ApiFixtureItem>;
  /** /fixtures/events?fixture=<id>. */
  events: Map<string, ApiFixtureEvent[]>;
  /** /fixtures/lineups?fixture=<id>. */
  lineups: Map<string, ApiLineupItem[]>;
  /** Routes that answer HTTP 500 the next time they are asked. */
  failOnce: Set<string>;
  /** x-ratelimit-requests-remaining. */
  dailyRemaining: number;
  close(): Promise<void>;
}

function envelope<T>(get: string, parameters: Record<string, string>, response: T[]): ApiEnvelope<T> {
  return { get, parameters, errors: [], results: response.length, paging: { current: 1, total: 1 }, response };
}

export async function startStandIn(): Promise<StandIn> {
  const state: Omit<StandIn, 'url' | 'close'> = {
    requests: [],
    live: [],
    fixtures: new Map(),
    events: new Map(),
    lineups: new Map(),
    failOnce: new Set(),
    dailyRemaining: 7400,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
    const route = `${url.pathname}${query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}`;
    state.requests.push(route);
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-ratelimit-requests-limit', '7500');
    res.setHeader('x-ratelimit-requests-remaining', String(state.dailyRemaining));
    if (state.failOnce.delete(route)) {
      res.statusCode = 500;
      res.end('{"message":"Internal Server Error"}');
      return;
    }
    if (req.headers['x-apisports-key'] !== KEY) {
      res.end(JSON.stringify({ get: '', parameters: [], errors: { token: 'Error/Missing application key' }, results: 0, response: [] }));
      return;
    }
    const params = Object.fromEntries(query);
    if (url.pathname === '/fixtures' && params.live === 'all') res.end(JSON.stringify(envelope('fixtures', params, state.live)));
    else if (url.pathname === '/fixtures' && params.id) {
      const item = state.fixtures.get(params.id);
      res.end(JSON.stringify(envelope('fixtures', params, item ? [item] : [])));
    } else if (url.pathname === '/fixtures/events' && params.fixture)
      res.end(JSON.stringify(envelope('fixtures/events', params, state.events.get(params.fixture) ?? [])));
    else if (url.pathname === '/fixtures/lineups' && params.fixture)
      res.end(JSON.stringify(envelope('fixtures/lineups', params, state.lineups.get(params.fixture) ?? [])));
    else {
      res.statusCode = 404;
      res.end(JSON.stringify({ message: `no stand-in for ${route}` }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const context: SeasonContext = {
  leagueId: 39,
  season: 2026,
  leagueType: 'league',
  league: { name: 'Premier League', country: 'England', type: 'league' },
  teams: new Map(),
};

/** A stored fixture as an import stores it (status scheduled), through the api-football mapping and the store. */
export async function seed(db: Knex, item: ApiFixtureItem): Promise<number> {
  const match = mapFixture(item, context);
  if (typeof match === 'string') throw new Error(match);
  expect(await saveMatches(db, [match])).toMatchObject({ created: 1, problems: [] });
  const row = (await db('external_ids')
    .where({ entity: 'fixture', source: 'api-football', external_id: String(item.fixture.id) })
    .first('entity_id')) as {
    entity_id: number;
  };
  return Number(row.entity_id);
}

/** A timeline line: "goal 37 G. Forward 1-1 cancelled", "yellow-card 12 M. Midfield". */
export function line(e: MatchEvent): string {
  const minute = e.minute === null ? '' : ` ${e.minute}${e.stoppage ? `+${e.stoppage}` : ''}`;
  const score = e.homeScore === null ? '' : ` ${e.homeScore}-${e.awayScore}`;
  const who = e.scorer ?? e.player;
  return `${e.kind}${minute}${who ? ` ${who}` : ''}${score}${e.cancelled ? ' cancelled' : ''}`;
}

export function recordingLogger(lines: string[]): LiveLogger {
  return {
    info: (_data, message) => lines.push(`info ${message}`),
    warn: (_data, message) => lines.push(`warn ${message}`),
    error: (_data, message) => lines.push(`error ${message}`),
  };
}
