import { startTimerLoop, toDate, toSqlDateTime, type Knex } from '@matchday/server';
import type { MatchEventKind } from '@matchday/contracts';
import { utcDay } from './dates';
import type { ImportedMatch } from './model';
import { mapFixture, mapLineups, statusOf } from './sources/api-football';
import { DEFAULT_API_FOOTBALL_URL, type ApiEnvelope, type Query } from './sources/api-football-client';
import { liveMatchEvents, PLAYING_STATUSES, storedScore, type StoredMatchEvent } from './sources/api-football-live';
import type { ApiFixtureEvent, ApiFixtureItem, ApiLineupItem } from './sources/api-football-types';
import { saveLineups, saveMatches, saveMatchEvents } from './store';

/**
 * A live feed outside replay: with API_FOOTBALL_KEY set, the football service polls
 * API-Football v3 while a stored API-Football fixture is inside its live window (kick-off − 5 min to
 * kick-off + 3 h, not finished or postponed), every LIVE_POLL_MS (15 s):
 * - one `GET /fixtures?live=all` per tick (every match being played; only stored fixtures in their window count);
 * - `GET /fixtures/events?fixture=<id>` for a fixture when its status changed, when its goals changed, or while
 *   its goals and the stored ones differ (then at most once a minute): a quiet match costs one request per tick for
 *   all matches together, so a card (stored at its minute) arrives with the next list read for those reasons;
 * - `GET /fixtures?id=<id>` for a fixture made live that left the live list (at most once a minute): that is
 *   how a finished match is seen (the live list has matches in play only); and every 10 min for one not on
 *   it 10 min after its kick-off (late, called off, or begun while the service was stopped).
 * - `GET /fixtures/lineups?fixture=<id>` for a stored fixture from LINEUP_FROM_MS (65 min) before its kick-off
 *   until its line-ups are stored, at most every LINEUP_RETRY_MS (5 min): both starting XIs and the named
 *   substitutes go to `fixture_lineups` through the store's saveLineups (the Dream11 picks are made
 *   again on them).
 * What it reads becomes match events (sources/api-football-live.ts) written through saveMatchEvents, the one
 * writer of match events, with their sequence numbers; at full time (or when the match is called off) the
 * fixture's full record follows through saveMatches in the same transaction, as an import writes it.
 *
 * Responses are never cached (the importer's client caches every response on disk): fetch, the
 * `x-apisports-key` header only, a 10 s timeout. At most LIVE_DAILY_REQUESTS (7000) requests per UTC day,
 * counted here (and stopping early when API-Football says its own daily quota is used up): when used up,
 * one log line, no request until UTC midnight. A 429 waits Retry-After (60 s). A failed request or poll is
 * logged and tried again at the next tick; nothing here stops the service.
 */

const MINUTE = 60_000;
const WINDOW_BEFORE_MS = 5 * MINUTE;
const WINDOW_AFTER_MS = 3 * 60 * MINUTE;
/** Events again while the stored goals and API-Football's differ, and a live match off the live list asked for again: at most this often. */
const RETRY_MS = MINUTE;
/** A match that should have begun but is not on the live list (delayed, called off, or missed while stopped): asked for this often. */
const NOT_STARTED_RETRY_MS = 10 * MINUTE;

/** Line-ups are asked for from this long before kick-off (they are out about an hour before), and at most this often. */
const LINEUP_FROM_MS = 65 * MINUTE;
const LINEUP_RETRY_MS = 5 * MINUTE;

export const DEFAULT_LIVE_POLL_MS = 15_000;
export const DEFAULT_LIVE_DAILY_REQUESTS = 7000;

