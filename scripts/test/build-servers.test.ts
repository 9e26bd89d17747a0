import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServers, SERVER_ENTRIES, serverBuildState, staleReason, type ServerEntry } from '../lib/build-servers';
import { freePort, repoRoot } from '../lib/processes';

const gatewayEntry = SERVER_ENTRIES.find((entry) => entry.server === 'gateway')!;
const output = path.join(repoRoot, `${gatewayEntry.out}.js`);

async function waitForHealth(url: string, child: ChildProcess, log: string[]): Promise<Response> {
  const started = Date.now();
  while (Date.now() - started < 15_000) {
    if (child.exitCode !== null) throw new Error(`the compiled gateway exited with ${child.exitCode}:\n${log.join('')}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`no answer from ${url}:\n${log.join('')}`);
}

describe('the compiled production runtime (scripts/lib/build-servers.ts)', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-build-servers-'));
    await buildServers([gatewayEntry]);
  }, 20_000);
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('bundles the gateway with its workspace libraries compiled in, packages left to node_modules, and a source map', () => {
    const code = fs.readFileSync(output, 'utf8');
    expect(code).not.toMatch(/require\("@matchday\//);
    // libs/server's repository-root lookup is compiled in; knex and koa stay requires.
    expect(code).toContain('function findRepoRoot(');
    expect(code).toContain('require("knex")');
    expect(code).toContain('require("koa")');
    expect(code).toMatch(/\/\/# sourceMappingURL=server\.js\.map\s*$/);
    const map = JSON.parse(fs.readFileSync(`${output}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources).toEqual(expect.arrayContaining(['../src/server.ts', '../../libs/server/src/config.ts']));
  });

  it('is current right after the build; a changed source makes it stale, a touched but unchanged one does not', () => {
    expect(staleReason(gatewayEntry)).toBeUndefined();
    // A copy of the output and its stamp outside the package, with one recorded source altered.
    const copy: ServerEntry = { source: gatewayEntry.source, out: path.relative(repoRoot, path.join(tmp, 'server')) };
    fs.copyFileSync(output, path.join(tmp, 'server.js'));
    const stamp = JSON.parse(fs.readFileSync(path.join(repoRoot, `${gatewayEntry.out}.inputs.json`), 'utf8')) as {
      files: Record<string, { size: number; mtimeMs: number; sha256: string }>;
    };
    expect(Object.keys(stamp.files)).toEqual(expect.arrayContaining(['api-gateway/src/server.ts', 'libs/server/src/config.ts']));
    const write = () => fs.writeFileSync(path.join(tmp, 'server.inputs.json'), JSON.stringify(stamp));
    stamp.files['libs/server/src/config.ts']!.mtimeMs = 1;
    write();
    expect(staleReason(copy)).toBeUndefined();
    stamp.files['libs/server/src/config.ts']!.sha256 = '0'.repeat(64);
    write();
    expect(staleReason(copy)).toBe('libs/server/src/config.ts changed');
    fs.rmSync(path.join(tmp, 'server.js'));
    expect(staleReason(copy)).toMatch(/server\.js is missing$/);
  });

  it('compiles fmin into insights (its UMD main under "type": "module" exports nothing to Node)', async () => {
    const insights = SERVER_ENTRIES.find((entry) => entry.server === 'insights')!;
    await buildServers([insights]);
    const code = fs.readFileSync(path.join(repoRoot, `${insights.out}.js`), 'utf8');
    expect(code).not.toContain('require("fmin")');
    expect(code).toContain('var require_fmin = __commonJS(');
    expect(code).toContain('(0, import_fmin.conjugateGradient)(');
  }, 20_000);

  it("builds insights' Dream11 solver worker beside it; insights is not current while that worker is not", async () => {
    const worker = SERVER_ENTRIES.find((entry) => entry.partOf === 'insights')!;
    expect(worker.out).toBe('services/insights/dist/solver-worker');
    await buildServers([worker]);
    const file = path.join(repoRoot, `${worker.out}.js`);
    expect(fs.readFileSync(file, 'utf8')).toContain('require("highs")');
    expect(staleReason(worker)).toBeUndefined();
    // workerpool runs the compiled worker in a child process without tsx: a one-binary model
    const run = spawnSync(
      process.execPath,
      [
        '-e',
        `const workerpool = require('workerpool');
         const pool = workerpool.pool(${JSON.stringify(file)}, { workerType: 'process', maxWorkers: 1 });
         pool.exec('solve', ['Maximize\\n obj: + 1 x\\nSubject To\\n c: + 1 x <= 1\\nBinary\\n x\\nEnd\\n'])
           .then(({ status, on }) => { console.log(JSON.stringify({ status, on })); return pool.terminate(); });`,
      ],
      { cwd: path.join(repoRoot, 'services/insights'), encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ status: 'Optimal', on: ['x'] });
    // A server whose worker's output is missing: stale, for that reason.
    const missing: ServerEntry = {
      source: worker.source,
      out: path.relative(repoRoot, path.join(tmp, 'solver-worker')),
      partOf: 'gateway',
    };
    expect(serverBuildState([gatewayEntry]).stale).toEqual([]);
    expect(serverBuildState([gatewayEntry, missing]).stale).toEqual([
      { entry: gatewayEntry, reason: expect.stringMatching(/solver-worker\.js is missing$/) as string },
    ]);
  }, 20_000);

  it('refuses to build an output from where a package would resolve to another copy than from its source', async () => {
    // From the repository root, p-queue and lru-cache are other (older) copies than api-gateway/node_modules holds.
    const misplaced: ServerEntry = { source: gatewayEntry.source, out: 'dist-misplaced-test/server' };
    await expect(buildServers([misplaced])).rejects.toThrow(
      /"(p-queue|lru-cache|eventemitter3|p-timeout)" resolves to api-gateway\/node_modules/,
    );
    expect(fs.existsSync(path.join(repoRoot, 'dist-misplaced-test'))).toBe(false);
  }, 20_000);

  it('starts from any working directory with node --enable-source-maps and answers /healthz', async () => {
    const port = await freePort();
    const log: string[] = [];
    const child = spawn(process.execPath, ['--enable-source-maps', output], {
      cwd: tmp,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: path.join(tmp, 'data'),
        INTERNAL_JWT_SECRET: 'build-servers-test-secret-0123456789abcdef',
        FOOTBALL_URL: 'http://127.0.0.1:9',
        ACCOUNTS_URL: 'http://127.0.0.1:9',
        INSIGHTS_URL: 'http://127.0.0.1:9',
        DEV_OIDC_ISSUER: 'http://localhost:9',
        LOG_LEVEL: 'warn',
        TZ: 'UTC',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => log.push(String(chunk)));
    try {
      const response = await waitForHealth(`http://127.0.0.1:${port}/healthz`, child, log);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      // DATA_DIR was taken as given: the session database is there, not under the working directory.
      expect(fs.existsSync(path.join(tmp, 'data', 'gateway.sqlite'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    }
  }, 20_000);

  it('writes no character above U+00FF in any server (V8 keeps a script holding one as two bytes per character)', async () => {
    const { outputs } = await buildServers();
    const wide = outputs.flatMap(({ file }) =>
      fs
        .readFileSync(path.join(repoRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, n) => (/[\u0100-\uffff]/.test(line) ? [`${file}:${n + 1}: ${line.trim().slice(0, 100)}`] : [])),
    );
    expect(outputs.length).toBe(SERVER_ENTRIES.length);
    expect(wide).toEqual([]);
  }, 20_000);
});
