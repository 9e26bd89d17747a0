import { containerName, type RemoteName } from '@matchday/contracts';

/**
 * The rules by which an open shell picks up a newly deployed (or rolled back) remote: pure, so that
 * jest checks them; registry.ts applies them to the Module Federation runtime.
 */

/** An area entered later than this after the last read of /mf-manifest.json reads it again first. */
export const MANIFEST_MAX_AGE_MS = 30_000;

/** How long entering an area waits for that re-read before it goes on with the versions it knows. */
export const MANIFEST_REFRESH_TIMEOUT_MS = 3_000;

/** Whether the manifest read at `readAt` (ms on the same clock as `now`; null: never read) is due again. */
export function manifestIsStale(readAt: number | null, now: number): boolean {
  return readAt === null || now - readAt >= MANIFEST_MAX_AGE_MS;
}

/**
 * What entering an area must do with the runtime before loading the remote:
 * - `keep`: the registered entry is the live one;
 * - `register`: not registered yet;
 * - `retry`: same entry after a failure (a failed entry is not cached: register it again);
 * - `replace`: another version is live: drop the old container and its chunk state, then register.
 */
export type Registration = 'keep' | 'register' | 'retry' | 'replace';

export function registrationFor(registeredEntry: string | undefined, liveEntry: string, attempt: number): Registration {
  if (registeredEntry === undefined) return 'register';
  if (registeredEntry !== liveEntry) return 'replace';
  return attempt > 0 ? 'retry' : 'keep';
}

/**
 * The global array through which a remote's lazy chunks hand their modules to its webpack runtime
 * (webpack's default `output.chunkLoadingGlobal`: "webpackChunk" + `output.uniqueName`, which
 * libs/config sets to the container name). Every version of a remote shares it, and a new runtime
 * first adopts every chunk already in it, marking those chunk ids installed: deterministic ids are
 * equal across versions, so the new version would run the old version's modules. A replaced remote
 * therefore starts with a fresh array (the old runtime keeps its own reference to the old one).
 */
export function chunkLoadingGlobal(name: RemoteName): string {
  return `webpackChunk${containerName(name)}`;
}
