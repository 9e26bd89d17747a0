import { spawnSync } from 'node:child_process';

/**
 * Files that must never be in the repository: databases (and their WAL/SHM files), keys, certificates and
 * secrets. A development DATA_DIR (.data*) holds all of them, so it is listed too.
 */
const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/(^|\/)\.data[^/]*\//, 'a data directory (DATA_DIR)'],
  [/\.(sqlite3?|db)(-wal|-shm|-journal)?$/i, 'a database file'],
  [/(^|\/)[^/]*secret[^/]*$/i, 'a secret'],
  [/\.(pem|key|p12|pfx|jks)$/i, 'a key or certificate'],
  [/(^|\/)id_(rsa|ecdsa|ed25519)$/, 'an SSH key'],
  [/(^|\/)\.env(\.[^/]*)?$/, 'an environment file'],
  [/(^|\/)vapid[^/]*\.json$/i, 'Web Push keys'],
];

/** Why a tracked path is forbidden, or null when it may be tracked. Source files about secrets (*.ts) are fine. */
export function forbiddenReason(file: string): string | null {
  if (/\.(ts|tsx|js|mjs|md)$/.test(file)) return null;
  for (const [pattern, reason] of FORBIDDEN) if (pattern.test(file)) return reason;
  return null;
}

/** The tracked files (git ls-files) that are forbidden, with the reason; throws when git cannot list them. */
export function forbiddenTrackedFiles(cwd: string): string[] {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd, encoding: 'utf8' });
  if (listed.status !== 0)
    throw new Error(`git ls-files failed (${listed.stderr.trim() || listed.status}): run the tests from a git checkout`);
  return listed.stdout
    .split('\0')
    .filter(Boolean)
    .flatMap((file) => {
      const reason = forbiddenReason(file);
      return reason ? [`${file}: ${reason}`] : [];
    });
}
