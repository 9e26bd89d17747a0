import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { areaRouteOf, containerName, type RemoteManifest, type RemoteName } from '@matchday/contracts';
import type { RemoteAppProps } from '@matchday/contracts';
import { discardBody } from '@matchday/ui';
import { chunkLoadingGlobal, MANIFEST_REFRESH_TIMEOUT_MS, manifestIsStale, registrationFor } from './versions';

/** How long a remote entry may take before its area shows the fallback. */
export const REMOTE_TIMEOUT_MS = 10_000;

let manifest: RemoteManifest | null = null;
/** When /mf-manifest.json was last read (performance.now()), successfully or not. */
let manifestReadAt: number | null = null;
let refreshing: Promise<void> | null = null;
/** The entry URL each remote is registered with in the Module Federation runtime. */
const registered = new Map<RemoteName, string>();
/** The version of each registered entry: what an area shows, or will show when entered. */
const registeredVersions = new Map<RemoteName, string | null>();
/** Each remote's App once loaded, by the entry it came from. */
const loadedApps = new Map<string, ComponentType<RemoteAppProps>>();

/** Fired on window when an area took another version in place (a deploy or rollback picked up without a reload). */
export const REMOTE_REPLACED_EVENT = 'matchday:remote-replaced';

/** The versions the page runs (or will run on entering an area), for the update check; null without a manifest. */
export function registeredRemoteVersions(): Record<string, string | null> | null {
  return registeredVersions.size ? Object.fromEntries(registeredVersions) : null;
}

registerPlugins([
  {
    name: 'matchday-script-timeout',
    createScript({ url }: { url: string }) {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      return { script, timeout: REMOTE_TIMEOUT_MS };
    },
  },
]);

async function fetchManifest(signal?: AbortSignal): Promise<RemoteManifest> {
  const response = await fetch('/mf-manifest.json', { cache: 'no-store', ...(signal ? { signal } : {}) });
  if (!response.ok) {
    await discardBody(response);
    throw new Error(`manifest ${response.status}`);
  }
  return (await response.json()) as RemoteManifest;
}

/**
 * Points the runtime at the live entry of `name`. Replacing another version: `registerRemotes` with
 * `force` runs the runtime's removeRemote (module cache, loading promise, remote instance, shared
 * modules only that remote provided and used, container global); the container global is cleared
 * here too in case that cleanup failed half-way (it only logs), and the chunk-loading global is
 * replaced (see chunkLoadingGlobal). Shared singletons the shell provides stay loaded, so the new
 * version gets the same React, router, theme and store.
 */
function register(name: RemoteName, attempt: number): void {
  const entry = manifest?.remotes[name]?.entry;
  if (!entry) return;
  const action = registrationFor(registered.get(name), entry, attempt);
  if (action === 'keep') return;
  registerRemotes([{ name: containerName(name), entry }], { force: action !== 'register' });
  if (action === 'replace') {
    const scope = window as unknown as Record<string, unknown>;
    if (scope[containerName(name)] !== undefined) scope[containerName(name)] = undefined;
    delete scope[chunkLoadingGlobal(name)];
  }
  registered.set(name, entry);
  registeredVersions.set(name, manifest?.remotes[name]?.version ?? null);
  if (action === 'replace') window.dispatchEvent(new Event(REMOTE_REPLACED_EVENT));
}

/**
 * The manifest index.html's inline script read for this page load (the parsed JSON, or null when that read failed),
 * taken once: the boot does not ask for it a second time before its first render.
 */
async function takeEarlyManifest(): Promise<RemoteManifest | null> {
  const page = window as unknown as { __matchdayManifest?: Promise<RemoteManifest | null> };
  const early = page.__matchdayManifest;
  delete page.__matchdayManifest;
  const read = await early;
  return read && typeof read === 'object' && read.remotes ? read : null;
}

/**
 * Reads /mf-manifest.json (remote name -> version -> entry URL) at boot and registers every remote
 * with the Module Federation runtime. Nothing about remote URLs is part of the shell build. At the first boot the
 * page's own read is used (takeEarlyManifest); without one, or when it failed, the manifest is requested here.
 */
export async function initRemotes(): Promise<RemoteManifest | null> {
  try {
    manifest = (await takeEarlyManifest()) ?? (await fetchManifest());
    for (const name of Object.keys(manifest.remotes) as RemoteName[]) register(name, 0);
  } catch (error) {
    console.error('Could not load the remote manifest', error);
    manifest = null;
  }
  manifestReadAt = performance.now();
  return manifest;
}

/**
 * Reads the manifest again when the last read is older than MANIFEST_MAX_AGE_MS (one read shared by
 * concurrent callers, bounded by MANIFEST_REFRESH_TIMEOUT_MS). A failed read keeps the versions known.
 * Nothing is registered here: each area takes its new version when it is next entered.
 */
async function refreshManifest(): Promise<void> {
  if (!manifestIsStale(manifestReadAt, performance.now())) return;
  refreshing ??= fetchManifest(AbortSignal.timeout(MANIFEST_REFRESH_TIMEOUT_MS))
    .then((read) => {
      manifest = read;
    })
    .catch((error: unknown) => console.warn('Could not re-read the remote manifest', error))
    .finally(() => {
      manifestReadAt = performance.now();
      refreshing = null;
    });
  await refreshing;
}

export function remoteVersion(name: RemoteName): string | null {
  return manifest?.remotes[name]?.version ?? null;
}

/**
 * Loads a remote's App on entering its area: with the manifest re-read when it is due, the live
 * version (a deploy or rollback since the page loaded replaces the old container); a retry
 * re-registers the remote so a failed entry is requested again. An area already shown is not
 * touched: it keeps its version until it is left.
 */
export async function loadRemoteApp(name: RemoteName, attempt: number): Promise<ComponentType<RemoteAppProps>> {
  if (!manifest) await initRemotes();
  else await refreshManifest();
  if (!manifest?.remotes[name]) throw new Error(`${name} is not deployed`);
  register(name, attempt);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${name} did not load within ${REMOTE_TIMEOUT_MS / 1000} s`)), REMOTE_TIMEOUT_MS + 1000),
  );
  const entry = registered.get(name);
  const module = await Promise.race([loadRemote<{ default: ComponentType<RemoteAppProps> }>(`${containerName(name)}/App`), timeout]);
  if (!module?.default) throw new Error(`${name} did not expose an App`);
  if (entry) loadedApps.set(entry, module.default);
  return module.default;
}

/**
 * The remote's App when it is loaded from the live entry and the manifest is fresh (read within MANIFEST_MAX_AGE_MS),
 * else undefined (loadRemoteApp re-reads a stale manifest first). An area renders a loaded App at once: through
 * React.lazy it would suspend on its first render even with the module there, and React reveals a boundary whose
 * fallback was shown no sooner than 300 ms after it (its throttle), which would hold Home's first reads back as long.
 */
export function loadedRemoteApp(name: RemoteName): ComponentType<RemoteAppProps> | undefined {
  const entry = manifest?.remotes[name]?.entry;
  if (!entry || registered.get(name) !== entry || manifestIsStale(manifestReadAt, performance.now())) return undefined;
  return loadedApps.get(entry);
}

/** Starts loading the App of the remote whose area `pathname` is (AREA_ROUTES), if any; a failure is left to the area. */
export function preloadAreaOf(pathname: string): void {
  const route = areaRouteOf(pathname);
  if (route) loadRemoteApp(route.remote, 0).catch(() => undefined);
}
