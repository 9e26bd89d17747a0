/**
 * A stand-in Web Push service (what FCM or Mozilla autopush are to a browser) for tests: a real HTTPS server
 * on 127.0.0.1 that takes push messages the way RFC 8030 describes, checks their VAPID identification
 * (RFC 8292) and decrypts their payload (RFC 8188 "aes128gcm" with the RFC 8291 key derivation), with the
 * keys of subscriptions it hands out itself (`newSubscription()`, what PushManager.subscribe gives a page).
 *
 * The "phone" behind every subscription is offline until a test calls `deliver()`: accepted messages wait in
 * a queue per subscription, where a message with a Topic replaces a waiting one with the same Topic and a
 * message whose TTL has run out by the time of delivery is dropped. `displayed()` is what the phone shows:
 * one notification per tag (the payload's `tag`), the latest one for each.
 *
 * HTTPS because push services are HTTPS only and the `web-push` library only speaks HTTPS: pass
 * `pushService.agent` (an https.Agent trusting the server's throwaway certificate) as web-push's `agent`
 * option, or start with `{ protocol: 'http' }` for a sender that uses fetch on http endpoints.
 *
 * Replies, as the RFCs and the real services have them:
 * - 201 Created (Location, TTL): accepted.
 * - 400: TTL missing or not an integer >= 0, an unknown Urgency, a Topic longer than 32 characters or
 *   outside the base64url alphabet, a body without `Content-Encoding: aes128gcm`, or one that does not
 *   decrypt with the subscription's keys (wrong keys, bad padding delimiter, more than one record).
 * - 401: no `Authorization: vapid t=..., k=...` header. 403: a VAPID header that does not verify (ES256
 *   signature against `k`, `aud` not this server's origin, `exp` past or more than 24 h ahead, `sub` not a
 *   mailto: or https: URL), or a key other than the subscription's applicationServerKey.
 * - 404: no such subscription; 404 or 410 after `gone()`; 413: a body over 4096 bytes.
 * - Whatever `failNext()` asked for (500, 503, 429 with Retry-After), once per call.
 */
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { b64u, BASE64URL, decrypt, Refusal, verifyVapid, type PushSubscriptionJson, type VapidIdentity } from './push-protocol';
import { selfSignedCertificate } from './self-signed';

export { encryptForSubscription, type PushSubscriptionJson } from './push-protocol';

/** A subscription by its id, its endpoint URL, or the subscription itself. */
export type SubscriptionRef = string | { endpoint: string };

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** One accepted push message. */
export interface PushMessage {
  /** Message id (the last path segment of the Location reply). */
  id: string;
  subscriptionId: string;
  endpoint: string;
  /** TTL header, in seconds, as accepted (capped to `maxTtlSeconds`). */
  ttl: number;
  urgency: PushUrgency;
  topic: string | null;
  /** Decrypted payload as UTF-8; null for a push without a body. */
  payload: string | null;
  /** The payload parsed as JSON; undefined when there is none or it is not JSON. */
  json: unknown;
  /** The decrypted bytes (empty for a push without a body). */
  bytes: Buffer;
  /** The service clock (`now`) when the message was accepted, in ms (after its body, the latency and decryption). */
  receivedAt: number;
  /** The service clock (`now`) when its request reached the service, in ms (before its body was read). */
  arrivedAt: number;
  /** The VAPID JWT's `sub` (mailto: or https: URL) and the `k` public key that signed it (base64url). */
  vapidSub: string;
  vapidKey: string;
}

/** A request the service refused (for test diagnostics). */
export interface PushRejection {
  subscriptionId: string | null;
  status: number;
  reason: string;
  at: number;
}

export interface PushServiceOptions {
  /** The service clock for TTLs and queues (ms). Default Date.now. */
  now?: () => number;
  /**
   * The clock VAPID JWTs are checked against (ms): the senders' real time, Date.now by default, so that moving
   * `now` ahead to expire TTLs does not also expire the tokens senders mint from the real clock.
   */
  vapidNow?: () => number;
  /** 'https' (default; what web-push speaks) or 'http'. */
  protocol?: 'https' | 'http';
  /** Longest TTL kept; longer ones are accepted and cut to this (the reply's TTL says so). Default 4 weeks. */
  maxTtlSeconds?: number;
  /** Largest body accepted (RFC 8030 §7.2: at least 4096). */
  maxBodyBytes?: number;
  /**
   * Whether every message is decrypted (RFC 8291) and kept with its payload (default true). Off, the stand-in checks
   * the VAPID header and the headers, keeps the message without its payload (`payload` and `json` null) and answers
   * 201: it costs little CPU, for benches that measure the sender.
   */
  decrypt?: boolean;
  /** Over https, whether HTTP/2 is offered too (ALPN h2, HTTP/1.1 still answered), as FCM and Apple's services do. */
  http2?: boolean;
}

