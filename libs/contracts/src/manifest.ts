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

/** Written beside each frontend build (libs/config's SharedApiPlugin); read by the live-version check. */
export const SHARED_API_MANIFEST = 'shared-api.json';

/** The shared singletons whose exports are ours (the UI kit) or cut down by a facade (libs/config shared.ts). */
export const CHECKED_SHARED = ['@matchday/ui', '@matchday/ui/live', 'react-router-dom', '@reduxjs/toolkit', 'react-redux'] as const;

/** Written beside each build's output (libs/config's InitialFilesPlugin); read by the size budget of `npm test`. */
export const INITIAL_FILES_MANIFEST = 'initial-files.json';

export interface InitialFilesManifest {
  /** The JavaScript files, relative to the build's output directory, that the first screen loads. */
  initial: string[];
}

/** Answers and build outputs smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Build outputs that have precompressed `.br` and `.gz` siblings (written after webpack by scripts/lib/build.ts, for
 * `npm run build` and `npm run deploy` alike); the gateway sends the sibling the client accepts, br before gzip, and
 * the file itself otherwise.
 */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest'];

/**
 * The names a build takes from (and, for the shell, gives to) the shared singletons whose exports are ours to
 * choose: the UI kit and the facades of react-router-dom, Redux Toolkit and React Redux. The runtime hands a remote
 * the shell's copy, so a remote that needs a name the shell's copy lacks would get `undefined`.
 */
export interface SharedApiManifest {
  /** Module -> names imported from it ("*" for a namespace use). */
  uses: Record<string, string[]>;
  /** The shell only: module -> every name its copy exports. */
  provides?: Record<string, string[]>;
}

/**
 * What `remote` needs that `shell` does not provide, as "module: name" (empty when it needs nothing more). A name
 * the shell's build could not list (an unknown export shape) is taken as provided.
 */
export function missingSharedNames(remote: SharedApiManifest, shell: SharedApiManifest): string[] {
  const missing: string[] = [];
  for (const [module, names] of Object.entries(remote.uses)) {
    const provided = shell.provides?.[module];
    if (!provided) continue;
    for (const name of names) if (name !== '*' && !provided.includes(name)) missing.push(`${module}: ${name}`);
  }
  return missing.sort();
}
