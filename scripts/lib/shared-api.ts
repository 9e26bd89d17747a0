import fs from 'node:fs';
import path from 'node:path';
import { CHECKED_SHARED, REMOTE_NAMES, SHARED_API_MANIFEST, type SharedApiManifest } from '@matchday/contracts';
import { sharedApiProblem } from '@matchday/remote-state';
import { buildOutputDir } from './size-budget';

export interface SharedApiResult {
  ok: boolean;
  message: string;
}

/**
 * After a build (npm test): the shell lists what its copy of each checked shared module exports, and each remote
 * needs nothing the shell lacks, the check `setLiveVersion` makes when a version goes live (libs/config shared-api.ts).
 */
export function checkSharedApi(root: string): SharedApiResult[] {
  const shellFile = path.join(buildOutputDir(root, 'shell'), SHARED_API_MANIFEST);
  if (!fs.existsSync(shellFile)) return [{ ok: false, message: `shell: no ${SHARED_API_MANIFEST} in its build` }];
  const shell = JSON.parse(fs.readFileSync(shellFile, 'utf8')) as SharedApiManifest;
  const unlisted = CHECKED_SHARED.filter((key) => !shell.provides?.[key]?.length);
  const results: SharedApiResult[] = [
    unlisted.length
      ? { ok: false, message: `shell: its build does not list the exports of ${unlisted.join(', ')}` }
      : { ok: true, message: `shell: provides ${CHECKED_SHARED.map((key) => `${key} (${shell.provides![key]!.length})`).join(', ')}` },
  ];
  for (const name of REMOTE_NAMES) {
    const dir = buildOutputDir(root, name);
    const file = path.join(dir, SHARED_API_MANIFEST);
    if (!fs.existsSync(file)) {
      results.push({ ok: false, message: `${name}: no ${SHARED_API_MANIFEST} in its build` });
      continue;
    }
    const problem = sharedApiProblem(root, name, path.basename(dir), dir);
    const uses = (JSON.parse(fs.readFileSync(file, 'utf8')) as SharedApiManifest).uses;
    const count = Object.values(uses).reduce((s, names) => s + names.length, 0);
    results.push(problem ? { ok: false, message: problem } : { ok: true, message: `${name}: all ${count} names it uses are the shell's` });
  }
  return results;
}
