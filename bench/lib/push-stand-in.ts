/**
 * The stand-in push service of libs/testing in a process of its own, for benches that measure the sender's CPU
 * apart from the push service's (the VAPID check and the decryption of every message happen here). Started by
 * `startPushStandInProcess()` (fork, through tsx); it answers over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startPushService, type PushSubscriptionJson } from '@matchday/testing';

/** One accepted message, as the parent needs it: when it was accepted and its decrypted payload. */
export interface AcceptedPush {
  receivedAt: number;
  /** The decrypted payload (null when the stand-in does not decrypt). */
  json: unknown;
  subscriptionId: string;
  topic: string | null;
}

type Request =
  | { id: number; kind: 'subscribe'; count: number }
  | { id: number; kind: 'count' }
  | { id: number; kind: 'latency'; ms: number }
  | { id: number; kind: 'received' }
  | { id: number; kind: 'close' };
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Reply = { id: number; subscriptions?: PushSubscriptionJson[]; count?: number; received?: AcceptedPush[]; rejected?: number };

export interface PushStandInProcess {
  origin: string;
  /** The stand-in's certificate (PEM), for an https.Agent that trusts it. */
  ca: string;
  pid: number;
  newSubscriptions(count: number): Promise<PushSubscriptionJson[]>;
  /** How many messages were accepted so far (a cheap question while a burst is measured). */
  count(): Promise<number>;
  /** Delays every answer by `ms`, as a push service across the Internet takes its round trip and its own time. */
  setLatency(ms: number): Promise<void>;
  received(): Promise<{ received: AcceptedPush[]; rejected: number }>;
  close(): Promise<void>;
}

/** Forks the stand-in and waits until it listens. */
export async function startPushStandInProcess(options: { decrypt?: boolean; http2?: boolean } = {}): Promise<PushStandInProcess> {
  const child: ChildProcess = fork(__filename, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, PUSH_STAND_IN_DECRYPT: options.decrypt === false ? '0' : '1', PUSH_STAND_IN_HTTP2: options.http2 ? '1' : '0' },
  });
  const ready = await new Promise<{ origin: string; ca: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { origin: string; ca: string }));
    child.once('exit', (code) => reject(new Error(`push stand-in exited (${code})`)));
  });
  let next = 0;
  const waiting = new Map<number, (reply: Reply) => void>();
  child.on('message', (message) => {
    const reply = message as Reply;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  const ask = (request: WithoutId<Request>) =>
    new Promise<Reply>((resolve) => {
      const id = (next += 1);
      waiting.set(id, resolve);
      child.send({ ...request, id });
    });
  return {
    ...ready,
    pid: child.pid!,
    newSubscriptions: async (count) => (await ask({ kind: 'subscribe', count })).subscriptions!,
    count: async () => (await ask({ kind: 'count' })).count!,
    setLatency: async (ms) => void (await ask({ kind: 'latency', ms })),
    received: async () => {
      const reply = await ask({ kind: 'received' });
      return { received: reply.received!, rejected: reply.rejected! };
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ id: 0, kind: 'close' });
      await exited;
    },
  };
}

async function serve(): Promise<void> {
  const push = await startPushService({
    decrypt: process.env.PUSH_STAND_IN_DECRYPT !== '0',
    http2: process.env.PUSH_STAND_IN_HTTP2 === '1',
  });
  const send = (message: object) => process.send!(message);
  process.on('message', (message) => {
    const request = message as Request;
    if (request.kind === 'subscribe') {
      send({ id: request.id, subscriptions: Array.from({ length: request.count }, () => push.newSubscription()) });
    } else if (request.kind === 'count') {
      send({ id: request.id, count: push.received.length });
    } else if (request.kind === 'latency') {
      push.setLatency(request.ms);
      send({ id: request.id });
    } else if (request.kind === 'received') {
      send({
        id: request.id,
        received: push.received.map((m) => ({ receivedAt: m.receivedAt, json: m.json, subscriptionId: m.subscriptionId, topic: m.topic })),
        rejected: push.rejected.length,
      });
    } else if (request.kind === 'close') {
      void push.close().then(() => process.exit(0));
    }
  });
  send({ origin: push.origin, ca: push.ca });
}

if (process.send && path.resolve(process.argv[1] ?? '') === __filename) void serve();
