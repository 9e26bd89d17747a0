import type { SyncLeagueRun, SyncLeagueStatus, SyncStatusReply } from '@matchday/contracts';
import { catalogueLeague, seasonName } from '@matchday/contracts';
import { startTimerLoop, type Knex, type TimerLoop } from '@matchday/server';
import { replayInfo } from '../../domain/dataset';
import type { ImportedMatch } from '../model';
import { saveMatches, savePlayerMatches } from '../store';
import {
  FOOTBALL_JSON_SOURCE,
  FootballJsonError,
  footballJsonLeague,
  parseFootballJson,
  type FootballJsonParse,
} from '../sources/football-json';
import { fetchConditional, FetchError, FetchStopped, REDIRECT_HOSTS, type FetchOptions, type Validators } from './fetch';
import { clip, fileClubs, fileProblem, newClubsProblem } from './plausibility';
import { diffSeason } from './diff';
import { storedSeason, teamsBySpelling } from './repository';
import { readStates, writeState, type LeagueState } from './state';

/**
 * The keyless sync of a real install: every chosen league's file of openfootball's football.json
 * (`<base>/<season>/<code>.json`) is read with a conditional request every interval and at an administrator's
 * demand, and whatever changed goes through the store like any import (importers/store): a result added, a
 * kick-off moved (the fixture's schedule_seq goes up: its calendar event's SEQUENCE and DTSTART follow, and so do
 * the live window and the reminders, which read the kick-off), a match never seen created. A match upstream no
 * longer lists stays (logged), and so does a stored result upstream shows unplayed (logged; the store never turns a
 * finished match back). A file that cannot be read or is not this league-season's writes nothing: the last good
 * state stays, the league's one error of the run is logged with its URL, and the next run tries again.
 */

export const DEFAULT_SYNC_URL = 'https://raw.githubusercontent.com/openfootball/football.json/master';
export const DEFAULT_SYNC_INTERVAL_S = 21_600;
export const DEFAULT_SYNC_TIMEOUT_MS = 20_000;
export const DEFAULT_SYNC_RETRIES = 2;
export const DEFAULT_SYNC_BACKOFF_MS = 2_000;

/** The logger calls the sync makes (pino's Logger has them). */
export interface SyncLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface SyncOptions {
  /** SYNC_FOOTBALL_JSON: upstream league codes ("en.1"). */
  codes: readonly string[];
  /** SYNC_FOOTBALL_JSON_URL, without a trailing slash. */
  baseUrl: string;
  /** SYNC_INTERVAL_S in ms. */
  intervalMs: number;
  /** SYNC_SEASON: the starting year of the season to follow; default the current one (from August). */
  season?: number;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  /** The body's cap in bytes (fetch.ts MAX_BODY_BYTES). */
  maxBytes?: number;
  /** SYNC_TEST_ORIGINS: exact origins a redirect may lead to whatever their host (tests' loopback stand-in; never in production). */
  testOrigins?: readonly string[];
  /** The clock (epoch ms); tests pass a fake one. */
  now?: () => number;
  logger?: SyncLogger;
}

const silent: SyncLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** The season being played at `ms`: from August on, the one starting that year (28 Nov 2026 -> 2026, i.e. 2026-27). */
export function currentSeason(ms: number): number {
  const date = new Date(ms);
  return date.getUTCMonth() >= 7 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
}

/**
 * Where a league's file of a season is upstream: `<code>-full.json` (line-ups, substitutions, bookings, goals with
 * minutes, referee, ground; published beside the plain file from 2025-26 on) or the plain `<code>.json`.
 */
export function leagueUrl(baseUrl: string, season: number, code: string, file: 'full' | 'plain' = 'plain'): string {
  return `${baseUrl.replace(/\/+$/, '')}/${seasonName(season)}/${code}${file === 'full' ? '-full' : ''}.json`;
}

function label(match: ImportedMatch): string {
  return `${match.home.name} v ${match.away.name}`;
}

/** Changed results listed in a run's report and log line at most. */
const LISTED_CHANGES = 20;

