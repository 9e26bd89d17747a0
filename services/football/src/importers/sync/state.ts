import type { SyncLeagueRun } from '@matchday/contracts';
import type { Knex } from '@matchday/server';
import type { Validators } from './fetch';

/** The sync's memory per league (table sync_state, migration 20261128s). */

export interface SyncStateRow {
  source: string;
  code: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  last_run_at: number | string | null;
  last_change_at: number | string | null;
  last_error: string | null;
  last_error_at: number | string | null;
  last_run: string | null;
}

export interface LeagueState {
  url: string;
  validators: Validators;
  lastRunAt: number | null;
  lastChangeAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  lastRun: SyncLeagueRun | null;
}

const epoch = (value: number | string | null): number | null => (value === null || value === undefined ? null : Number(value));

function parseRun(value: string | null): SyncLeagueRun | null {
  if (!value) return null;
  try {
    const run = JSON.parse(value) as Partial<SyncLeagueRun> & Omit<SyncLeagueRun, 'resultsChanged' | 'changedResults'>;
    // a run stored before changed results were reported has none
    return { ...run, resultsChanged: run.resultsChanged ?? 0, changedResults: run.changedResults ?? [] };
  } catch {
    return null;
  }
}

export async function readStates(db: Knex, source: string): Promise<Map<string, LeagueState>> {
  const rows = (await db('sync_state').where({ source }).select('*')) as SyncStateRow[];
  return new Map(
    rows.map((row) => [
      row.code,
      {
        url: row.url,
        validators: { etag: row.etag, lastModified: row.last_modified },
        lastRunAt: epoch(row.last_run_at),
        lastChangeAt: epoch(row.last_change_at),
        lastError: row.last_error,
        lastErrorAt: epoch(row.last_error_at),
        lastRun: parseRun(row.last_run),
      },
    ]),
  );
}

/** Stores a league's state after a run (the row is created on its first run). */
export async function writeState(db: Knex, source: string, code: string, state: LeagueState): Promise<void> {
  const row = {
    url: state.url,
    etag: state.validators.etag,
    last_modified: state.validators.lastModified,
    last_run_at: state.lastRunAt,
    last_change_at: state.lastChangeAt,
    last_error: state.lastError,
    last_error_at: state.lastErrorAt,
    last_run: state.lastRun ? JSON.stringify(state.lastRun) : null,
  };
  await db.transaction(async (trx) => {
    const updated = await trx('sync_state').where({ source, code }).update(row);
    if (updated === 0) await trx('sync_state').insert({ source, code, ...row });
  });
}
