import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { HttpError } from '@matchday/server';
import { Admission } from '../src/proxy/admission';

/** A response stand-in: `close` before it was sent means the caller hung up. */
function response(): ServerResponse & EventEmitter {
  return Object.assign(new EventEmitter(), { destroyed: false }) as unknown as ServerResponse & EventEmitter;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a rejection');
}

describe('Admission: queue, then shed', () => {
  it('runs maxInFlight at once, queues up to maxQueued, and sheds the next at once with 503 and Retry-After', async () => {
    const admission = new Admission('football', { maxInFlight: 2, maxQueued: 3, maxWaitMs: 10_000 });
    const gate = deferred();
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await gate.promise;
      running -= 1;
    };
    const admitted = Array.from({ length: 5 }, () => admission.run(response(), task));
    await new Promise((r) => setImmediate(r));
    expect(admission.stats()).toEqual({ service: 'football', inFlight: 2, queued: 3, shed: 0 });
    const shed = await rejection(admission.run(response(), task));
    expect(shed).toBeInstanceOf(HttpError);
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toMatch(/^\d+$/);
    expect(shed.message).toMatch(/football/);
    gate.resolve();
    await Promise.all(admitted);
    expect(most).toBe(2);
    expect(admission.stats()).toEqual({ service: 'football', inFlight: 0, queued: 0, shed: 1 });
  });

  it('a request that waited maxWaitMs for a place gets 503 and never runs', async () => {
    const admission = new Admission('accounts', { maxInFlight: 1, maxQueued: 10, maxWaitMs: 50 });
    const gate = deferred();
    const first = admission.run(response(), () => gate.promise);
    let ran = false;
    const waited = await rejection(
      admission.run(response(), async () => {
        ran = true;
      }),
    );
    expect(waited.status).toBe(503);
    gate.resolve();
    await first;
    expect(ran).toBe(false);
  });

  it('a caller that hangs up while waiting leaves the queue without running', async () => {
    const admission = new Admission('insights', { maxInFlight: 1, maxQueued: 10, maxWaitMs: 10_000 });
    const gate = deferred();
    const first = admission.run(response(), () => gate.promise);
    const caller = response();
    let ran = false;
    const waiting = admission.run(caller, async () => {
      ran = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(admission.stats().queued).toBe(1);
    Object.assign(caller, { destroyed: true });
    caller.emit('close');
    expect((await rejection(waiting)).status).toBe(499);
    expect(admission.stats()).toMatchObject({ queued: 0, shed: 0 });
    gate.resolve();
    await first;
    expect(ran).toBe(false);
  });

  it('an error of a running task is passed on as it is, not turned into a 503', async () => {
    const admission = new Admission('football', { maxInFlight: 1, maxQueued: 1, maxWaitMs: 1000 });
    await expect(admission.run(response(), () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
