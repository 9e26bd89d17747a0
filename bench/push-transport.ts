/**
 * What one push costs the sender's process, by how the request is sent: the stand-in push service in a process of
 * its own (bench/lib/push-stand-in.ts, over TLS on loopback, offering HTTP/2 beside HTTP/1.1, not decrypting), and
 * this process sending BENCH_PUSHES (default 10,000) goal alerts to as many devices, 32 at a time, each encrypted
 * for its device (RFC 8291) and signed with one VAPID header:
 * - `encryption only`: web-push's generateRequestDetails without a request (its encryption and headers);
 * - `keys + seal`: the senders' encryption (message-keys.ts), the message's keys made at the time;
 * - `seal only`: the same with the keys made beforehand (as a sender makes them ahead while it waits);
 * - `web-push https`: web-push's sendNotification on Node's https module (a kept-alive agent, 32 sockets);
 * - `undici h1`: the senders' pushAlert (keys made at the time) on an undici Pool (32 connections);
 * - `undici h1 ahead`: the same with keys made beforehand, as in a burst;
 * - `undici h2`: `undici h1` with allowH2 (HTTP/2 where the push service offers it).
 * Printed per way: this process's CPU (user + system) per push, in µs, and pushes a second.
 *
 *   npx tsx bench/push-transport.ts
 */
import https from 'node:https';
import os from 'node:os';
import webpush from 'web-push';
import { makeMessageKeys, sealPayload, type MessageKeys } from '@matchday/accounts/src/modules/alerts/message-keys';
import { PushConnections } from '@matchday/accounts/src/modules/alerts/push-connections';
import { pushAlert, VapidHeaders } from '@matchday/accounts/src/modules/alerts/sender';
import { createLogger } from '@matchday/server';
import type { PushSubscriptionJson } from '@matchday/testing';
import { startPushStandInProcess } from './lib/push-stand-in';

const PUSHES = Number(process.env.BENCH_PUSHES ?? 10_000);
const CONCURRENCY = 32;
const payload = JSON.stringify({
  kind: 'goal',
  title: 'Goal! Bench Home 1–0 Bench Away',
  body: 'Bench Striker 11′ · Bench League',
  tag: 'f1s2',
  url: '/fixture-stats/1',
});

async function measure(
  name: string,
  subscriptions: PushSubscriptionJson[],
  send: (s: PushSubscriptionJson) => Promise<void>,
): Promise<void> {
  let next = 0;
  const started = Date.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < subscriptions.length) await send(subscriptions[next++]!);
    }),
  );
  const used = process.cpuUsage(cpu);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${name.padEnd(16)} ${Math.round((used.user + used.system) / subscriptions.length)} µs/push, ${Math.round(subscriptions.length / seconds)} pushes/s`,
  );
}

async function main(): Promise<void> {
  console.log(`bench/push-transport.ts: ${PUSHES} pushes per way, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  const push = await startPushStandInProcess({ decrypt: false, http2: true });
  try {
    const subscriptions = await push.newSubscriptions(PUSHES);
    const keys = webpush.generateVAPIDKeys();
    const expiration = Math.floor(Date.now() / 1000) + 3600;
    const { Authorization } = webpush.getVapidHeaders(
      push.origin,
      'mailto:bench@example.com',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiration,
    );
    const options = {
      headers: { Authorization },
      TTL: 600,
      urgency: 'high' as const,
      topic: 'f1s2',
      contentEncoding: 'aes128gcm' as const,
    };
    const request = (s: PushSubscriptionJson) => webpush.generateRequestDetails(s, payload, options);
    const vapid = { ...keys, subject: 'mailto:bench@example.com' };
    const alert = { key: 'goal', alert: JSON.parse(payload) as never, ttlSeconds: 600, urgency: 'high' as const, topic: 'f1s2' };
    const logger = createLogger('bench-push-transport');
    const vapidHeaders = new VapidHeaders();
    const ahead = new Map<PushSubscriptionJson, MessageKeys>();
    const makeAhead = () => {
      for (const s of subscriptions) ahead.set(s, makeMessageKeys(s.keys));
    };
    const viaSenders =
      (connections: PushConnections, keysAhead = false) =>
      async (s: PushSubscriptionJson) => {
        const messageKeys = keysAhead ? () => ahead.get(s)! : undefined;
        const outcome = await pushAlert(vapid, s, alert, logger, { connections, vapidHeaders, messageKeys });
        if (outcome.status !== 'sent') throw new Error(`push: ${JSON.stringify(outcome)}`);
      };
    const body = Buffer.from(payload);
    await measure('encryption only', subscriptions, async (s) => void request(s));
    await measure('keys + seal', subscriptions, async (s) => void sealPayload(makeMessageKeys(s.keys), body));
    makeAhead();
    await measure('seal only', subscriptions, async (s) => void sealPayload(ahead.get(s)!, body));
    const agent = new https.Agent({ ca: push.ca, keepAlive: true, maxSockets: CONCURRENCY });
    await measure('web-push https', subscriptions, async (s) => void (await webpush.sendNotification(s, payload, { ...options, agent })));
    agent.destroy();
    const h1 = new PushConnections({ connections: CONCURRENCY, ca: push.ca });
    await measure('undici h1', subscriptions, viaSenders(h1));
    makeAhead();
    await measure('undici h1 ahead', subscriptions, viaSenders(h1, true));
    await h1.close();
    const h2 = new PushConnections({ connections: CONCURRENCY, ca: push.ca, http2: true });
    await measure('undici h2', subscriptions, viaSenders(h2));
    await h2.close();
  } finally {
    await push.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
