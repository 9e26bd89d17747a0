/**
 * The compiled production runtime: every server and production CLI bundled by esbuild into one CommonJS file
 * per entry (with a source map), beside the package it belongs to:
 *   api-gateway/dist/server.js, services/<name>/dist/{server,cli}.js, libs/dev-oidc/dist/server.js,
 *   scripts/dist/{import,remotes}.js, and services/insights/dist/{solver-worker,backfill-worker}.js (the Dream11
 *   solver's and the season's backfill's child processes, which insights' server and CLI start from beside them).
 * The workspace packages (@matchday/*, TypeScript source) are compiled in, and fmin (BUNDLED_PACKAGES); every
 * other package stays an external `require` resolved from node_modules at run time (native better-sqlite3 and mysql2, knex's drivers,
 * ...). An output sits in its own package's folder so that those requires find the same copy as the sources do
 * (api-gateway has its own p-queue and lru-cache): the build checks that for every external and stops if a
 * package would resolve to a different copy from the output than from the source that imports it.
 * @matchday/server's package.json marks its files free of side effects (but input-messages.ts, which sets zod's
 * messages): an entry gets only the files whose exports it uses, with their externals, so the alert sender, which
 * serves no requests, no longer loads Koa, its router and body parser, or prom-client (its idle RSS did not move
 * measurably: 70-75 MB before and after, bench/stack-memory.ts).
 *
 * Beside each output a stamp (`<name>.inputs.json`) lists the sources it was built from with their size,
 * mtime and SHA-256: an output is current when every one of them is unchanged (a touched but unchanged file
 * counts as unchanged). `npm start` builds when one of its servers is not current (see `serverBuildState`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { repoRoot } from './processes';

export interface ServerEntry {
  /** Source, relative to the repository. */
  source: string;
  /** Output without `.js`, relative to the repository. */
  out: string;
  /** Started by npm start (the others are CLIs). */
  server?: string;
  /**
   * A file that server loads at run time beside its own output (a worker thread's entry): not started by itself,
   * but that server is not current unless this output is too (`serverBuildState`).
   */
  partOf?: string;
}

export const SERVER_ENTRIES: readonly ServerEntry[] = [
  { source: 'libs/dev-oidc/src/server.ts', out: 'libs/dev-oidc/dist/server', server: 'dev-oidc' },
  { source: 'services/football/src/server.ts', out: 'services/football/dist/server', server: 'football' },
  { source: 'services/accounts/src/server.ts', out: 'services/accounts/dist/server', server: 'accounts' },
  // The alert sender (ALERTS_SENDERS of them beside the accounts service).
  { source: 'services/accounts/src/alert-sender.ts', out: 'services/accounts/dist/alert-sender', server: 'alerts' },
  { source: 'services/insights/src/server.ts', out: 'services/insights/dist/server', server: 'insights' },
  // The Dream11 solver's worker thread (services/insights/src/fantasy/optimiser.ts loads it from beside server.js and cli.js).
  { source: 'services/insights/src/fantasy/solver-worker.ts', out: 'services/insights/dist/solver-worker', partOf: 'insights' },
  // The season's backfill, a child process that ends when done (services/insights/src/backfill-process.ts loads it from beside server.js).
  { source: 'services/insights/src/backfill-worker.ts', out: 'services/insights/dist/backfill-worker', partOf: 'insights' },
  { source: 'api-gateway/src/server.ts', out: 'api-gateway/dist/server', server: 'gateway' },
  // What builds a replay's football database before the football service starts (scripts/lib/replay-process.ts).
  { source: 'scripts/replay.ts', out: 'scripts/dist/replay', partOf: 'football' },
  { source: 'services/football/src/cli.ts', out: 'services/football/dist/cli' },
  { source: 'services/accounts/src/cli.ts', out: 'services/accounts/dist/cli' },
  { source: 'services/insights/src/cli.ts', out: 'services/insights/dist/cli' },
  { source: 'scripts/import.ts', out: 'scripts/dist/import' },
  { source: 'scripts/remotes.ts', out: 'scripts/dist/remotes' },
  // The launcher itself (npm start runs it through scripts/start.cjs, which checks the same stamp).
  { source: 'scripts/start.ts', out: 'scripts/dist/start' },
];

/** The compiled file of a source entry (absolute), or undefined when that source is not compiled. */
export function compiledPathOf(source: string): string | undefined {
  const entry = SERVER_ENTRIES.find((e) => e.source === source);
  return entry && path.join(repoRoot, `${entry.out}.js`);
}