/** The logger calls the poller makes (pino's Logger has them). */
export interface LiveLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface LivePollerOptions {
  /** API_FOOTBALL_KEY. */
  key: string;
  /** API_FOOTBALL_URL (default https://v3.football.api-sports.io). */
  baseUrl?: string;
  /** LIVE_POLL_MS: time between two polls (default 15 s). */
  pollMs?: number;
  /** LIVE_DAILY_REQUESTS: requests per UTC day (default 7000). */
  dailyRequests?: number;
  /** The clock (epoch ms); tests pass a fake one. */
  now?: () => number;
  logger?: LiveLogger;
  /** One request's longest wait (default 10 s). */
  timeoutMs?: number;
}

export interface LiveTickSummary {
  /** Requests sent in this tick. */
  requests: number;
  /** Stored fixtures inside their live window. */
  inWindow: number;
  /** Match events stored. */
  created: number;
  /** Fixtures whose full record was written (finished or called off). */
  finalRecords: number;
  /** Players named in line-ups stored in this tick. */
  lineups: number;
}

export interface LivePoller {
  /** One poll now (after any poll in progress). */
  tick(): Promise<LiveTickSummary>;
  /** Stops the timer (if any) and waits for a poll in progress. */
  stop(): Promise<void>;
  /** Requests sent since the start. */
  readonly requests: number;
}

/** A stored API-Football fixture inside its live window. */
interface WindowFixture {
  id: number;
  externalId: string;
  status: string;
  kickoffMs: number;
  leagueId: number;
  season: number;
  stage: string;
  group: string | null;
  homeTeamId: number;
  homeName: string;
  awayName: string;
}

async function fixturesInWindow(db: Knex, nowMs: number): Promise<WindowFixture[]> {
  const rows = (await db('fixtures as f')
    .join('external_ids as x', 'x.entity_id', 'f.id')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where({ 'x.entity': 'fixture', 'x.source': 'api-football' })
    .whereNotIn('f.status', ['finished', 'postponed'])
    .where('f.kickoff_at', '>=', toSqlDateTime(new Date(nowMs - WINDOW_AFTER_MS)))
    .where('f.kickoff_at', '<=', toSqlDateTime(new Date(nowMs + WINDOW_BEFORE_MS)))
    .orderBy('f.kickoff_at')
    .orderBy('f.id')
    .select(
      'f.id',
      'x.external_id',
      'f.status',
      'f.kickoff_at',
      'f.league_id',
      'f.season',
      'f.stage',
      'f.group_name',
      'f.home_team_id',
      'h.name as home_name',
      'a.name as away_name',
    )) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    id: Number(r.id),
    externalId: String(r.external_id),
    status: String(r.status),
    kickoffMs: toDate(r.kickoff_at)!.getTime(),
    leagueId: Number(r.league_id),
    season: Number(r.season),
    stage: String(r.stage),
    group: r.group_name === null || r.group_name === undefined ? null : String(r.group_name),
    homeTeamId: Number(r.home_team_id),
    homeName: String(r.home_name),
    awayName: String(r.away_name),
  }));
}

/** Stored API-Football fixtures kicking off within LINEUP_FROM_MS whose line-ups are not stored yet. */
async function fixturesAwaitingLineups(db: Knex, nowMs: number): Promise<Array<{ id: number; externalId: string }>> {
  const rows = (await db('fixtures as f')
    .join('external_ids as x', 'x.entity_id', 'f.id')
    .where({ 'x.entity': 'fixture', 'x.source': 'api-football', 'f.status': 'scheduled' })
    .where('f.kickoff_at', '>', toSqlDateTime(new Date(nowMs)))
    .where('f.kickoff_at', '<=', toSqlDateTime(new Date(nowMs + LINEUP_FROM_MS)))
    .whereNotExists((q) => q.select('l.fixture_id').from('fixture_lineups as l').whereRaw('l.fixture_id = f.id'))
    .orderBy('f.kickoff_at')
    .orderBy('f.id')
    .select('f.id', 'x.external_id')) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ id: Number(r.id), externalId: String(r.external_id) }));
}

