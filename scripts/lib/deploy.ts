import fs from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@matchday/contracts';
import {
  availableVersions,
  remoteStatus,
  RemoteStateError,
  setLiveVersion,
  sharedApiProblem,
  type ChangeResult,
  type RemoteStateStore,
} from '@matchday/remote-state';
import { precompressDir } from './build';

/** Builds one remote from its sources into `outDir` with `version` compiled in; throws when the build fails. */
export type RemoteBuilder = (input: { name: RemoteName; sourceDir: string; outDir: string; version: string }) => Promise<void>;

/** The production webpack build of libs/config (the same configuration as `npm run build`), written to `outDir`. */
export const webpackBuilder: RemoteBuilder = async ({ sourceDir, outDir, version }) => {
  const [{ default: webpack }, { createWebpackConfig }] = await Promise.all([import('webpack'), import('@matchday/config')]);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const federation = (require(path.join(sourceDir, 'federation.config.ts')) as { default: import('@matchday/config').FederationConfig })
    .default;
  const config = createWebpackConfig(federation, { packageDir: sourceDir, version, production: true });
  config.output = { ...config.output, path: outDir };
  const stats = await new Promise<import('webpack').Stats>((resolve, reject) => {
    webpack(config, (error, result) => (error || !result ? reject(error ?? new Error('webpack gave no result')) : resolve(result)));
  });
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only').trim().split('\n').slice(0, 12).join('\n'));
  await precompressDir(outDir);
};

/** A new version name: the package version plus the UTC time of the deploy, e.g. 0.1.0+20261124.153012. */
export function deployVersion(packageVersion: string, now: Date, taken: readonly string[]): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '.').slice(0, 15);
  const base = `${packageVersion}+${stamp}`;
  let version = base;
  for (let n = 2; taken.includes(version); n += 1) version = `${base}-${n}`;
  return version;
}

export interface DeployOptions {
  name: RemoteName;
  /** Where the sources are (the checkout): <sourceRoot>/<name>/{package.json, federation.config.ts, src}. */
  sourceRoot: string;
  /** Where the gateway serves from (FRONTEND_ROOT): the build lands in <frontendRoot>/<name>/dist/<version>/. */
  frontendRoot: string;
  /** Where the live versions are (@matchday/remote-state). */
  store: RemoteStateStore;
  build?: RemoteBuilder;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface DeployResult extends ChangeResult {
  version: string;
  seconds: number;
}

/**
 * Builds one remote into a new version directory and makes it live. The build goes to a hidden staging
 * folder that the gateway never lists, and is renamed into place only once complete, so no request can
 * see half a version; existing version directories are never written. A failed build leaves nothing
 * behind and the live version unchanged.
 */
export async function deployRemote(options: DeployOptions): Promise<DeployResult> {
  const { name, sourceRoot, frontendRoot, store } = options;
  const build = options.build ?? webpackBuilder;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const sourceDir = path.join(sourceRoot, name);
  const packageJson = path.join(sourceDir, 'package.json');
  if (!fs.existsSync(packageJson)) throw new RemoteStateError(`${name}: no package.json at ${packageJson}.`);
  const { version: packageVersion } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string };
  const distDir = path.join(frontendRoot, name, 'dist');
  const before = remoteStatus(frontendRoot, name, await store.read());
  const version = deployVersion(packageVersion, now(), availableVersions(frontendRoot, name));
  const finalDir = path.join(distDir, version);
  if (fs.existsSync(finalDir)) throw new RemoteStateError(`${name} ${version} exists already; nothing changed.`, 409);
  const staging = path.join(distDir, `.staging-${version}-${process.pid}`);
  fs.mkdirSync(staging, { recursive: true });
  log(`Building ${name} ${version} (live: ${before.live ?? 'none'})...`);
  try {
    await build({ name, sourceDir, outDir: staging, version });
    if (!fs.existsSync(path.join(staging, 'remoteEntry.js'))) throw new Error('the build produced no remoteEntry.js');
    // checked before the version appears on disk: a remote with no chosen version serves its newest build
    const problem = sharedApiProblem(frontendRoot, name, version, staging);
    if (problem) throw new Error(problem);
    fs.writeFileSync(path.join(staging, 'build-info.json'), JSON.stringify({ name, version, buildTime: now().toISOString() }));
    fs.renameSync(staging, finalDir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new RemoteStateError(`Deploy of ${name} failed: ${reason}\nNothing changed: ${before.live ?? 'no version'} stays live.`);
  }
  const result = await setLiveVersion(frontendRoot, store, name, version, 'deploy', 'cli', before.live);
  return { ...result, version, seconds: (Date.now() - started) / 1000 };
}