/** Anything that changes what the build writes, besides the sources themselves. */
const BUILD_INPUTS = ['scripts/lib/build-servers.ts', 'node_modules/esbuild/package.json'];

interface StampedFile {
  size: number;
  mtimeMs: number;
  sha256: string;
}
interface Stamp {
  source: string;
  files: Record<string, StampedFile>;
}

const stampPath = (entry: ServerEntry) => path.join(repoRoot, `${entry.out}.inputs.json`);

function stampFile(relative: string): StampedFile | undefined {
  const file = path.join(repoRoot, relative);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  return { size: stat.size, mtimeMs: stat.mtimeMs, sha256: createHash('sha256').update(fs.readFileSync(file)).digest('hex') };
}

/** Why `entry`'s output is not current (missing output, a changed or missing source), or undefined when it is. */
export function staleReason(entry: ServerEntry): string | undefined {
  if (!fs.existsSync(path.join(repoRoot, `${entry.out}.js`))) return `${entry.out}.js is missing`;
  let stamp: Stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampPath(entry), 'utf8')) as Stamp;
  } catch {
    return `${entry.out}.inputs.json is missing`;
  }
  for (const [relative, seen] of Object.entries(stamp.files)) {
    const stat = fs.statSync(path.join(repoRoot, relative), { throwIfNoEntry: false });
    if (!stat) return `${relative} is gone`;
    if (stat.size === seen.size && stat.mtimeMs === seen.mtimeMs) continue;
    // Same size and content under a new mtime (a checkout, a touch): still current.
    if (stat.size !== seen.size || stampFile(relative)?.sha256 !== seen.sha256) return `${relative} changed`;
  }
  return undefined;
}

/**
 * The servers `npm start` runs whose output is missing or older than their sources, with the reason: a server
 * is stale when its own output is, or the output of a file it loads at run time (`partOf`, e.g. a worker's entry).
 */
export function serverBuildState(entries: readonly ServerEntry[] = SERVER_ENTRIES): {
  stale: Array<{ entry: ServerEntry; reason: string }>;
} {
  const stale: Array<{ entry: ServerEntry; reason: string }> = [];
  for (const entry of entries.filter((e) => e.server)) {
    const reason = [entry, ...entries.filter((e) => e.partOf === entry.server)].map(staleReason).find((r) => r !== undefined);
    if (reason) stale.push({ entry, reason });
  }
  return { stale };
}

/** The folder holding `<dir>/node_modules/<name>`, found the way Node looks (upwards from `dir`), realpath'd. */
function packageDirFrom(dir: string, name: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(at) === at) return undefined;
  }
}

const BUILTINS = new Set(builtinModules);

/**
 * Packages compiled in although they are not ours: fmin declares "type": "module" but its main is a UMD file, so
 * Node loads it as an ES module that exports nothing (tsx papers over it); esbuild reads it as the CommonJS it is.
 */
const BUNDLED_PACKAGES: ReadonlySet<string> = new Set(['fmin']);

/**
 * Bare imports: `@matchday/*` is bundled (TypeScript source), Node's own modules and every other package stay
 * `require`s, after checking that the output's folder resolves each package to the same copy as its importer.
 */
