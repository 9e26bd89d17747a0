import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES, PRECOMPRESSED_EXTENSIONS } from '@matchday/contracts';
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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `file` only when it is missing or older than `source`, and only when it is smaller than the source. */
async function writeSibling(source: fs.Stats, file: string, encode: () => Promise<Buffer>): Promise<boolean> {
  const existing = fs.statSync(file, { throwIfNoEntry: false });
  if (existing && existing.mtimeMs >= source.mtimeMs) return false;
  const encoded = await encode();
  if (encoded.length >= source.size) {
    fs.rmSync(file, { force: true });
    return false;
  }
  // Written beside and renamed: a request never sees half a file.
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, encoded);
  fs.renameSync(partial, file);
  return true;
}

/**
 * Gives every JS, CSS, HTML, SVG, JSON and webmanifest file under `dir` (1 KB or more, the gateway's
 * threshold for compressing answers) a `.br` (quality 11) and a `.gz` (level 9) sibling, once, at build time; files whose siblings are current are skipped. Hidden
 * folders (a deploy's staging folder) are left alone. Returns how many files were written.
 */
export async function precompressDir(dir: string): Promise<number> {
  if (!fs.existsSync(dir)) return 0;
  let written = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      written += await precompressDir(file);
      continue;
    }
    if (!entry.isFile() || !PRECOMPRESSED_EXTENSIONS.includes(path.extname(entry.name))) continue;
    const source = fs.statSync(file);
    if (source.size < COMPRESS_THRESHOLD_BYTES) continue;
    // Read only when a sibling is to be written: every start runs this over every kept version's files.
    let bytes: Buffer | undefined;
    const read = () => (bytes ??= fs.readFileSync(file));
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.size };
    if (await writeSibling(source, `${file}.br`, () => brotli(read(), { params }))) written += 1;
    if (await writeSibling(source, `${file}.gz`, () => gzip(read(), { level: 9 }))) written += 1;
  }
  return written;
}

/** Precompresses every frontend's build output (new builds, and outputs built before this step existed). */
export async function precompressFrontends(): Promise<void> {
  let written = 0;
  for (const name of FRONTENDS) written += await precompressDir(path.join(repoRoot, name, 'dist'));
  if (written > 0) console.log(`Precompressed: ${written} .br/.gz file(s) written.`);
}

/** Builds the frontends one after another (2 cores: never two webpack builds at once). */
export async function buildFrontends({ force }: { force: boolean }): Promise<void> {
  const todo = FRONTENDS.filter((name) => force || needsBuild(name));
  if (todo.length === 0) {
    console.log('Frontends are up to date.');
    await precompressFrontends();
    return;
  }
  const started = Date.now();
  for (const [index, name] of todo.entries()) {
    console.log(`\n[${index + 1}/${todo.length}] Building ${name}...`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', name], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Building ${name} failed`);
  }
  await precompressFrontends();
  console.log(`\nBuilt ${todo.length} frontend(s) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
