import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseTarget, type Knex } from '@matchday/server';
import { migrations } from '../db/migrations';
import { sameDayOfSeason } from './default-replay';
import type { ReplayOptions } from './replay';
import { DAY, ReplayDateError, replayShiftMs } from './replay-shift';

/** A replay built before from the same inputs, served as it is (replay.ts prepareReplay). */

/** Bumped when what a replay writes from the same files changes: a replay an older version built is then rebuilt. */
const REPLAY_FORMAT = 2;

/** Size and modification time of a file, or of each file of a folder (one level), that an import argument names. */
function inputStamp(file: string): unknown {
  if (!fs.existsSync(file)) return null;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return [stat.size, stat.mtimeMs];
  return fs
    .readdirSync(file)
    .sort()
    .map((name) => {
      const inner = fs.statSync(path.join(file, name));
      return [name, inner.isDirectory() ? 'dir' : inner.size, inner.mtimeMs];
    });
}

/**
 * What a replay is built from: the import arguments with the size and modification time of every file they name, how
 * today is placed (`asOf`, `sameCalendarDay`), the football schema's migrations and the replay's format. Kept in
 * dataset_meta (`replay_inputs`) once the replay is written.
 */
export function replayInputs(args: readonly string[], env: NodeJS.ProcessEnv, options: ReplayOptions = {}): string {
  const cwd = env.INIT_CWD ?? process.cwd();
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      format: REPLAY_FORMAT,
      schema: Object.keys(migrations),
      args,
      asOf: options.asOf ?? null,
      sameDay: !!options.sameCalendarDay,
    }),
  );
  for (const arg of args) if (!arg.startsWith('-') && arg !== '+') hash.update(JSON.stringify([arg, inputStamp(path.resolve(cwd, arg))]));
  return hash.digest('hex');
}

/**
 * The days of the shift when the replay database `target` holds a replay completely built from the same inputs that
 * `now` would move by the same shift; else null. Nothing is written, and no database is created for it on SQLite. A bad
 * `asOf` throws ReplayDateError as a build would.
 */
export async function reusableReplay(target: DatabaseTarget, inputs: string, now: Date, options: ReplayOptions): Promise<number | null> {
  if (target.client === 'sqlite' && !fs.existsSync(target.location)) return null;
  let db: Knex | undefined;
  try {
    db = await openDatabase(target);
    if (!(await db.schema.hasTable('dataset_meta'))) return null;
    const rows = (await db('dataset_meta')
      .whereIn('key', ['replay_inputs', 'replay_first', 'replay_last', 'date_shift_days'])
      .select('key', 'value')) as Array<{ key: string; value: string }>;
    const meta = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    if (meta.replay_inputs !== inputs || !meta.replay_first || !meta.replay_last || meta.date_shift_days === undefined) return null;
    const first = new Date(meta.replay_first);
    const last = new Date(meta.replay_last);
    const asOf = options.asOf ?? (options.sameCalendarDay ? sameDayOfSeason(first, last, now) : undefined);
    const days = replayShiftMs(first, last, now, asOf) / DAY;
    return String(days) === meta.date_shift_days ? days : null;
  } catch (error) {
    if (error instanceof ReplayDateError) throw error;
    // a MySQL database that cannot be read is rebuilt
    return null;
  } finally {
    await db?.destroy();
  }
}
