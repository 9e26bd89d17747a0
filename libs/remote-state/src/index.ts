/**
 * `@matchday/remote-state`: which version of each remote is live, shared by the deploy / rollback CLI and the gateway (its manifest and
 * the admin Remotes panel). It lives where the gateway's sessions live: in the gateway's database when that is a
 * server database (GATEWAY_DATABASE_URL or DATABASE_URL: every gateway and every host's CLI see one state), else
 * in one small JSON file in DATA_DIR (the single-host default). The gateway reads it at every manifest request,
 * so a change needs no restart. Version directories are never touched here: a rollback only points the state
 * at another directory that is already on disk.
 */

export { RemoteStateError } from './errors';
export { availableVersions, compareVersions, isRemoteName, parseRemoteName, VERSION_PATTERN } from './versions';
export {
  LEGACY_PINS_FILE,
  liveVersion,
  readRemoteState,
  remoteStatus,
  remoteStatuses,
  STATE_FILE,
  type RemoteAction,
  type RemoteChange,
  type RemoteState,
  type RemoteStateStore,
} from './state';
export { FileRemoteStateStore } from './file-store';
export { DatabaseRemoteStateStore, openRemoteStateStore, remoteStateMigrations } from './database-store';
export { sharedApiProblem } from './shared-api';
export { rollback, rollForward, setLiveVersion, type ChangeResult } from './changes';