export interface NewSubscriptionOptions {
  /**
   * The VAPID public key (base64url, uncompressed point) passed to PushManager.subscribe: when given, only
   * messages signed with that key are accepted (403 otherwise), as a browser's push service does.
   */
  applicationServerKey?: string;
}

export interface FailOptions {
  /** Retry-After header (seconds) on the failing reply. */
  retryAfterSeconds?: number;
  /** How many of the next requests fail (default 1). */
  times?: number;
}

export interface PushServiceStandIn {
  /** https://127.0.0.1:port (http:// with `protocol: 'http'`): the VAPID audience of every endpoint. */
  readonly origin: string;
  /** An https.Agent trusting this server's certificate: web-push's `agent` option. Undefined over http. */
  readonly agent: https.Agent | undefined;
  /** The server's certificate (PEM), for clients other than web-push. Undefined over http. */
  readonly ca: string | undefined;
  /** Every accepted message, in arrival order (replaced and expired ones included). */
  readonly received: readonly PushMessage[];
  /** Every refused request, in arrival order. */
  readonly rejected: readonly PushRejection[];
  /** A new subscription, as PushManager.subscribe would make it (P-256 key pair and a 16-byte auth secret). */
  newSubscription(options?: NewSubscriptionOptions): PushSubscriptionJson;
  /** The id of a subscription (from its endpoint). */
  subscriptionId(ref: SubscriptionRef): string;
  /** Messages waiting for the phone to come online, in order (nothing is dropped or delivered). */
  pending(ref: SubscriptionRef): PushMessage[];
  /** The phone comes online: the waiting messages still alive by `now()`, in order; the queue is emptied. */
  deliver(ref: SubscriptionRef): PushMessage[];
  /** What the phone shows: per tag (payload.tag) the last delivered message; untagged ones each on their own. */
  displayed(ref: SubscriptionRef): PushMessage[];
  /** The subscription ends: every later message gets `status` (410 Gone, or 404), waiting ones are lost. */
  gone(ref: SubscriptionRef, status?: 404 | 410): void;
  /** The next message(s) to this subscription fail with `status` (e.g. 500, 503, 429) before any check. */
  failNext(ref: SubscriptionRef, status?: number, options?: FailOptions): void;
  /** Delays every reply by `ms` (0 to stop). */
  setLatency(ms: number): void;
  /** The first accepted message (already received or to come) that matches; rejects after `timeoutMs`. */
  waitFor(predicate?: (message: PushMessage) => boolean, timeoutMs?: number): Promise<PushMessage>;
  close(): Promise<void>;
}

interface Subscription {
  id: string;
  endpoint: string;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string | null;
  goneStatus: 404 | 410 | null;
  failures: Array<{ status: number; retryAfterSeconds?: number }>;
  queue: PushMessage[];
  delivered: PushMessage[];
}

const URGENCIES: readonly PushUrgency[] = ['very-low', 'low', 'normal', 'high'];

