import { startTimerLoop, type Knex } from '@matchday/server';
import type { ImportedMatch, ImportedMatchEvent, ImportedPlayerMatch } from './model';
import { saveLineups, saveMatchEvents, saveMatches, savePlayerMatches, type SaveSummary } from './store';
import { feedGrew } from '../lib/feed-signal';

/**
 * Results a replay holds back (table `held_results`): the import records of a match that has not been
 * played yet "now" (its events, its full record, its players' lines), kept in the source's own form until
 * the match clock reaches them (importers/live-clock.ts). Then `releaseDue` writes them through the same store functions an import uses, and deletes
 * them, in one transaction: the store is idempotent, so releasing twice changes nothing, and a crash
 * in between loses nothing. The read side never filters on "now": it only ever sees released rows.
 */

export type HeldBatch =
  | { kind: 'matches'; releaseMs: number; records: readonly ImportedMatch[] }
  | { kind: 'player-matches'; releaseMs: number; records: readonly ImportedPlayerMatch[] }
  | { kind: 'match-events'; releaseMs: number; records: readonly ImportedMatchEvent[] }
  /** A match's announced line-up (who starts), released at kick-off - 60 min. */
  | { kind: 'lineups'; releaseMs: number; records: readonly ImportedPlayerMatch[] };

const INSERT_BATCH = 100;

/** The order of the kinds released together in one tick. */
const KIND_ORDER: ReadonlyArray<HeldBatch['kind']> = ['lineups', 'match-events', 'matches', 'player-matches'];

/** Stores held batches in the given order (that order is the release order of batches due together). */
export async function holdResults(db: Knex, batches: readonly HeldBatch[]): Promise<void> {
  const rows = batches
    .filter((batch) => batch.records.length > 0)
    .map((batch) => ({ release_ms: batch.releaseMs, kind: batch.kind, payload: JSON.stringify(batch.records) }));
  await db.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await trx('held_results').insert(rows.slice(i, i + INSERT_BATCH));
  });
}

/** JSON turns kick-off and event times into strings: give them back as dates. */
function revive(key: string, value: unknown): unknown {
  return (key === 'kickoffAt' || key === 'at') && typeof value === 'string' ? new Date(value) : value;
}

export interface ReleaseSummary {
  /** held_results rows written and removed. */
  rows: number;
  matches: number;
  playerLines: number;
  events: number;
  /** Players named in released line-ups. */
  lineups: number;
  /** What the store reported as not stored. */
  problems: SaveSummary['problems'];
}

/** Writes every held batch due at `now` through the store, in the order it was held, then removes it. */
export async function releaseDue(db: Knex, now: Date): Promise<ReleaseSummary> {
  const summary: ReleaseSummary = { rows: 0, matches: 0, playerLines: 0, events: 0, lineups: 0, problems: [] };
  const due = (await db('held_results').where('release_ms', '<=', now.getTime()).orderBy('id').select('id', 'kind', 'payload')) as Array<{
    id: number;
    kind: string;
    payload: string;
  }>;
  if (due.length === 0) return summary;
  // Everything due goes out in three saves at most: the events (in time order), then the full records, then
  // the players' lines. A match's own order is kept (its events, then its record, then its players), and a
  // clock that jumps over a whole season releases in seconds rather than one save per held row.
  const rank = (kind: string) => KIND_ORDER.indexOf(kind as HeldBatch['kind']);
  due.sort((a, b) => rank(a.kind) - rank(b.kind) || Number(a.id) - Number(b.id));
  await db.transaction(async (trx) => {
    // Consecutive rows of one kind go to the store together (one save per kind and tick, in order).
    let index = 0;
    while (index < due.length) {
      const kind = due[index]!.kind;
      const records: unknown[] = [];
      while (index < due.length && due[index]!.kind === kind) {
        records.push(...(JSON.parse(due[index]!.payload, revive) as unknown[]));
        index += 1;
      }
      let saved: SaveSummary;
      if (kind === 'matches') {
        saved = await saveMatches(trx, records as ImportedMatch[]);
        summary.matches += records.length;
      } else if (kind === 'player-matches') {
        saved = await savePlayerMatches(trx, records as ImportedPlayerMatch[]);
        summary.playerLines += records.length;
      } else if (kind === 'lineups') {
        saved = await saveLineups(trx, records as ImportedPlayerMatch[]);
        summary.lineups += records.length;
      } else if (kind === 'match-events') {
        saved = await saveMatchEvents(trx, records as ImportedMatchEvent[]);
        summary.events += records.length;
      } else {
        throw new Error(`held_results: unknown kind "${kind}"`);
      }
      summary.problems.push(...saved.problems);
    }
    const ids = due.map((row) => Number(row.id));
    for (let i = 0; i < ids.length; i += 500)
      await trx('held_results')
        .whereIn('id', ids.slice(i, i + 500))
        .delete();
  });
  summary.rows = due.length;
  // committed: readers of the live feed waiting for news read the released events now
  if (summary.events > 0) feedGrew();
  return summary;
}

/** When the next held batch is due (epoch ms), or null when nothing is held. */
export async function nextRelease(db: Knex): Promise<number | null> {
  const [row] = (await db('held_results').min({ next: 'release_ms' })) as Array<{ next: unknown }>;
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

export interface ReleaserOptions {
  /** The clock (epoch ms); tests pass a fake one. */
  now?: () => number;
  /** Longest sleep between two looks at the clock (default 60 s; the clock may jump, e.g. a fake one). */
  maxWaitMs?: number;
  onRelease?: (summary: ReleaseSummary) => void;
  onError?: (error: unknown) => void;
}

export interface Releaser {
  /** Runs one release now (the timer keeps going). */
  tick(): Promise<ReleaseSummary>;
  /** Stops the timer and waits for a release in progress. */
  stop(): Promise<void>;
}

/**
 * The timer of a running football service: releases what is due at start (results that fell due while
 * it was stopped), then sleeps until the next held result is due (at most `maxWaitMs`), and stops
 * looking once nothing is held any more.
 */
export function startReleaser(db: Knex, options: ReleaserOptions = {}): Releaser {
  const now = options.now ?? Date.now;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  let chain: Promise<unknown> = Promise.resolve();

  const tick = (): Promise<ReleaseSummary> => {
    const run = chain.then(async () => {
      const summary = await releaseDue(db, new Date(now()));
      if (summary.rows > 0) options.onRelease?.(summary);
      return summary;
    });
    chain = run.catch(() => undefined);
    return run;
  };

  // releases what is due, then waits for the next held row (at most maxWaitMs); none left: the loop ends
  const loop = startTimerLoop(
    async (stopping) => {
      await tick();
      if (stopping.aborted) return null;
      const next = await nextRelease(db);
      if (next === null) return null;
      return Math.min(Math.max(next - now(), 10), maxWaitMs);
    },
    { waitMs: maxWaitMs, onError: (error) => options.onError?.(error) },
  );

  return {
    tick,
    async stop() {
      await loop.stop();
      await chain;
    },
  };
}
