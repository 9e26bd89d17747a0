import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemoteStatus } from '@matchday/contracts';
import { availableVersions, isRemoteName } from './versions';

export const STATE_FILE = 'remotes.json';
/** The hand-edited pins of the first release ({"mf-stats": "0.1.0"}), read while no state file exists. */
export const LEGACY_PINS_FILE = 'remote-pins.json';

export type RemoteAction = 'deploy' | 'rollback' | 'roll-forward';

export interface RemoteChange {
  at: string;
  remote: RemoteName;
  action: RemoteAction;
  from: string | null;
  to: string;
  /** "cli" or "admin:<e-mail>". */
  by: string;
}

export interface RemoteState {
  /** The chosen version per remote; a remote not listed serves its newest built version. */
  live: Partial<Record<RemoteName, { version: string; changedAt: string }>>;
  /** The latest changes, newest last. */
  history: RemoteChange[];
}

export function emptyState(): RemoteState {
  return { live: {}, history: [] };
}

function legacyPins(dataDir: string): RemoteState {
  const state = emptyState();
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dataDir, LEGACY_PINS_FILE), 'utf8'));
    if (!parsed || typeof parsed !== 'object') return state;
    for (const [name, version] of Object.entries(parsed as Record<string, unknown>)) {
      if (isRemoteName(name) && typeof version === 'string') state.live[name] = { version, changedAt: '' };
    }
  } catch {
    // no pins file (or an unreadable one): every remote serves its newest version
  }
  return state;
}

/** The file store's state: DATA_DIR/remotes.json, else the legacy pins file, else nothing chosen. */
export function readRemoteState(dataDir: string): RemoteState {
  try {
    return parseState(fs.readFileSync(path.join(dataDir, STATE_FILE), 'utf8'));
  } catch {
    return legacyPins(dataDir);
  }
}

/** The version each remote serves: the chosen one while it is still on disk, else the newest built. */
export function liveVersion(available: string[], state: RemoteState, name: RemoteName): string | null {
  const chosen = state.live[name]?.version;
  return chosen && available.includes(chosen) ? chosen : (available[0] ?? null);
}

export function remoteStatus(frontendRoot: string, name: RemoteName, state: RemoteState): RemoteStatus {
  const available = availableVersions(frontendRoot, name);
  const live = liveVersion(available, state, name);
  const index = live ? available.indexOf(live) : -1;
  const chosen = state.live[name];
  return {
    name,
    live,
    available,
    previous: index >= 0 ? (available[index + 1] ?? null) : null,
    next: index > 0 ? (available[index - 1] ?? null) : null,
    changedAt: chosen && chosen.version === live && chosen.changedAt ? chosen.changedAt : null,
  };
}

export function remoteStatuses(frontendRoot: string, state: RemoteState): RemoteStatus[] {
  return REMOTE_NAMES.map((name) => remoteStatus(frontendRoot, name, state));
}

/** Where the state is kept; `update` runs one change at a time over every process that shares the store. */
export interface RemoteStateStore {
  /** For people: the file or the database. */
  readonly where: string;
  read(): Promise<RemoteState>;
  /** Reads the state under the store's lock, lets `change` edit it in place, and saves it when `change` says so. */
  update<T>(change: (state: RemoteState) => { save: boolean; result: T }): Promise<T>;
  close(): Promise<void>;
}

/** A stored state (file or row); a damaged one must not take the site down: the newest versions serve until the next change. */
export function parseState(text: string): RemoteState {
  const state = emptyState();
  try {
    const parsed = JSON.parse(text) as Partial<RemoteState>;
    for (const [name, entry] of Object.entries(parsed.live ?? {})) {
      if (isRemoteName(name) && entry && typeof entry.version === 'string')
        state.live[name] = { version: entry.version, changedAt: String(entry.changedAt ?? '') };
    }
    state.history = Array.isArray(parsed.history) ? parsed.history : [];
  } catch {
    // serve the newest versions until the next change rewrites it
  }
  return state;
}