function readBody(request: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function tagOf(message: PushMessage): string | null {
  const tag = (message.json as { tag?: unknown } | null | undefined)?.tag;
  return typeof tag === 'string' ? tag : null;
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startPushService(options: PushServiceOptions = {}): Promise<PushServiceStandIn> {
  const now = options.now ?? Date.now;
  const vapidNow = options.vapidNow ?? Date.now;
  const protocol = options.protocol ?? 'https';
  const maxTtl = options.maxTtlSeconds ?? 28 * 24 * 3600;
  const maxBody = options.maxBodyBytes ?? 4096;
  const decrypting = options.decrypt ?? true;
  /**
   * VAPID headers verified once, with the identity they carry: a sender reuses one signed header for hours (as push
   * services cache verified tokens, a header seen before is not verified again, but its expiry is checked each time).
   */
  const verified = new Map<string, VapidIdentity>();
  const checkVapid = (header: string | undefined, at: number): VapidIdentity => {
    if (header === undefined) return verifyVapid(header, origin, at);
    const known = verified.get(header);
    if (known && known.exp * 1000 > at) return known;
    const identity = verifyVapid(header, origin, at);
    if (verified.size > 1_000) verified.clear();
    verified.set(header, identity);
    return identity;
  };
  const subscriptions = new Map<string, Subscription>();
  const received: PushMessage[] = [];
  const rejected: PushRejection[] = [];
  const waiters = new Set<{
    predicate: (message: PushMessage) => boolean;
    resolve: (message: PushMessage) => void;
    reject: (error: Error) => void;
  }>();
  let latency = 0;
  let origin = '';

  function accept(request: http.IncomingMessage, subscription: Subscription, body: Buffer, arrivedAt: number): PushMessage {
    const failure = subscription.failures.shift();
    if (failure) {
      const headers: Record<string, string> =
        failure.retryAfterSeconds !== undefined ? { 'retry-after': String(failure.retryAfterSeconds) } : {};
      throw new Refusal(failure.status, `injected failure ${failure.status}`, headers);
    }
    const vapid = checkVapid(request.headers.authorization, vapidNow());
    if (subscription.applicationServerKey !== null && vapid.key !== subscription.applicationServerKey) {
      throw new Refusal(403, 'vapid k is not the applicationServerKey of the subscription');
    }
    const ttlHeader = request.headers.ttl;
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader.trim()))
      throw new Refusal(400, 'TTL header missing or not an integer >= 0');
    const ttl = Math.min(Number(ttlHeader.trim()), maxTtl);
    const urgencyHeader = (request.headers.urgency as string | undefined)?.trim() ?? 'normal';
    if (!(URGENCIES as readonly string[]).includes(urgencyHeader)) throw new Refusal(400, `unknown Urgency ${urgencyHeader}`);
    const topicHeader = request.headers.topic as string | undefined;
    if (topicHeader !== undefined && (!BASE64URL.test(topicHeader) || topicHeader.length > 32)) {
      throw new Refusal(400, 'Topic must be 1-32 characters of the base64url alphabet');
    }
    let bytes: Buffer = Buffer.alloc(0);
    let payload: string | null = null;
    if (body.length > 0) {
      const encoding = request.headers['content-encoding']?.trim().toLowerCase();
      if (encoding !== 'aes128gcm') throw new Refusal(400, `Content-Encoding ${encoding ?? '(none)'} is not aes128gcm`);
      if (decrypting) {
        bytes = decrypt(body, subscription);
        payload = bytes.toString('utf8');
      }
    }
    const message: PushMessage = {
      id: randomUUID(),
      subscriptionId: subscription.id,
      endpoint: subscription.endpoint,
      ttl,
      urgency: urgencyHeader as PushUrgency,
      topic: topicHeader ?? null,
      payload,
      json: parseJson(payload),
      bytes,
      receivedAt: now(),
      arrivedAt,
      vapidSub: vapid.sub,
      vapidKey: vapid.key,
    };
    // RFC 8030 §5.4: a message with a topic replaces a waiting one with the same topic
    if (message.topic !== null) subscription.queue = subscription.queue.filter((waiting) => waiting.topic !== message.topic);
    subscription.queue.push(message);
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
    return message;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const arrivedAt = now();
    const body = await readBody(request, maxBody);
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(new URL(request.url ?? '/', origin).pathname);
    const subscription = match ? subscriptions.get(match[1]!) : undefined;
    try {
      if (!match) throw new Refusal(404, 'no such resource');
      if (request.method !== 'POST') throw new Refusal(405, 'push messages are POSTed', { allow: 'POST' });
      if (!subscription) throw new Refusal(404, 'no such subscription');
      if (subscription.goneStatus !== null) throw new Refusal(subscription.goneStatus, 'subscription expired or unsubscribed');
      if (body === null) throw new Refusal(413, `body over ${maxBody} bytes`);
      const message = accept(request, subscription, body, arrivedAt);
      response.writeHead(201, { location: `${origin}/message/${message.id}`, ttl: String(message.ttl), 'content-length': '0' });
      response.end();
    } catch (error) {
      const refusal = error instanceof Refusal ? error : new Refusal(500, error instanceof Error ? error.message : String(error));
      rejected.push({ subscriptionId: subscription?.id ?? null, status: refusal.status, reason: refusal.message, at: now() });
      const text = JSON.stringify({ code: refusal.status, error: http.STATUS_CODES[refusal.status] ?? 'Error', message: refusal.message });
      response.writeHead(refusal.status, {
        ...refusal.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
    }
  }

  const listener = (request: http.IncomingMessage, response: http.ServerResponse) => {
    handle(request, response).catch((error) => response.destroy(error instanceof Error ? error : new Error(String(error))));
  };
  const certificate = protocol === 'https' ? selfSignedCertificate({ commonName: 'Matchday push service stand-in' }) : undefined;
  // the HTTP/2 compatibility API hands the listener request and response objects with the same methods
  const sessions = new Set<http2.ServerHttp2Session>();
  const server = !certificate
    ? http.createServer(listener)
    : options.http2
      ? http2
          .createSecureServer(
            { key: certificate.key, cert: certificate.cert, allowHTTP1: true },
            listener as unknown as Parameters<typeof http2.createSecureServer>[1],
          )
          .on('session', (session: http2.ServerHttp2Session) => {
            sessions.add(session);
            session.once('close', () => sessions.delete(session));
          })
      : https.createServer({ key: certificate.key, cert: certificate.cert }, listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `${protocol}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = certificate ? new https.Agent({ ca: certificate.cert, keepAlive: false }) : undefined;

  function find(ref: SubscriptionRef): Subscription {
    const text = typeof ref === 'string' ? ref : ref.endpoint;
    const id = text.startsWith(`${origin}/push/`) ? text.slice(`${origin}/push/`.length) : text;
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`push service stand-in: no subscription ${text}`);
    return subscription;
  }

  const alive = (message: PushMessage, at: number) => at < message.receivedAt + message.ttl * 1000;

  return {
    origin,
    agent,
    ca: certificate?.cert,
    received,
    rejected,
    newSubscription(subscribeOptions = {}) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const id = randomBytes(18).toString('base64url');
      const subscription: Subscription = {
        id,
        endpoint: `${origin}/push/${id}`,
        ecdh,
        publicKey,
        auth: randomBytes(16),
        applicationServerKey: subscribeOptions.applicationServerKey ?? null,
        goneStatus: null,
        failures: [],
        queue: [],
        delivered: [],
      };
      subscriptions.set(id, subscription);
      return { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: b64u(publicKey), auth: b64u(subscription.auth) } };
    },
    subscriptionId: (ref) => find(ref).id,
    pending: (ref) => [...find(ref).queue],
    deliver(ref) {
      const subscription = find(ref);
      const at = now();
      const delivered = subscription.queue.filter((message) => alive(message, at));
      subscription.queue = [];
      subscription.delivered.push(...delivered);
      return delivered;
    },
    displayed(ref) {
      const shown = new Map<string, PushMessage>();
      for (const message of find(ref).delivered) {
        const key = tagOf(message) ?? `untagged:${message.id}`;
        shown.delete(key); // a replaced notification moves to the top, as a new one
        shown.set(key, message);
      }
      return [...shown.values()];
    },
    gone(ref, status = 410) {
      const subscription = find(ref);
      subscription.goneStatus = status;
      subscription.queue = [];
    },
    failNext(ref, status = 500, failOptions = {}) {
      const subscription = find(ref);
      for (let i = 0; i < (failOptions.times ?? 1); i += 1) {
        subscription.failures.push({
          status,
          ...(failOptions.retryAfterSeconds !== undefined ? { retryAfterSeconds: failOptions.retryAfterSeconds } : {}),
        });
      }
    },
    setLatency(ms) {
      latency = ms;
    },
    waitFor(predicate = () => true, timeoutMs = 5000) {
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<PushMessage>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (message: PushMessage) => {
            clearTimeout(timer);
            resolve(message);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const refused = rejected.map((r) => `${r.status} ${r.reason}`).join('; ') || 'none';
          reject(
            new Error(`push service stand-in: no matching message in ${timeoutMs} ms (${received.length} received; refused: ${refused})`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      for (const waiter of waiters) waiter.reject(new Error('push service stand-in: closed while waiting for a message'));
      waiters.clear();
      agent?.destroy();
      if ('closeAllConnections' in server) server.closeAllConnections();
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
