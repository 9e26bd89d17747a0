import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * npm start's launcher (scripts/start.cjs) stops the stack when npm is ended alone: a process watching with
 * stopWhenOrphaned goes on while its parent lives and stops once the parent is gone.
 */
describe('the launcher without npm', () => {
  it('stops once its parent is gone, and not before', async () => {
    const mark = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-orphan-')), 'mark');
    const parent = spawn(process.execPath, [path.join(__dirname, 'fixtures/orphan-parent.cjs')], {
      env: { ...process.env, ORPHAN_MARK: mark },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = readline.createInterface({ input: parent.stdout! });
    const line = await new Promise<string>((resolve) => lines.once('line', resolve));
    const child = Number(line);
    expect(child).toBeGreaterThan(0);
    // ten of its checks with the parent alive: still running, nothing written
    await sleep(500);
    expect(alive(child)).toBe(true);
    expect(fs.existsSync(mark)).toBe(false);
    parent.kill('SIGKILL');
    const until = Date.now() + 10_000;
    while (alive(child) && Date.now() < until) await sleep(50);
    if (alive(child)) process.kill(child, 'SIGKILL');
    expect({ running: alive(child), mark: fs.existsSync(mark) && fs.readFileSync(mark, 'utf8') }).toEqual({
      running: false,
      mark: 'stopped',
    });
  }, 30_000);
});
