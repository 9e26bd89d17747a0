import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { RemoteStateError } from './errors';
import { LEGACY_PINS_FILE, readRemoteState, STATE_FILE, type RemoteState, type RemoteStateStore } from './state';

/* ---- The file store: one writer at a time (a lock directory), and the file replaced in one rename. ---- */

const LOCK_WAIT_MS = 3000;
const LOCK_STALE_MS = 30_000;

function busy(): RemoteStateError {
  return new RemoteStateError('Another deploy or rollback is changing the remotes: try again in a moment.', 409);
}

/** Waits for the lock without blocking the event loop (the gateway calls this from a request). */
async function withStateLock<T>(dataDir: string, work: () => T): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = path.join(dataDir, `${STATE_FILE}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a process that died mid-change is taken over.
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) throw busy();
      await delay(25);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function writeState(dataDir: string, state: RemoteState): void {
  const file = path.join(dataDir, STATE_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(temporary, file);
  // The legacy pins now live in the state file; the old file is kept, renamed, for the record.
  const legacy = path.join(dataDir, LEGACY_PINS_FILE);
  if (fs.existsSync(legacy)) fs.renameSync(legacy, `${legacy}.migrated`);
}

/** DATA_DIR/remotes.json: one host's state (several hosts share it only on a shared volume). */
export class FileRemoteStateStore implements RemoteStateStore {
  constructor(private readonly dataDir: string) {}

  get where(): string {
    return path.join(this.dataDir, STATE_FILE);
  }

  read(): Promise<RemoteState> {
    return Promise.resolve(readRemoteState(this.dataDir));
  }

  update<T>(change: (state: RemoteState) => { save: boolean; result: T }): Promise<T> {
    return withStateLock(this.dataDir, () => {
      const state = readRemoteState(this.dataDir);
      const { save, result } = change(state);
      if (save) writeState(this.dataDir, state);
      return result;
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