function externalsPlugin(outDirOf: (importer: string) => string | undefined): Plugin {
  return {
    name: 'matchday-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        // The webpack configuration is only for building frontends (`npm run deploy`, from the sources): not compiled.
        if (args.path === '@matchday/config') return { path: args.path, external: true };
        if (args.kind === 'entry-point' || args.path.startsWith('@matchday/')) return undefined;
        if (args.path.startsWith('node:') || BUILTINS.has(args.path.split('/')[0]!)) return { path: args.path, external: true };
        const parts = args.path.split('/');
        const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
        if (BUNDLED_PACKAGES.has(name)) {
          // Loaded outside the file namespace, so that esbuild reads the file by its syntax (CommonJS), not its package's "type".
          const file = require.resolve(args.path, { paths: [args.resolveDir] });
          return { path: file, namespace: 'commonjs-package' };
        }
        const fromSource = packageDirFrom(args.resolveDir, name);
        if (!fromSource) return { errors: [{ text: `Cannot find package "${name}" from ${path.relative(repoRoot, args.resolveDir)}` }] };
        const outDir = outDirOf(args.importer);
        const fromOutput = outDir ? packageDirFrom(outDir, name) : fromSource;
        if (fromOutput !== fromSource)
          return {
            errors: [
              {
                text:
                  `"${name}" resolves to ${path.relative(repoRoot, fromSource)} from ${path.relative(repoRoot, args.importer)} but to ` +
                  `${fromOutput ? path.relative(repoRoot, fromOutput) : 'nothing'} from ${path.relative(repoRoot, outDir!)}: ` +
                  'bundle it or install it where both find it',
              },
            ],
          };
        return { path: args.path, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: 'commonjs-package' }, (args) => ({
        contents: fs.readFileSync(args.path, 'utf8'),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

/** The "type" of the package.json nearest to `file`. */
function packageTypeOf(file: string): string | undefined {
  for (let dir = path.dirname(file); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { type?: string }).type;
  }
  return undefined;
}

/** require, __filename and __dirname for an ES module output (bundled code and its dynamic requires use them). */
const ESM_BANNER = [
  "import { createRequire as __matchdayCreateRequire } from 'node:module';",
  "import { fileURLToPath as __matchdayFileURLToPath } from 'node:url';",
  "import { dirname as __matchdayDirname } from 'node:path';",
  'const require = __matchdayCreateRequire(import.meta.url);',
  'const __filename = __matchdayFileURLToPath(import.meta.url);',
  'const __dirname = __matchdayDirname(__filename);',
].join('\n');

export interface BuildServersResult {
  ms: number;
  outputs: Array<{ file: string; bytes: number }>;
}

/**
 * Compiles `entries` (default: every server and CLI) with esbuild: bundle, platform node, target node20,
 * CommonJS, linked source maps (sources as paths, not content). Writes each output's stamp.
 */
export async function buildServers(entries: readonly ServerEntry[] = SERVER_ENTRIES): Promise<BuildServersResult> {
  const started = performance.now();
  const esbuild = await import('esbuild');
  // Each entry is its own build (an import's output folder decides where its packages resolve from); they run together.
  const startedAt = Date.now();
  const builds = entries.map(async (entry) => {
    const outFile = path.join(repoRoot, `${entry.out}.js`);
    // The output is what Node takes a .js file in that package to be: ES module under "type": "module" (the
    // development provider), CommonJS otherwise. An ES module output gets the CommonJS names its code may use.
    const esm = packageTypeOf(path.join(repoRoot, entry.source)) === 'module';
    const result = await esbuild.build({
      absWorkingDir: repoRoot,
      entryPoints: [path.join(repoRoot, entry.source)],
      outfile: outFile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: esm ? 'esm' : 'cjs',
      ...(esm && { banner: { js: ESM_BANNER } }),
      sourcemap: 'linked',
      sourcesContent: false,
      // Class and function names stay as written (error names in logs, constructor checks).
      keepNames: true,
      metafile: true,
      // Warnings (an import with no matching export, a require esbuild cannot follow) are printed.
      logLevel: 'warning',
      write: false,
      plugins: [externalsPlugin(() => path.dirname(outFile))],
    });
    // Each file is written beside and renamed, the map first: a process starting meanwhile reads a whole file.
    for (const file of [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('.js')) - Number(b.path.endsWith('.js')))) {
      fs.mkdirSync(path.dirname(file.path), { recursive: true });
      const partial = `${file.path}.${process.pid}.tmp`;
      fs.writeFileSync(partial, file.contents);
      fs.renameSync(partial, file.path);
    }
    const output = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.js'))!;
    const files: Record<string, StampedFile> = {};
    for (const relative of [...Object.keys(result.metafile.inputs), ...BUILD_INPUTS]) {
      const stamped = stampFile(relative);
      // A source saved while esbuild ran may not be in the output: recorded as changed, so the next start builds again.
      if (stamped)
        files[relative] = stamped.mtimeMs >= startedAt ? { ...stamped, mtimeMs: -1, sha256: 'changed during the build' } : stamped;
    }
    const stamp: Stamp = { source: entry.source, files };
    fs.writeFileSync(`${stampPath(entry)}.${process.pid}.tmp`, `${JSON.stringify(stamp, null, 1)}\n`);
    fs.renameSync(`${stampPath(entry)}.${process.pid}.tmp`, stampPath(entry));
    return { file: path.relative(repoRoot, outFile), bytes: output[1].bytes };
  });
  const outputs = await Promise.all(builds);
  return { ms: performance.now() - started, outputs };
}
