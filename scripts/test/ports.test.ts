import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, LOCK_DIR as lockDir, reservablePorts } from '../lib/ports';
import { repoRoot } from '../lib/processes';

const run = promisify(execFile);
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');

/** Reads a child's stdout by lines: `next(count)` gives the next `count` lines, failing with what it printed if it exits
 * or 45 s pass first. */
function linesOf(child: ChildProcessWithoutNullStreams): { next: (count: number) => Promise<string[]> } {
  let out = '';
  let err = '';
  let taken = 0;
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const next = (count: number) =>
    new Promise<string[]>((resolve, reject) => {
      const check = () => {
        const lines = out.split('\n').slice(0, -1);
        if (lines.length < taken + count) return false;
        finish();
        resolve(lines.slice(taken, (taken += count)));
        return true;
      };
      const fail = (why: string) => {
        finish();
        reject(new Error(`${why}; it printed ${JSON.stringify(out)}; stderr: ${err}`));
      };
      const onData = () => setImmediate(check);
      const onExit = (code: number | null) => fail(`the ports process exited (${code}) before ${count} more lines`);
      const timer = setTimeout(() => fail(`no ${count} more lines within 45 s`), 45_000);
      const finish = () => {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.off('exit', onExit);
      };
      if (check()) return;
      child.stdout.on('data', onData);
      child.once('exit', onExit);
    });
  return { next };
}

describe('test ports', () => {
  it('are taken outside the kernel ephemeral range, the wider side', () => {
    expect(reservablePorts([32_768, 60_999])).toEqual([10_000, 32_767]);
    expect(reservablePorts([15_000, 60_000])).toEqual([60_001, 65_535]);
    expect(() => reservablePorts([10_000, 65_535])).toThrow(/No room for test ports/);
  });

  it('several processes asking at once are never handed the same port, and each can listen on its own', async () => {
    // each process asks for 25 ports, listens on them and holds them until its stdin ends: all four hold theirs at once
    // (a port a process has released may rightly be handed out again)
    const children = [1, 2, 3, 4].map(() =>
      spawn(tsx, ['scripts/test/fixtures/ports.ts'], { cwd: repoRoot, env: { ...process.env, PORT_COUNT: '25' } }),
    );
    const exits = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    const readers = children.map(linesOf);
    try {
      // all four ready, then all told to go at once
      expect(await Promise.all(readers.map((reader) => reader.next(1)))).toEqual([['ready'], ['ready'], ['ready'], ['ready']]);
      for (const child of children) child.stdin.write('go\n');
      const ports = (await Promise.all(readers.map((reader) => reader.next(25)))).flat().map(Number);
      expect(ports).toHaveLength(100);
      expect(new Set(ports).size).toBe(100);
      const [low, high] = reservablePorts();
      for (const port of ports) expect(port >= low && port <= high).toBe(true);
      for (const child of children) child.stdin.end();
      expect(await Promise.all(exits)).toEqual([0, 0, 0, 0]);
      // the processes have exited: their locks are gone
      for (const port of ports) expect(fs.existsSync(path.join(lockDir, String(port)))).toBe(false);
    } finally {
      for (const child of children) child.kill();
    }
  }, 60_000);

  it('processes finding the same dead owners at once never both take a port', async () => {
    // 60 locks left by a process that died (as a killed test leaves them), then four processes trying them all at once;
    // in a lock directory of their own (TMPDIR), so that the test's other workers neither hold nor take these ports
    const [low] = reservablePorts();
    const first = low + 20_000 - 100 - (process.pid % 1000);
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-ports-test-'));
    const privateLocks = path.join(tmp, path.basename(lockDir));
    fs.mkdirSync(privateLocks);
    const range = Array.from({ length: 60 }, (_, i) => first + i);
    for (const port of range) fs.writeFileSync(path.join(privateLocks, String(port)), String(dead.pid));
    try {
      const outputs = await Promise.all(
        [1, 2, 3, 4].map(() =>
          run(tsx, ['scripts/test/fixtures/ports.ts'], {
            cwd: repoRoot,
            env: { ...process.env, TMPDIR: tmp, PORT_RANGE: `${first}-${first + 59}` },
          }),
        ),
      );
      const taken = outputs.flatMap(({ stdout }) => stdout.trim().split('\n').filter(Boolean).map(Number));
      // every port taken once, by one of them
      expect(taken.sort((a, b) => a - b)).toEqual(range);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);

  it('a port held by a live process is skipped; the lock of a process that died is taken over', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    try {
      // the next two ports this process would try: one locked by a live process, one by a dead one (two that no other
      // process has a lock on: another test worker's are never overwritten)
      const [low, high] = reservablePorts();
      const wrap = (port: number) => (port > high ? low + (port - high - 1) : port);
      const lock = (port: number, pid: number) => {
        try {
          fs.writeFileSync(path.join(lockDir, String(port)), String(pid), { flag: 'wx' });
          return true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
          throw error;
        }
      };
      let live = 0;
      let stale = 0;
      for (let attempt = 0; attempt < 50 && stale === 0; attempt += 1) {
        const mine = await freePort();
        [live, stale] = [wrap(mine + 1), wrap(mine + 2)];
        if (!lock(live, sleeper.pid!)) [live, stale] = [0, 0];
        else if (!lock(stale, dead.pid!)) {
          fs.rmSync(path.join(lockDir, String(live)), { force: true });
          [live, stale] = [0, 0];
        }
      }
      expect(stale).toBeGreaterThan(0);
      const next = await freePort();
      expect(next).not.toBe(live);
      expect(next).toBe(stale);
      expect(fs.readFileSync(path.join(lockDir, String(stale)), 'utf8')).toBe(String(process.pid));
      fs.rmSync(path.join(lockDir, String(live)), { force: true });
    } finally {
      sleeper.kill();
    }
  });

  it('a port something else listens on is not handed out', async () => {
    const mine = await freePort();
    const [low, high] = reservablePorts();
    const taken = mine + 1 > high ? low : mine + 1;
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(taken, '127.0.0.1', resolve));
    try {
      expect(await freePort()).not.toBe(taken);
    } finally {
      server.close();
    }
  });
});
