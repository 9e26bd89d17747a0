import type { RemoteName, RemoteStatus } from '@matchday/contracts';
import { RemoteStateError } from './errors';
import { sharedApiProblem } from './shared-api';
import { remoteStatus, type RemoteAction, type RemoteStateStore } from './state';
import { compareVersions, VERSION_PATTERN } from './versions';

const HISTORY_LENGTH = 100;

export interface ChangeResult {
  /** One line for people: what changed, or why nothing did. */
  message: string;
  changed: boolean;
  remote: RemoteStatus;
}

/**
 * Makes `version` live for `name` (it must be built on disk and fit the served shell: sharedApiProblem). The one
 * place every deploy, rollback and roll forward ends, whether it comes from the CLI or the admin panel.
 */
export async function setLiveVersion(
  frontendRoot: string,
  store: RemoteStateStore,
  name: RemoteName,
  version: string,
  action: RemoteAction,
  by: string,
  /** A deploy says what was live before its build appeared on disk (it is the newest built from then on). */
  liveBefore?: string | null,
): Promise<ChangeResult> {
  return store.update<ChangeResult>((state) => {
    const before = remoteStatus(frontendRoot, name, state);
    if (!before.available.includes(version)) {
      throw new RemoteStateError(
        before.available.length
          ? `${name} has no version "${version}". Available: ${before.available.join(', ')}.`
          : `${name} has no built version: deploy it first (npm run deploy -- ${name}).`,
        404,
      );
    }
    const problem = sharedApiProblem(frontendRoot, name, version);
    if (problem) throw new RemoteStateError(`${problem} Nothing changed.`, 409);
    // A deploy is always recorded (its version may be live already only as the newest built).
    if (before.live === version && action !== 'deploy') {
      return { save: false, result: { message: `${name} ${version} is already live; nothing changed.`, changed: false, remote: before } };
    }
    const at = new Date().toISOString();
    const from = liveBefore === undefined ? before.live : liveBefore;
    state.live[name] = { version, changedAt: at };
    state.history = [...state.history, { at, remote: name, action, from, to: version, by }].slice(-HISTORY_LENGTH);
    const verb = action === 'deploy' ? 'deployed' : action === 'rollback' ? 'rolled back' : 'rolled forward';
    return {
      save: true,
      result: {
        message: `${name} ${verb}: ${version} is live (was ${from ?? 'none'}).`,
        changed: true,
        remote: remoteStatus(frontendRoot, name, state),
      },
    };
  });
}

/** Makes the next older version live, or `to` when given (any built version). */
export async function rollback(
  frontendRoot: string,
  store: RemoteStateStore,
  name: RemoteName,
  options: { to?: string; by: string },
): Promise<ChangeResult> {
  const current = remoteStatus(frontendRoot, name, await store.read());
  if (options.to !== undefined) {
    if (!VERSION_PATTERN.test(options.to)) throw new RemoteStateError(`"${options.to}" is not a version (for example 0.1.0).`, 400);
    const action = current.live && compareVersions(options.to, current.live) > 0 ? 'roll-forward' : 'rollback';
    return setLiveVersion(frontendRoot, store, name, options.to, action, options.by);
  }
  if (!current.live) throw new RemoteStateError(`${name} has no built version: deploy it first (npm run deploy -- ${name}).`, 404);
  if (!current.previous)
    throw new RemoteStateError(`${name} is at its oldest version (${current.live}): there is nothing to roll back to.`, 409);
  return setLiveVersion(frontendRoot, store, name, current.previous, 'rollback', options.by);
}

/** Makes the next newer version live (after a rollback). */
export async function rollForward(
  frontendRoot: string,
  store: RemoteStateStore,
  name: RemoteName,
  options: { by: string },
): Promise<ChangeResult> {
  const current = remoteStatus(frontendRoot, name, await store.read());
  if (!current.live) throw new RemoteStateError(`${name} has no built version: deploy it first (npm run deploy -- ${name}).`, 404);
  if (!current.next)
    throw new RemoteStateError(`${name} is at its newest version (${current.live}): there is nothing to roll forward to.`, 409);
  return setLiveVersion(frontendRoot, store, name, current.next, 'roll-forward', options.by);
}