async function storedEvents(db: Knex, fixture: WindowFixture): Promise<StoredMatchEvent[]> {
  const rows = (await db('match_events')
    .where({ fixture_id: fixture.id })
    .orderBy('seq')
    .select('event_key', 'kind', 'team_id', 'minute', 'stoppage', 'cancelled')) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    key: String(r.event_key),
    kind: r.kind as MatchEventKind,
    side: r.team_id === null ? null : Number(r.team_id) === fixture.homeTeamId ? 'home' : 'away',
    minute: r.minute === null ? null : Number(r.minute),
    stoppage: r.stoppage === null ? null : Number(r.stoppage),
    cancelled: Boolean(Number(r.cancelled)),
  }));
}

/** The fixture's full record as an import maps it, on the stored fixture's teams, stage and group. */
function fullRecord(fixture: WindowFixture, item: ApiFixtureItem): ImportedMatch | string {
  const mapped = mapFixture(item, { leagueId: fixture.leagueId, season: fixture.season, leagueType: 'league', teams: new Map() });
  if (typeof mapped === 'string') return mapped;
  return {
    ...mapped,
    stage: fixture.stage as ImportedMatch['stage'],
    group: fixture.group,
    home: { name: fixture.homeName },
    away: { name: fixture.awayName },
  };
}

function retryAfterMs(value: string | null): number {
  if (value && /^\d+(\.\d+)?$/.test(value.trim())) return Math.ceil(Number(value) * 1000);
  return MINUTE;
}

function describeErrors(errors: ApiEnvelope<unknown>['errors'] | undefined): string | null {
  if (!errors) return null;
  const entries = Array.isArray(errors) ? errors.map((e, i) => [String(i), e] as const) : Object.entries(errors);
  return entries.length === 0 ? null : entries.map(([k, v]) => `${k}: ${String(v)}`).join('; ');
}

