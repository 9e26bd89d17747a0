import { startTs, type RestartPolicy } from '../lib/processes';

function policy(lines: string[], onGiveUp: (message: string) => void): RestartPolicy {
  return { maxCrashes: 5, windowMs: 60_000, backoffMs: (n) => 10 * n, onGiveUp, log: (line) => lines.push(line) };
}

describe('npm start supervision', () => {
  it('restarts a process that exits with backoff and one line each, and gives up naming it after five exits within a minute', async () => {
    const lines: string[] = [];
    let starts = 0;
    const message = await new Promise<string>((resolve) => {
      const crasher = startTs('crasher', 'scripts/test/fixtures/exit.ts', { ...process.env, EXIT_CODE: '3' }, 0);
      crasher.supervise(policy(lines, resolve));
      starts += 1;
    });
    expect(starts).toBe(1);
    expect(lines).toEqual([1, 2, 3, 4].map((n) => `  crasher exited unexpectedly (exit code 3); restarting in ${10 * n} ms`));
    expect(message).toBe('crasher keeps crashing: it exited 5 times within 60 s (last exit code 3).');
  }, 30_000);

  it('a process stopped on purpose is not restarted', async () => {
    const lines: string[] = [];
    const gaveUp: string[] = [];
    const worker = startTs('worker', 'api-gateway/test/fixtures/slow-service.ts', { ...process.env, PORT: '0' }, 0);
    worker.supervise(policy(lines, (m) => gaveUp.push(m)));
    const first = worker.child;
    await worker.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(worker.child).toBe(first);
    expect(first.exitCode !== null || first.signalCode !== null).toBe(true);
    expect(lines).toEqual([]);
    expect(gaveUp).toEqual([]);
  }, 30_000);
});
