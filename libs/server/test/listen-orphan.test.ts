import { spawn } from 'node:child_process';
import path from 'node:path';

/** The launcher (a parent with an IPC channel to its servers, as scripts/lib/processes.ts starts them) dies: its servers stop. */
describe('a server whose launcher is gone', () => {
  it('stops instead of living on as an orphan', async () => {
    const server = path.join(__dirname, 'fixtures', 'listening-server.ts');
    // the launcher: spawns the server with an IPC channel, prints its pid once it listens, then waits
    const launcherCode = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(server)}], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      child.on('message', () => console.log(child.pid));
      setInterval(() => {}, 1000);
    `;
    const launcher = spawn(process.execPath, ['-e', launcherCode], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve, reject) => {
      launcher.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
      launcher.once('exit', () => reject(new Error('the launcher exited first')));
    });
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive()).toBe(true);
    launcher.kill('SIGKILL');
    const deadline = Date.now() + 15_000;
    while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const survived = alive();
    if (survived) process.kill(pid, 'SIGKILL');
    expect(survived).toBe(false);
  }, 30_000);
});
