import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import Koa from 'koa';
import { configureServer, createLogger, jsonErrors } from '@matchday/server';
import { bodyOf, requestBodies } from '../src/middleware/request-body';

/**
 * Bad input, the body's side: bodies that come slowly, stop, overrun or undershoot their declared
 * length, carry a Content-Encoding, or are too large, sent over a raw socket to the gateway's body reader in
 * front of an echo. Whatever comes, the answer is a refusal with {message} or the exact bytes sent, never a 5xx
 * and never a hang past the deadline. The deadline is 400 ms here (5 s in the gateway) so that a run is quick.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 25);
const DEADLINE_MS = 400;
const MAX_BYTES = 2048;

interface Plan {
  declared: number | 'chunked' | 'none';
  chunks: Array<{ bytes: number; pauseMs: number }>;
  encoding: string | null;
  method: 'POST' | 'DELETE' | 'PUT';
}

const anyPlanArb: fc.Arbitrary<Plan> = fc.record({
  declared: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 3000 }) },
    { weight: 1, arbitrary: fc.constantFrom<'chunked' | 'none'>('chunked', 'none') },
  ),
  chunks: fc.array(fc.record({ bytes: fc.integer({ min: 0, max: 900 }), pauseMs: fc.integer({ min: 0, max: 250 }) }), { maxLength: 5 }),
  encoding: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('gzip', 'br', 'identity') }),
  method: fc.constantFrom<'POST' | 'DELETE' | 'PUT'>('POST', 'POST', 'DELETE', 'PUT'),
});

/** A body sent whole, in up to three pieces with short pauses: it must come through byte for byte. */
const wholePlanArb: fc.Arbitrary<Plan> = fc
  .tuple(fc.integer({ min: 1, max: MAX_BYTES }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 60 }))
  .map(([declared, pieces, pauseMs]) => {
    const size = Math.ceil(declared / pieces);
    const chunks = Array.from({ length: pieces }, (_, i) => ({ bytes: Math.max(0, Math.min(size, declared - i * size)), pauseMs }));
    return { declared, chunks, encoding: null, method: 'POST' as const };
  });

const planArb = fc.oneof({ weight: 3, arbitrary: anyPlanArb }, { weight: 1, arbitrary: wholePlanArb });

function send(port: number, plan: Plan): Promise<{ status: number; body: string; sent: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const path = plan.method === 'DELETE' ? '/api/auth/delete-account' : '/api/user/preferences';
    const headers = [`${plan.method} ${path} HTTP/1.1`, 'host: localhost', 'content-type: application/json'];
    if (typeof plan.declared === 'number') headers.push(`content-length: ${plan.declared}`);
    if (plan.declared === 'chunked') headers.push('transfer-encoding: chunked');
    if (plan.encoding) headers.push(`content-encoding: ${plan.encoding}`);
    socket.write(`${headers.join('\r\n')}\r\n\r\n`);
    let sent = '';
    let reply = '';
    let stopped = false;
    socket.setEncoding('utf8');
    socket.on('error', () => undefined); // a reset after the answer: judged by what was read
    socket.on('data', (chunk: string) => {
      reply += chunk;
      // the first answer, once whole (bytes past a declared length reach Node's parser as another request)
      const split = reply.indexOf('\r\n\r\n');
      if (split < 0) return;
      const head = reply.slice(0, split);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      const rest = Buffer.from(reply.slice(split + 4));
      if (rest.length < length) return;
      stopped = true;
      socket.destroy();
      resolve({ status: Number(head.split(' ')[1] ?? 0), body: rest.subarray(0, length).toString('utf8'), sent });
    });
    socket.on('close', () => {
      if (!stopped) reject(new Error(`no answer to ${JSON.stringify(plan)}: ${JSON.stringify(reply.slice(0, 200))}`));
    });
    void (async () => {
      for (const chunk of plan.chunks) {
        await new Promise((r) => setTimeout(r, chunk.pauseMs));
        if (stopped) return;
        const text = 'x'.repeat(chunk.bytes);
        sent += text;
        socket.write(plan.declared === 'chunked' ? `${chunk.bytes.toString(16)}\r\n${text}\r\n` : text);
      }
    })();
    // a client that stopped sending: the server must answer (408) on its own
    setTimeout(() => socket.destroy(), DEADLINE_MS * 4 + 2000).unref();
  });
}

describe('the gateway body reader under slow, short, long and encoded bodies (property)', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const app = new Koa();
    app.use(jsonErrors(createLogger('test')));
    app.use(requestBodies({ maxBytes: MAX_BYTES, deadlineMs: DEADLINE_MS }));
    app.use((ctx) => {
      ctx.body = { echoed: bodyOf(ctx.req)?.toString('utf8') ?? null };
    });
    server = http.createServer(app.callback());
    configureServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it(`${RUNS} plans: the bytes sent in full and in time, or a 4xx with {message}; never a 5xx, never a hang`, async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(planArb, async (plan) => {
        const reply = await send(port, plan);
        seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1);
        expect(reply.status).toBeLessThan(500);
        if (reply.status === 200) {
          // only a whole body, in time, of the declared length, uncompressed, on a write route
          expect(plan.method).not.toBe('PUT');
          // (a Content-Encoding on a request without a body is not refused: there is nothing to decode)
          expect(plan.encoding === null || plan.encoding === 'identity' || plan.declared === 0 || plan.declared === 'none').toBe(true);
          const declared = plan.declared === 'none' ? 0 : plan.declared;
          expect(typeof declared === 'number' && declared <= MAX_BYTES).toBe(true);
          expect((JSON.parse(reply.body) as { echoed: string }).echoed).toBe(reply.sent.slice(0, Number(declared)));
          expect(reply.sent.length).toBeGreaterThanOrEqual(Number(declared));
        } else {
          expect([400, 405, 408, 411, 413, 415]).toContain(reply.status);
          expect(typeof (JSON.parse(reply.body) as { message?: unknown }).message).toBe('string');
        }
        // a body that never arrives whole is 408, never an answer with part of it
        if (
          plan.method !== 'PUT' &&
          !plan.encoding &&
          typeof plan.declared === 'number' &&
          plan.declared > 0 &&
          plan.declared <= MAX_BYTES
        ) {
          const total = plan.chunks.reduce((n, c) => n + c.bytes, 0);
          if (total < plan.declared) expect(reply.status).toBe(408);
        }
      }),
      { numRuns: RUNS },
    );
    process.stdout.write(`body reader: ${[...seen].map(([status, n]) => `${status} x${n}`).join(', ')}\n`);
  }, 120_000);
});
