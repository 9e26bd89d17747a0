import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort, startTs, waitForHttp, type ManagedProcess } from '../../scripts/lib/processes';
import { startStack, type RunningStack } from '../../scripts/lib/stack';

interface Echo {
  pid: number;
  cookie: string | null;
  identity: boolean;
  requestId: string | null;
}

/**
 * The whole gateway (a real process) in front of a stand-in football service that answers after
 * 300 ms: more concurrent requests than the proxy has sockets, a service killed mid-request, and the
 * supervisor that starts it again.
 */
describe('gateway under overload and service failure', () => {
  let stack: RunningStack;
  let slow: ManagedProcess;
  let slowUrl: string;
  let dataDir: string;
  let cookie: string;
  const restarts: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-overload-'));
    const slowPort = await freePort();
    slowUrl = `http://127.0.0.1:${slowPort}`;
    slow = startTs(
      'slow-football',
      'api-gateway/test/fixtures/slow-service.ts',
      { ...process.env, PORT: String(slowPort), SLOW_MS: '300' },
      1,
    );
    await waitForHttp(`${slowUrl}/readyz`, slow);
    slow.supervise({
      maxCrashes: 5,
      windowMs: 60_000,
      backoffMs: () => 100,
      onGiveUp: (message) => restarts.push(`gave up: ${message}`),
      log: (line) => restarts.push(line),
    });
    stack = await startStack({
      port: await freePort(),
      dataDir,
      serviceUrls: { football: slowUrl },
      // One user sends all 400: the per-session rate limit (tested elsewhere) would answer most with 429.
      env: { LOG_LEVEL: 'error', GATEWAY_RATE_API_PER_10S: '1000000', GATEWAY_SESSION_IN_FLIGHT: '100000' },
    });
    cookie = await signInThroughDevProvider(stack.url, 'crowd@example.com');
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await slow?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  // A different query each time: the gateway caches football reads and shares one load among equal
  // requests, and these tests are about requests that really reach the service.
  let sequence = 0;
  const leagues = () => fetch(`${stack.url}/api/leagues?n=${(sequence += 1)}`, { headers: { cookie } });

  it('400 concurrent requests past the socket limit each get 200 or 503, none fails at the socket, and the gateway goes on', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 400 }, async () => {
        try {
          const response = await leagues();
          return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
        } catch (error) {
          return { status: 0, retryAfter: null, body: String(error) };
        }
      }),
    );
    const socketFailures = outcomes.filter((o) => o.status === 0);
    expect(socketFailures).toEqual([]);
    for (const outcome of outcomes) {
      expect([200, 503]).toContain(outcome.status);
      if (outcome.status === 503) {
        expect(outcome.retryAfter).toMatch(/^\d+$/);
        expect(outcome.body).toEqual({ message: expect.any(String) });
      } else {
        // Settled before the proxy took the request: no browser cookie, the signed identity, the request id.
        expect(outcome.body).toMatchObject({ cookie: null, identity: true, requestId: expect.stringMatching(/^[\w-]+$/) });
      }
    }
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(0);
    expect(stack.processes.find((p) => p.name === 'gateway')?.child.exitCode).toBeNull();
    const after = await leagues();
    expect(after.status).toBe(200);
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  }, 60_000);

  it('a service killed mid-request gives JSON 503, and 200 once the supervisor has restarted it', async () => {
    const before = (await (await leagues()).json()) as Echo;
    const pending = leagues();
    // killed while it holds the request (it answers 300 ms after it came)
    const holding = async () => ((await (await fetch(`${slowUrl}/held`)).json()) as { held: number }).held > 0;
    while (!(await holding())) await new Promise((resolve) => setTimeout(resolve, 5));
    slow.child.kill('SIGKILL');
    const failed = await pending;
    expect(failed.status).toBe(503);
    expect(failed.headers.get('content-type')).toMatch(/application\/json/);
    expect(failed.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await failed.json()).toEqual({ message: 'The football service is not answering; try again shortly' });

    let answer: Response | undefined;
    for (let attempt = 0; attempt < 100 && answer?.status !== 200; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await leagues();
    }
    expect(answer?.status).toBe(200);
    const echo = (await answer!.json()) as Echo;
    expect(echo.pid).not.toBe(before.pid);
    expect(restarts).toEqual([
      expect.stringMatching(/^ {2}slow-football exited unexpectedly \(exit code SIGKILL\); restarting in 100 ms$/),
    ]);
    expect(stack.processes.find((p) => p.name === 'gateway')?.child.exitCode).toBeNull();
  }, 60_000);

  it('a cached read whose caller hung up while its service was hung still settles: the next caller is answered', async () => {
    const url = `${stack.url}/api/leagues?shared=1`;
    const pid = slow.child.pid!;
    process.kill(pid, 'SIGSTOP');
    try {
      await expect(fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(300) })).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 3500)); // past the gateway's 2 s upstream timeout
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
      const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(8000) });
      await response.body?.cancel();
      status = response.status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(status).toBe(200);
  }, 60_000);
});