const silent: LiveLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** A poller without a timer: `tick()` polls once (tests step it on a fake clock; startLivePoller runs it). */
export function createLivePoller(db: Knex, options: LivePollerOptions): LivePoller {
  if (!options.key) throw new Error('the live feed needs API_FOOTBALL_KEY');
  const baseUrl = (options.baseUrl || DEFAULT_API_FOOTBALL_URL).replace(/\/+$/, '');
  const budget = options.dailyRequests ?? DEFAULT_LIVE_DAILY_REQUESTS;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silent;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const stopping = new AbortController();

  let requests = 0;
  let day = utcDay(now());
  let usedToday = 0;
  /** Why no request may be sent until UTC midnight, once known. */
  let exhausted: 'budget' | 'api' | null = null;
  let exhaustionLogged = false;
  let pausedUntil = 0;
  /** Per fixture (external id): the status and goals last polled, when its events were last read. */
  const seen = new Map<string, { short: string; goals: string; eventsAt: number }>();
  /** Per fixture: when it was last asked for by id after it left the live list. */
  const askedById = new Map<string, number>();
  /** Per fixture: when its line-ups were last asked for. */
  const lineupsAsked = new Map<string, number>();
  let chain: Promise<unknown> = Promise.resolve();

  const rollDay = (nowMs: number) => {
    const today = utcDay(nowMs);
    if (today === day) return;
    if (exhausted) logger.info({ day: today }, 'live feed: a new UTC day, polling API-Football again');
    day = today;
    usedToday = 0;
    exhausted = null;
    exhaustionLogged = false;
  };

  /** One request, counted against the budget; null when not sent or failed (logged; the next tick tries again). */
  async function request<T>(endpoint: string, query: Query, summary: LiveTickSummary): Promise<T[] | null> {
    if (stopping.signal.aborted) return null;
    const nowMs = now();
    if (nowMs < pausedUntil) return null;
    if (!exhausted && usedToday >= budget) exhausted = 'budget';
    if (exhausted) {
      if (!exhaustionLogged) {
        exhaustionLogged = true;
        logger.warn(
          { used: usedToday, budget },
          exhausted === 'budget'
            ? `live feed: the daily request budget (LIVE_DAILY_REQUESTS=${budget}) is used up; no polling until UTC midnight`
            : 'live feed: API-Football says the daily request quota is used up; no polling until UTC midnight',
        );
      }
      return null;
    }
    usedToday += 1;
    requests += 1;
    summary.requests += 1;
    const url = new URL(`${baseUrl}/${endpoint.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const where = `${url.pathname}${url.search}`;
    try {
      // Only the key header: the API rejects requests with extra headers it does not expect.
      const response = await fetch(url, {
        headers: { 'x-apisports-key': options.key },
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]),
      });
      const dailyLeft = response.headers.get('x-ratelimit-requests-remaining');
      if (dailyLeft !== null && /^-?\d+$/.test(dailyLeft.trim()) && Number(dailyLeft) <= 0 && !exhausted) exhausted = 'api';
      const text = await response.text();
      if (response.status === 429) {
        pausedUntil = now() + retryAfterMs(response.headers.get('retry-after'));
        logger.warn({ request: where, until: new Date(pausedUntil).toISOString() }, 'live feed: API-Football rate limit (429), waiting');
        return null;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status} ${text.slice(0, 200)}`);
      const body = JSON.parse(text) as ApiEnvelope<T>;
      const errors = describeErrors(body.errors);
      if (errors) {
        if (!Array.isArray(body.errors) && (body.errors as Record<string, string>).rateLimit !== undefined) pausedUntil = now() + MINUTE;
        throw new Error(errors);
      }
      if (!Array.isArray(body.response)) throw new Error('no "response" array');
      return body.response;
    } catch (error) {
      if (!stopping.signal.aborted) logger.warn({ request: where, err: error }, 'live feed: request failed; tried again at the next poll');
      return null;
    }
  }

  async function pollFixture(fixture: WindowFixture, item: ApiFixtureItem, nowMs: number, summary: LiveTickSummary): Promise<void> {
    const short = item.fixture.status.short;
    const status = statusOf(short);
    const stored = await storedEvents(db, fixture);
    const score = storedScore(stored);
    const goals = `${item.goals.home ?? 0}-${item.goals.away ?? 0}`;
    const last = seen.get(fixture.externalId);
    const differs = goals !== `${score.home}-${score.away}`;
    const wantEvents =
      PLAYING_STATUSES.has(short) &&
      (!last || last.short !== short || last.goals !== goals || (differs && nowMs - last.eventsAt >= RETRY_MS));
    let events: ApiFixtureEvent[] | null = null;
    if (wantEvents) {
      events = await request<ApiFixtureEvent>('/fixtures/events', { fixture: fixture.externalId }, summary);
      if (!events) return; // not this tick: periods and goals are written together, in order
    }
    const records = liveMatchEvents({ item, events, stored, now: new Date(nowMs) });
    let record: ImportedMatch | null = null;
    if (status === 'finished' || status === 'postponed') {
      const mapped = fullRecord(fixture, item);
      if (typeof mapped === 'string') logger.warn({ fixture: fixture.externalId }, `live feed: ${mapped}`);
      else record = mapped;
    }
    if (records.length > 0 || record) {
      await db.transaction(async (trx) => {
        const saved = await saveMatchEvents(trx, records);
        summary.created += saved.created;
        const problems = [...saved.problems];
        if (record) {
          problems.push(...(await saveMatches(trx, [record])).problems);
          summary.finalRecords += 1;
        }
        if (problems.length > 0) logger.warn({ fixture: fixture.externalId, problems }, 'live feed: not stored');
      });
    }
    seen.set(fixture.externalId, { short, goals, eventsAt: events ? nowMs : (last?.eventsAt ?? 0) });
  }

  /** The line-ups of fixtures about to start, until they are out (then stored, and not asked for again). */
  async function pollLineups(nowMs: number, summary: LiveTickSummary): Promise<void> {
    const waiting = await fixturesAwaitingLineups(db, nowMs);
    const current = new Set(waiting.map((f) => f.externalId));
    for (const id of lineupsAsked.keys()) if (!current.has(id)) lineupsAsked.delete(id);
    for (const fixture of waiting) {
      if (nowMs - (lineupsAsked.get(fixture.externalId) ?? -Infinity) < LINEUP_RETRY_MS) continue;
      lineupsAsked.set(fixture.externalId, nowMs);
      const items = await request<ApiLineupItem>('/fixtures/lineups', { fixture: fixture.externalId }, summary);
      const lines = items ? mapLineups(items, fixture.externalId) : [];
      if (lines.length === 0) continue;
      const saved = await saveLineups(db, lines);
      if (saved.problems.length > 0)
        logger.warn({ fixture: fixture.externalId, problems: saved.problems }, 'live feed: line-ups not stored');
      else summary.lineups += lines.length;
    }
  }

  async function poll(): Promise<LiveTickSummary> {
    const summary: LiveTickSummary = { requests: 0, inWindow: 0, created: 0, finalRecords: 0, lineups: 0 };
    const nowMs = now();
    rollDay(nowMs);
    try {
      await pollLineups(nowMs, summary);
    } catch (error) {
      logger.error({ err: error }, 'live feed: polling line-ups failed; tried again at the next poll');
    }
    const due = await fixturesInWindow(db, nowMs);
    summary.inWindow = due.length;
    // forget the fixtures that left the window (finished, or past kick-off + 3 h)
    const current = new Set(due.map((f) => f.externalId));
    for (const map of [seen, askedById]) for (const id of map.keys()) if (!current.has(id)) map.delete(id);
    if (due.length === 0) return summary;
    const live = await request<ApiFixtureItem>('/fixtures', { live: 'all' }, summary);
    if (!live) return summary;
    const byId = new Map(live.map((item) => [String(item.fixture?.id), item]));
    for (const fixture of due) {
      try {
        let item = byId.get(fixture.externalId);
        if (!item) {
          // Not in play: not started yet, or over (only the fixture itself says so), or late.
          const every =
            fixture.status === 'live' ? RETRY_MS : nowMs >= fixture.kickoffMs + NOT_STARTED_RETRY_MS ? NOT_STARTED_RETRY_MS : null;
          if (every === null || nowMs - (askedById.get(fixture.externalId) ?? -Infinity) < every) continue;
          askedById.set(fixture.externalId, nowMs);
          item = (await request<ApiFixtureItem>('/fixtures', { id: fixture.externalId }, summary))?.[0];
          if (!item || String(item.fixture.id) !== fixture.externalId) continue;
        }
        await pollFixture(fixture, item, nowMs, summary);
      } catch (error) {
        logger.error({ fixture: fixture.externalId, err: error }, 'live feed: polling a fixture failed; tried again at the next poll');
      }
    }
    return summary;
  }

  return {
    tick() {
      const run = chain.then(poll);
      chain = run.catch(() => undefined);
      return run;
    },
    async stop() {
      stopping.abort();
      await chain;
    },
    get requests() {
      return requests;
    },
  };
}

/**
 * The running football service's poller: polls at start, then every `pollMs`; a failed poll is logged and
 * the next one comes as usual. `stop()` ends the timer, cuts a request in flight and waits for the poll.
 */
export function startLivePoller(db: Knex, options: LivePollerOptions): LivePoller {
  const poller = createLivePoller(db, options);
  const pollMs = options.pollMs ?? DEFAULT_LIVE_POLL_MS;
  const logger = options.logger ?? silent;
  const loop = startTimerLoop(() => poller.tick().then(() => undefined), {
    waitMs: pollMs,
    onError: (error) => logger.error({ err: error }, 'live feed: polling failed; tried again at the next poll'),
  });

  return {
    tick: () => poller.tick(),
    async stop() {
      // the timer ends at once; the poll in progress has its request cut, and is waited for
      const ending = loop.stop();
      await poller.stop();
      await ending;
    },
    get requests() {
      return poller.requests;
    },
  };
}
