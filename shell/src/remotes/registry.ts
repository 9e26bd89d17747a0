import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { containerName, type RemoteManifest, type RemoteName } from '@matchday/contracts';
import type { RemoteAppProps } from '@matchday/contracts';
import { discardBody } from '@matchday/ui';

/** How long a remote entry may take before its area shows the fallback. */
export const REMOTE_TIMEOUT_MS = 10_000;

let manifest: RemoteManifest | null = null;

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

function register(name: RemoteName, force: boolean): boolean {
  const entry = manifest?.remotes[name];
  if (!entry) return false;
  registerRemotes([{ name: containerName(name), entry: entry.entry }], { force });
  return true;
}

/**
 * Reads /mf-manifest.json (remote name -> version -> entry URL) at boot and registers every remote
 * with the Module Federation runtime. Nothing about remote URLs is part of the shell build.
 */
export async function initRemotes(): Promise<RemoteManifest | null> {
  try {
    const response = await fetch('/mf-manifest.json', { cache: 'no-store' });
    if (!response.ok) {
      await discardBody(response);
      throw new Error(`manifest ${response.status}`);
    }
    manifest = (await response.json()) as RemoteManifest;
    for (const name of Object.keys(manifest.remotes) as RemoteName[]) register(name, false);
  } catch (error) {
    console.error('Could not load the remote manifest', error);
    manifest = null;
  }
  return manifest;
}

export function remoteVersion(name: RemoteName): string | null {
  return manifest?.remotes[name]?.version ?? null;
}

/** Loads a remote's App; a retry re-registers the remote so a failed entry is requested again. */
export async function loadRemoteApp(name: RemoteName, attempt: number): Promise<ComponentType<RemoteAppProps>> {
  if (!manifest) await initRemotes();
  if (attempt > 0) register(name, true);
  if (!manifest?.remotes[name]) throw new Error(`${name} is not deployed`);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${name} did not load within ${REMOTE_TIMEOUT_MS / 1000} s`)), REMOTE_TIMEOUT_MS + 1000),
  );
  const module = await Promise.race([loadRemote<{ default: ComponentType<RemoteAppProps> }>(`${containerName(name)}/App`), timeout]);
  if (!module?.default) throw new Error(`${name} did not expose an App`);
  return module.default;
}
