import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteManifest, type RemoteName } from '@matchday/contracts';

/** A remote's version directory name: plain semver, never a path segment such as `..`. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/;

function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((p) => (Number.isNaN(Number(p)) ? p : Number(p)));
  const pb = b.split(/[.+-]/).map((p) => (Number.isNaN(Number(p)) ? p : Number(p)));
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x).localeCompare(String(y));
  }
  return 0;
}

/** Versions of a remote built on this server (folders holding a remoteEntry.js), newest first. */
export function availableVersions(frontendRoot: string, name: RemoteName): string[] {
  const dir = path.join(frontendRoot, name, 'dist');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((v) => VERSION_PATTERN.test(v) && fs.existsSync(path.join(dir, v, 'remoteEntry.js')))
    .sort((a, b) => compareVersions(b, a));
}

export function pinsFile(dataDir: string): string {
  return path.join(dataDir, 'remote-pins.json');
}

/** Pinned versions (rollback): DATA_DIR/remote-pins.json, e.g. {"mf-stats": "0.1.0"}. */
export function readPins(dataDir: string): Partial<Record<RemoteName, string>> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(pinsFile(dataDir), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Record<RemoteName, string>>) : {};
  } catch {
    return {};
  }
}

/**
 * The map the shell reads at boot: each remote's chosen version (the pin when it is built here,
 * else the newest built) and its entry URL. Nothing about remote URLs is baked into the shell.
 */
export function buildManifest(frontendRoot: string, dataDir: string): RemoteManifest {
  const pins = readPins(dataDir);
  const remotes = {} as RemoteManifest['remotes'];
  for (const name of REMOTE_NAMES) {
    const available = availableVersions(frontendRoot, name);
    const pinned = pins[name];
    const version = pinned && available.includes(pinned) ? pinned : available[0];
    remotes[name] = version ? { version, entry: `/remotes/${name}/${version}/remoteEntry.js`, available } : null;
  }
  return { remotes };
}
