import fs from 'node:fs';
import path from 'node:path';
import { missingSharedNames, SHARED_API_MANIFEST, type RemoteName, type SharedApiManifest } from '@matchday/contracts';

function readSharedApi(file: string): SharedApiManifest | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SharedApiManifest;
  } catch {
    return null;
  }
}

/**
 * Why a remote version cannot go live beside the shell served from `frontendRoot`: it needs names of the UI kit or
 * of a facade that the shell's copy (the one the runtime hands every remote) lacks, e.g. a remote built against a
 * newer UI kit than the shell's. Null when nothing is missing, or when either build predates shared-api.json.
 */
export function sharedApiProblem(
  frontendRoot: string,
  name: RemoteName,
  version: string,
  /** Where that version's build is (default its version directory; a deploy checks its staging folder). */
  buildDir = path.join(frontendRoot, name, 'dist', version),
): string | null {
  const shell = readSharedApi(path.join(frontendRoot, 'shell', 'dist', SHARED_API_MANIFEST));
  const remote = readSharedApi(path.join(buildDir, SHARED_API_MANIFEST));
  if (!shell || !remote) return null;
  const missing = missingSharedNames(remote, shell);
  if (!missing.length) return null;
  const shown = missing.length > 6 ? [...missing.slice(0, 6), `${missing.length - 6} more`] : missing;
  return `${name} ${version} needs what the shell served here does not have (${shown.join(', ')}): deploy the shell first.`;
}
