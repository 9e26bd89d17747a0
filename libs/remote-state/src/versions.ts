import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@matchday/contracts';
import { RemoteStateError } from './errors';

/** A remote's version directory name: plain semver, never a path segment such as `..`. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/;

export function compareVersions(a: string, b: string): number {
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

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** The remote named on a command line or in a URL, or a clear error listing the remotes. */
export function parseRemoteName(name: string | undefined): RemoteName {
  if (name && isRemoteName(name)) return name;
  throw new RemoteStateError(
    name ? `Unknown remote "${name}". Remotes: ${REMOTE_NAMES.join(', ')}.` : `Name a remote: ${REMOTE_NAMES.join(', ')}.`,
    404,
  );
}
