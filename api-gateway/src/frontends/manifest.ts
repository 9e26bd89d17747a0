import type { RemoteManifest } from '@matchday/contracts';
import { remoteStatuses } from './remote-state';

// The version rules and the shared live-version state live in remote-state.ts (the deploy CLI uses them too).
export { availableVersions, compareVersions, VERSION_PATTERN } from './remote-state';

/**
 * The map the shell reads at boot: each remote's live version (chosen by `npm run deploy` / `rollback`
 * or the admin panel, in DATA_DIR/remotes.json; else the newest built) and its entry URL. Read at every
 * request, so a deploy or rollback needs no restart. Nothing about remote URLs is baked into the shell.
 */
export function buildManifest(frontendRoot: string, dataDir: string): RemoteManifest {
  const remotes = {} as RemoteManifest['remotes'];
  for (const { name, live, available } of remoteStatuses(frontendRoot, dataDir)) {
    remotes[name] = live ? { version: live, entry: `/remotes/${name}/${live}/remoteEntry.js`, available } : null;
  }
  return { remotes };
}
