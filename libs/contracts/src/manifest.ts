export const REMOTE_NAMES = ['mf-fixtures', 'mf-stats', 'mf-tips', 'mf-account', 'mf-admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container name of a frontend package: "mf-stats" -> "mf_stats". */
export function containerName(packageName: string): string {
  return packageName.replace(/-/g, '_');
}

export interface RemoteManifestEntry {
  version: string;
  /** URL of the remote's remoteEntry.js, relative to the gateway origin. */
  entry: string;
  /** Versions present on the server, newest first (what a rollback can point at). */
  available: string[];
}

/** GET /mf-manifest.json */
export interface RemoteManifest {
  remotes: Record<RemoteName, RemoteManifestEntry | null>;
}

/** GET /version.json */
export interface VersionInfo {
  buildTime: string;
}

/** Props of the `./App` module every remote exposes: the shell's route table picks the screen. */
export interface RemoteAppProps {
  screen: string;
}
