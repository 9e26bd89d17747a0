/**
 * The keyless sync of a real install (services/football/src/importers/sync): each chosen league's file of
 * openfootball's football.json, read on an interval and on an administrator's demand.
 */

/** What one run did for one league. */
export interface SyncLeagueRun {
  /** The upstream's league code ("en.1"). */
  code: string;
  /** The league's id here (39 for en.1); null when the code is unknown. */
  leagueId: number | null;
  /** "2025-26". */
  season: string;
  url: string;
  /** fetched: a new file was read and stored; unchanged: the upstream answered 304; failed: nothing was written. */
  outcome: 'fetched' | 'unchanged' | 'failed';
  resultsAdded: number;
  kickoffsMoved: number;
  fixturesNew: number;
  /** Matches stored from an earlier file that the upstream no longer lists (kept). */
  missingUpstream: number;
  /** Results stored that the upstream now shows unplayed (kept). */
  resultsWithdrawn: number;
  /** Finished matches whose result the file changed (applied: the file passed every check). */
  resultsChanged: number;
  /** Those changes, "Liverpool v Bournemouth 4-2 → 4-3" (the first 20). */
  changedResults: string[];
  /** Why the run failed (with the URL; a file refused names the check it failed). */
  error: string | null;
  /** When the run ended (ISO 8601). */
  at: string;
}

/** POST /api/admin/sync (admins): runs the sync now and answers once it has finished. */
export interface SyncRunReply {
  leagues: SyncLeagueRun[];
}

/** One league's standing in the sync, as the admin dashboard shows it. */
export interface SyncLeagueStatus {
  code: string;
  leagueId: number | null;
  leagueName: string;
  season: string;
  url: string;
  /** ISO 8601 times; null: never. */
  lastRunAt: string | null;
  /** The last run that stored a change (a result, a moved kick-off, a new match). */
  lastChangeAt: string | null;
  /** The latest error of any run (kept after later good runs; `lastRun.outcome` tells whether the last run failed). */
  lastError: string | null;
  lastErrorAt: string | null;
  /** What the last run did, when there was one since the service started or stored. */
  lastRun: SyncLeagueRun | null;
}

/** GET /api/admin/sync (admins): the sync's settings and each chosen league's standing. */
export interface SyncStatusReply {
  /** False when SYNC_FOOTBALL_JSON names no league. */
  enabled: boolean;
  intervalSeconds: number;
  baseUrl: string;
  leagues: SyncLeagueStatus[];
}
