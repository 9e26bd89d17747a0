import type { RemoteManifest } from '@matchday/contracts';
import { remoteStatuses, type RemoteStateStore } from '@matchday/remote-state';

// The version rules and the shared live-version state live in @matchday/remote-state (the deploy CLI uses them too).
export { availableVersions, compareVersions, VERSION_PATTERN } from '@matchday/remote-state';

/** Where the gateway itself serves every built version: /remotes/<name>/<version>/. */
export const LOCAL_REMOTES_BASE = '/remotes';

/**
 * The map the shell reads at boot: each remote's live version (chosen by `npm run deploy` / `rollback`
 * or the admin panel, in the remote-state store; else the newest built) and its entry URL. Read at every
 * request, so a deploy or rollback needs no restart. Nothing about remote URLs is baked into the shell.
 * `remotesBase` (REMOTES_BASE_URL, e.g. a CDN) holds the same <name>/<version>/ directories; entries are
 * then absolute URLs there, and remote chunks load from there too (remotes use publicPath 'auto').
 */
export async function buildManifest(
  frontendRoot: string,
  remoteState: RemoteStateStore,
  remotesBase: string = LOCAL_REMOTES_BASE,
): Promise<RemoteManifest> {
  const remotes = {} as RemoteManifest['remotes'];
  for (const { name, live, available } of remoteStatuses(frontendRoot, await remoteState.read())) {
    remotes[name] = live ? { version: live, entry: `${remotesBase}/${name}/${live}/remoteEntry.js`, available } : null;
  }
  return { remotes };
}
