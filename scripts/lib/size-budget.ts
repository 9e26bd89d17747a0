import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { INITIAL_FILES_MANIFEST, type InitialFilesManifest } from '@matchday/contracts';

export { INITIAL_FILES_MANIFEST };

export interface SizedFile {
  file: string;
  gzipBytes: number;
}

export interface BudgetResult {
  frontend: string;
  gzipBytes: number;
  budgetBytes: number;
  files: SizedFile[];
  ok: boolean;
  message: string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function gzipSize(content: Buffer): number {
  return zlib.gzipSync(content, { level: 9 }).length;
}

/** Compares what a frontend's first screen costs with its budget; the message names the largest files when over. */
export function checkBudget(frontend: string, files: SizedFile[], budgetKb: number): BudgetResult {
  const gzipBytes = files.reduce((total, file) => total + file.gzipBytes, 0);
  const budgetBytes = Math.round(budgetKb * 1024);
  const ok = files.length > 0 && gzipBytes <= budgetBytes;
  const largest = [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 5)
    .map((file) => `${file.file} ${kb(file.gzipBytes)}`)
    .join(', ');
  const message =
    files.length === 0
      ? `${frontend}: no initial JavaScript found in the build output (is ${INITIAL_FILES_MANIFEST} empty?)`
      : ok
        ? `${frontend}: ${kb(gzipBytes)} gzip of ${kb(budgetBytes)} budget (${files.length} files)`
        : `${frontend}: ${kb(gzipBytes)} gzip is over its budget of ${kb(budgetBytes)} by ${kb(gzipBytes - budgetBytes)}; largest: ${largest}`;
  return { frontend, gzipBytes, budgetBytes, files, ok, message };
}

/** Reads a build's initial-files.json and gzips each file it names. Throws with a clear message when the build output is incomplete. */
export function measureBuild(outputDir: string): SizedFile[] {
  const manifestPath = path.join(outputDir, INITIAL_FILES_MANIFEST);
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: rebuild the frontend (npm run build) to measure it`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as InitialFilesManifest;
  return manifest.initial.map((file) => {
    const filePath = path.join(outputDir, file);
    if (!fs.existsSync(filePath)) throw new Error(`${filePath} is named in ${manifestPath} but missing`);
    return { file, gzipBytes: gzipSize(fs.readFileSync(filePath)) };
  });
}

/** Where a frontend's current build is: the shell in dist/, a remote in dist/<version of its package.json>/. */
export function buildOutputDir(repoRoot: string, frontend: string): string {
  const dir = path.join(repoRoot, frontend);
  if (frontend === 'shell') return path.join(dir, 'dist');
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return path.join(dir, 'dist', version);
}

/** Checks every budgeted frontend's build; a frontend that cannot be measured fails too. */
export function checkSizeBudgets(repoRoot: string, budgetsKb: Record<string, number>): BudgetResult[] {
  return Object.entries(budgetsKb).map(([frontend, budgetKb]) => {
    try {
      return checkBudget(frontend, measureBuild(buildOutputDir(repoRoot, frontend)), budgetKb);
    } catch (error) {
      const message = `${frontend}: ${error instanceof Error ? error.message : String(error)}`;
      return { frontend, gzipBytes: 0, budgetBytes: Math.round(budgetKb * 1024), files: [], ok: false, message };
    }
  });
}