/** Validators longer than their sync_state columns are not kept (the next request is unconditional, never refused). */
function storable(validators: Validators): Validators {
  return {
    etag: validators.etag !== null && validators.etag.length <= 255 ? validators.etag : null,
    lastModified: validators.lastModified !== null && validators.lastModified.length <= 64 ? validators.lastModified : null,
  };
}

/** "1 result changed: Liverpool v Bournemouth 4-2 → 4-3". */
function changedSummary(changes: readonly string[], count: number): string {
  return `${count} result${count === 1 ? '' : 's'} changed: ${changes.join(', ')}${count > changes.length ? ', ...' : ''}`;
}

/** A file refused by a plausibility check: nothing of it is written. */
class ImplausibleFile extends Error {}

export interface FootballJsonSync {
  /** Runs every league once now (after a run in progress, if any) and answers what each did. */
  run(): Promise<SyncLeagueRun[]>;
  /** Each chosen league's standing (settings included). */
  status(): Promise<SyncStatusReply>;
  /** Runs now and then every interval; stop() ends the timer and waits for a run in progress. */
  start(): void;
  stop(): Promise<void>;
}

export function createFootballJsonSync(db: Knex, options: SyncOptions): FootballJsonSync {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silent;
  const stopping = new AbortController();
  const fetchOptions: FetchOptions = {
    timeoutMs: options.timeoutMs ?? DEFAULT_SYNC_TIMEOUT_MS,
    retries: options.retries ?? DEFAULT_SYNC_RETRIES,
    backoffMs: options.backoffMs ?? DEFAULT_SYNC_BACKOFF_MS,
    signal: stopping.signal,
    maxBytes: options.maxBytes,
    // a redirect may stay on the base URL's host (a mirror) or go where raw.githubusercontent.com sends files
    redirects: { hosts: [...REDIRECT_HOSTS, new URL(options.baseUrl).hostname], testOrigins: options.testOrigins ?? [] },
  };
  const season = () => options.season ?? currentSeason(now());
  /** The timer of start(): a run now, then one every intervalMs. */
  let loop: TimerLoop | undefined;
  let running: Promise<SyncLeagueRun[]> | null = null;
  let queued: Promise<SyncLeagueRun[]> | null = null;

  /** One league's run and what it did; null when the service stopped during it (nothing recorded). */
  const syncLeague = async (code: string, states: Map<string, LeagueState>, replay: boolean): Promise<SyncLeagueRun | null> => {
    const league = footballJsonLeague(code);
    const year = season();
    // the -full file first; the plain one when upstream has no -full file of the league (404). The run's URL is the
    // one it read (or last asked): its validators go with it.
    const fullUrl = leagueUrl(options.baseUrl, year, code, 'full');
    const plainUrl = leagueUrl(options.baseUrl, year, code);
    const previous = states.get(code);
    let url = previous?.url === plainUrl ? plainUrl : fullUrl;
    const report: SyncLeagueRun = {
      code,
      leagueId: league?.leagueId ?? null,
      season: seasonName(year),
      url,
      outcome: 'failed',
      resultsAdded: 0,
      kickoffsMoved: 0,
      fixturesNew: 0,
      missingUpstream: 0,
      resultsWithdrawn: 0,
      resultsChanged: 0,
      changedResults: [],
      error: null,
      at: '',
    };
    const state: LeagueState = {
      url,
      // the validators belong to the file they came with: a new season's file is asked for unconditionally
      validators: previous && previous.url === url ? previous.validators : { etag: null, lastModified: null },
      lastRunAt: null,
      lastChangeAt: previous?.lastChangeAt ?? null,
      lastError: previous?.lastError ?? null,
      lastErrorAt: previous?.lastErrorAt ?? null,
      lastRun: null,
    };
    // one instant per run: a change or an error is dated with the run that met it
    let changed = false;
    let failed = false;
    try {
      if (!league) throw new FootballJsonError(`unknown league code "${code}"`);
      // a replay's kick-offs are shifted onto today: real fixtures written among them would be neither
      if (replay) throw new FootballJsonError(`${url}: not read, the database serves a replay (the sync follows imported data only)`);
      // validators only while the copy they describe is stored: a database emptied since (or replaced) reads the file again
      const held = (await storedSeason(db, FOOTBALL_JSON_SOURCE, league.leagueId, year)).linked.size > 0;
      const ask = (file: string) => {
        const validators = previous?.url === file && held ? previous.validators : null;
        return fetchConditional(file, validators && (validators.etag || validators.lastModified) ? validators : null, fetchOptions);
      };
      let fetched: Awaited<ReturnType<typeof fetchConditional>>;
      try {
        url = fullUrl;
        fetched = await ask(fullUrl);
      } catch (error) {
        if (!(error instanceof FetchError && error.status === 404)) throw error;
        url = plainUrl;
        fetched = await ask(plainUrl);
      }
      report.url = url;
      state.url = url;
      state.validators = previous && previous.url === url ? previous.validators : { etag: null, lastModified: null };
      if (fetched.status === 'unchanged') {
        report.outcome = 'unchanged';
      } else {
        let parsed: FootballJsonParse;
        try {
          parsed = parseFootballJson(fetched.body, { code, season: year, file: url });
        } catch (error) {
          throw new FootballJsonError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
        }
        // the whole file is checked before anything of it is written (plausibility.ts)
        const before = await storedSeason(db, FOOTBALL_JSON_SOURCE, league.leagueId, year);
        const fileMatches = parsed.matches.map((m) => ({ home: m.home.name, away: m.away.name, kickoffAt: m.kickoffAt, round: m.round }));
        const clubs = fileClubs(fileMatches);
        const known = await teamsBySpelling(db, clubs);
        const newClubs = clubs.filter((name) => !before.clubs.has(known.get(name) ?? -1));
        const problem =
          fileProblem(fileMatches, parsed.badScores, league.shape, year) ?? newClubsProblem(newClubs, before.clubs.size, league.shape);
        if (problem) throw new ImplausibleFile(`${url}: refused, nothing written: ${problem}`);

        const summary = await saveMatches(db, parsed.matches);
        // a -full file's line-ups, substitutions and cards, each match's replaced as a whole
        if (parsed.playerMatches.length > 0 || parsed.lineupMatches.length > 0) {
          const lines = await savePlayerMatches(db, parsed.playerMatches, { replacing: parsed.lineupMatches });
          summary.problems.push(...lines.problems);
        }
        const after = await storedSeason(db, FOOTBALL_JSON_SOURCE, league.leagueId, year);
        const diff = diffSeason(
          before,
          after,
          parsed.matches.map((m) => ({ externalId: m.externalId, label: label(m), hasResult: Boolean(m.goals) })),
        );
        const missing = diff.missingUpstream;
        const withdrawn = diff.resultsWithdrawn;
        report.outcome = 'fetched';
        report.fixturesNew = summary.created;
        report.resultsAdded = diff.resultsAdded;
        report.kickoffsMoved = diff.kickoffsMoved;
        report.resultsChanged = diff.changedResults.length;
        report.changedResults = diff.changedResults.slice(0, LISTED_CHANGES).map((change) => clip(change));
        report.missingUpstream = missing.length;
        report.resultsWithdrawn = withdrawn.length;
        const problems = [...parsed.problems, ...summary.problems];
        if (missing.length > 0 || withdrawn.length > 0 || problems.length > 0) {
          logger.warn(
            {
              code,
              url,
              missingUpstream: missing.slice(0, 20).map((id) => clip(id)),
              resultsWithdrawn: withdrawn.slice(0, 20).map((m) => clip(m)),
              problems: problems.slice(0, 20).map((p) => ({ ...p, message: clip(p.message) })),
            },
            `sync ${code}: kept ${missing.length} match(es) upstream no longer lists and ${withdrawn.length} result(s) it shows unplayed; ${problems.length} match(es) not read`,
          );
        }
        state.validators = storable(fetched.validators);
        changed = summary.created + summary.updated > 0;
      }
      logger.info(
        {
          code,
          season: report.season,
          url,
          outcome: report.outcome,
          resultsAdded: report.resultsAdded,
          kickoffsMoved: report.kickoffsMoved,
          fixturesNew: report.fixturesNew,
          resultsChanged: report.changedResults,
        },
        `sync ${code}: ${report.outcome}, ${report.resultsAdded} results added, ${report.kickoffsMoved} kick-offs moved, ${report.fixturesNew} fixtures new` +
          (report.resultsChanged > 0 ? `; ${changedSummary(report.changedResults, report.resultsChanged)}` : ''),
      );
    } catch (error) {
      // the service is stopping: the run ends here, recording nothing (the league's last error stays what it was)
      if (error instanceof FetchStopped || stopping.signal.aborted) return null;
      // upstream text in the message (a name, a parser's quote) is cut: it goes to the log and sync_state
      const message = clip(
        error instanceof FetchError || error instanceof FootballJsonError || error instanceof ImplausibleFile
          ? error.message
          : `${url}: ${String(error instanceof Error ? error.message : error)}`,
        500,
      );
      report.outcome = 'failed';
      report.error = message;
      // the validators of the last good copy stay, with the file they came with: the next run asks against it
      state.url = previous?.url ?? url;
      state.validators = previous?.validators ?? { etag: null, lastModified: null };
      state.lastError = message;
      failed = true;
      logger.error({ code, season: report.season, url }, `sync ${code}: failed, nothing written: ${message}`);
    }
    const at = now();
    report.at = new Date(at).toISOString();
    state.lastRunAt = at;
    if (changed) state.lastChangeAt = at;
    if (failed) state.lastErrorAt = at;
    state.lastRun = report;
    await writeState(db, FOOTBALL_JSON_SOURCE, code, state);
    return report;
  };

  const runOnce = async (): Promise<SyncLeagueRun[]> => {
    const reports: SyncLeagueRun[] = [];
    // a run queued behind the one the stop ended, and the leagues after it, do not start
    if (stopping.signal.aborted) return reports;
    const states = await readStates(db, FOOTBALL_JSON_SOURCE);
    const replay = (await replayInfo(db)) !== null;
    // one league after another: one file in flight, and the store's transactions never overlap
    for (const code of options.codes) {
      if (stopping.signal.aborted) break;
      const report = await syncLeague(code, states, replay);
      if (report) reports.push(report);
    }
    return reports;
  };

  const run = (): Promise<SyncLeagueRun[]> => {
    if (!running) {
      running = runOnce().finally(() => {
        running = null;
      });
      return running;
    }
    // a run asked for during one: one more run after it, shared by everyone who asks meanwhile
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return run();
      });
    return queued;
  };

  return {
    run,
    async status() {
      const states = await readStates(db, FOOTBALL_JSON_SOURCE);
      const year = season();
      const leagues = options.codes.map((code): SyncLeagueStatus => {
        const league = footballJsonLeague(code);
        const state = states.get(code);
        const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
        return {
          code,
          leagueId: league?.leagueId ?? null,
          leagueName: (league && (catalogueLeague(league.leagueId)?.name ?? league.league?.name)) ?? code,
          season: seasonName(year),
          // the file last asked for this season (its -full file, or the plain one where it has none)
          url: state?.url?.includes(`/${seasonName(year)}/`) ? state.url : leagueUrl(options.baseUrl, year, code, 'full'),
          lastRunAt: iso(state?.lastRunAt),
          lastChangeAt: iso(state?.lastChangeAt),
          lastError: state?.lastError ?? null,
          lastErrorAt: iso(state?.lastErrorAt),
          lastRun: state?.lastRun ?? null,
        };
      });
      return {
        enabled: options.codes.length > 0,
        intervalSeconds: Math.round(options.intervalMs / 1000),
        baseUrl: options.baseUrl,
        leagues,
      };
    },
    start() {
      if (options.codes.length === 0 || loop || stopping.signal.aborted) return;
      loop = startTimerLoop(() => run().then(() => undefined), {
        waitMs: options.intervalMs,
        onError: (error) => logger.error({ err: error }, 'sync: run failed'),
      });
    },
    async stop() {
      stopping.abort();
      await loop?.stop();
      await (queued ?? running)?.catch(() => undefined);
    },
  };
}
