import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes';

export const FRONTENDS = ['shell', 'mf-fixtures', 'mf-stats', 'mf-tips', 'mf-account', 'mf-admin'] as const;
const SHARED_SOURCES = ['libs/ui/src', 'libs/contracts/src', 'libs/config/src'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, entry) => Math.max(max, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

function stampFile(name: string): string {
  const dir = path.join(repoRoot, name);
  if (name === 'shell') return path.join(dir, 'dist', 'version.json');
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return path.join(dir, 'dist', version, 'build-info.json');
}

/** A frontend needs a build when its output is missing or older than its sources or the shared libs. */
export function needsBuild(name: string): boolean {
  const stamp = stampFile(name);
  if (!fs.existsSync(stamp)) return true;
  const sources = [path.join(name, 'src'), path.join(name, 'federation.config.ts'), path.join(name, 'package.json'), ...SHARED_SOURCES];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(repoRoot, s))));
  return newest > fs.statSync(stamp).mtimeMs;
}

/** Builds the frontends one after another (2 cores: never two webpack builds at once). */
export async function buildFrontends({ force }: { force: boolean }): Promise<void> {
  const todo = FRONTENDS.filter((name) => force || needsBuild(name));
  if (todo.length === 0) {
    console.log('Frontends are up to date.');
    return;
  }
  const started = Date.now();
  for (const [index, name] of todo.entries()) {
    console.log(`\n[${index + 1}/${todo.length}] Building ${name}...`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', name], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Building ${name} failed`);
  }
  console.log(`\nBuilt ${todo.length} frontend(s) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
