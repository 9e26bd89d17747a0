import type { Dispatcher, Pool } from 'undici';
import webpush from 'web-push';
import type { PushAlert } from '@matchday/contracts';
import type { Logger } from '@matchday/server';
import type { VapidKeys } from '../../lib/vapid';
import type { OutgoingAlert } from './compose';
import { makeMessageKeys, sealPayload, type MessageKeys } from './message-keys';
import type { PushConnections } from './push-connections';
import type { Recipient } from './repository';

/**
 * What one try of one (alert, device) at the push service came to:
 * - sent, expired (its TTL ran out before a try), failed (refused for a reason that is not the device's and that
 *   another try would not change, or the last try);
 * - gone: the device can never receive a push (keys that cannot encrypt one, an endpoint the server may not call,
 *   or a 400/401/403/404/410 from its push service): the caller drops the subscription at once;
 * - retry: worth another try after `delayMs` (rate limited, the push service's own trouble, no answer; at least
 *   its Retry-After). After a 429 (or WNS's 406), or a 5xx with a Retry-After, this sender sends nothing to that push
 *   service until the pause ends: such deliveries go back to the queue without using a try.
 */
export type PushOutcome =
  | { status: 'sent' | 'failed' | 'expired'; attempts: number; sentMs: number | null }
  | { status: 'gone'; reason: string }
  | { status: 'retry'; attempts: number; delayMs: number };

/** A VAPID token is signed to be valid this long (RFC 8292 allows at most 24 h)... */
export const VAPID_TOKEN_SECONDS = 12 * 3600;
/** ...and signed again once this much of it has passed, well before a push service would refuse it. */
export const VAPID_RENEW_AFTER_MS = 6 * 3_600_000;

/**
 * The VAPID `Authorization` header (RFC 8292), signed once per push-service origin (the token's audience) and
 * reused until VAPID_RENEW_AFTER_MS: signing (ES256) is a cost per token, not per push. The payload encryption
 * stays per device (RFC 8291). Timed by the real clock, as the push services check the token's expiry by theirs.
 */
export class VapidHeaders {
  private readonly byAudience = new Map<string, { authorization: string; renewAtMs: number; publicKey: string; subject: string }>();
  /** Tokens signed so far (tests and benches). */
  signed = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  authorization(vapid: VapidKeys, endpoint: string): string {
    return this.forOrigin(vapid, new URL(endpoint).origin);
  }

  /** The header for a push service by its origin (`https://host[:port]`, the token's audience). */
  forOrigin(vapid: VapidKeys, audience: string): string {
    const now = this.clock();
    const kept = this.byAudience.get(audience);
    if (kept && kept.publicKey === vapid.publicKey && kept.subject === vapid.subject && now < kept.renewAtMs) return kept.authorization;
    const expiration = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration);
    this.byAudience.set(audience, {
      authorization: Authorization,
      renewAtMs: now + VAPID_RENEW_AFTER_MS,
      publicKey: vapid.publicKey,
      subject: vapid.subject,
    });
    this.signed += 1;
    return Authorization;
  }
}

/** The waits before the second and the third try; there is no fourth. */
export const RETRY_DELAYS_MS = [500, 2_000];

/** A push service's answers that say this subscription will never take a push: the device goes, no retry. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 410]);
/** Answers asking for fewer requests: 429 (RFC 8030 §8.4), and 406 from Windows' push service (WNS: throttled). */
const THROTTLED_STATUSES = new Set([406, 429]);
/** A push service's Retry-After is honoured up to this long (a longer one is read as this). */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** A Retry-After header (delay-seconds or an HTTP date, RFC 9110 §10.2.3) as ms from `nowMs`; undefined if absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  // an HTTP date starts with the day's name ("Sat, 28 Nov 2026 15:00:30 GMT")
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : /^[A-Za-z]{3},/.test(value) ? Date.parse(value) - nowMs : NaN;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** What a push service answered: its status, its Retry-After, and the start of its body when it refused. */
interface PushAnswer {
  status: number;
  retryAfter: string | string[] | undefined;
  text: string;
}

/** A refusal's body is kept up to this many bytes (for the log). */
const REFUSAL_BODY_BYTES = 200;

/**
 * One POST on a kept-alive connection, read by a handler of its own: no response stream and no body buffer per push
 * (a push service's acceptance has an empty or tiny body), only a refusal's first bytes.
 */
function post(pool: Pool, options: Dispatcher.DispatchOptions): Promise<PushAnswer> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let retryAfter: string | string[] | undefined;
    let kept: Buffer[] | null = null;
    let keptBytes = 0;
    pool.dispatch(options, {
      // (undici takes a handler as one of this API by this method)
      onRequestStart() {},
      onResponseStart(_controller, statusCode, headers) {
        status = statusCode;
        retryAfter = headers['retry-after'];
        kept = statusCode >= 200 && statusCode < 300 ? null : [];
      },
      onResponseData(_controller, chunk) {
        if (kept === null || keptBytes >= REFUSAL_BODY_BYTES) return;
        kept.push(chunk);
        keptBytes += chunk.length;
      },
      onResponseEnd() {
        resolve({ status, retryAfter, text: kept ? Buffer.concat(kept).toString('utf8').slice(0, REFUSAL_BODY_BYTES) : '' });
      },
      onResponseError(_controller, error) {
        reject(error);
      },
    });
  });
}

/** An alert's JSON, made once per alert object (the devices of one claimed alert share it, repository.ts claimQueued). */
const alertJson = new WeakMap<PushAlert, string>();
function jsonOf(alert: PushAlert): string {
  let json = alertJson.get(alert);
  if (json === undefined) {
    json = JSON.stringify(alert);
    alertJson.set(alert, json);
  }
  return json;
}

/**
 * Sends one claimed alert to one device, once (try `attempt` of at most three, with the TTL that is left of the
 * alert's): the payload sealed for this device (RFC 8291, message-keys.ts, with keys made ahead where the sender has
 * them), the Web Push headers (RFC 8030: TTL, Urgency, Topic; RFC 8292's VAPID Authorization), sent by undici on a
 * kept-alive connection. Writes nothing: the caller claimed the delivery, queues retries, and records the
 * outcome after (in batches).
 */
export async function pushAlert(
  vapid: VapidKeys,
  recipient: Pick<Recipient, 'endpoint' | 'keys'>,
  outgoing: Pick<OutgoingAlert, 'key' | 'alert' | 'ttlSeconds' | 'urgency' | 'topic'>,
  logger: Logger,
  options: {
    connections: PushConnections;
    now?: () => number;
    /** Which try this is (1 for the first). */
    attempt?: number;
    /** Signed VAPID headers to reuse (default: one signed for this push alone). */
    vapidHeaders?: VapidHeaders | undefined;
    /** When the alert's TTL ends (epoch ms; default its ttlSeconds from now): each try gets what is left. */
    deadlineMs?: number;
    /** This message's keys for the device (default: made now): a sender's KeysAhead hands out keys made while it waited. */
    messageKeys?: () => MessageKeys;
  },
): Promise<PushOutcome> {
  const now = options.now ?? Date.now;
  const attempt = options.attempt ?? 1;
  const ttlSeconds = options.deadlineMs === undefined ? outgoing.ttlSeconds : Math.floor((options.deadlineMs - now()) / 1000);
  if (ttlSeconds <= 0) return { status: 'expired', attempts: attempt - 1, sentMs: null };
  let url: URL;
  try {
    url = new URL(recipient.endpoint);
  } catch (error) {
    return { status: 'gone', reason: (error as Error).message };
  }
  // the push service asked for a pause: back to the queue until it ends, without a try
  const resumesAt = options.connections.resumesAt(url.origin, now());
  if (resumesAt !== undefined) return { status: 'retry', attempts: attempt - 1, delayMs: resumesAt - now() };
  let body: Buffer;
  let headers: Record<string, string>;
  try {
    const authorization = (options.vapidHeaders ?? new VapidHeaders()).forOrigin(vapid, url.origin);
    const keys = options.messageKeys ? options.messageKeys() : makeMessageKeys(recipient.keys);
    body = sealPayload(keys, Buffer.from(jsonOf(outgoing.alert)));
    headers = {
      Authorization: authorization,
      TTL: String(ttlSeconds),
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(body.length),
      Urgency: outgoing.urgency,
    };
    if (outgoing.topic) headers.Topic = outgoing.topic;
  } catch (error) {
    // encrypting for this device failed here (its keys): no other try, and no other alert, can reach it
    return { status: 'gone', reason: (error as Error).message };
  }
  const retry = (reason: unknown, atLeastMs = 0): PushOutcome => {
    const delayMs = RETRY_DELAYS_MS[attempt - 1];
    if (delayMs !== undefined) return { status: 'retry', attempts: attempt, delayMs: Math.max(delayMs, atLeastMs) };
    logger.warn({ err: reason, alert: outgoing.key }, 'alerts: push refused');
    return { status: 'failed', attempts: attempt, sentMs: null };
  };
  try {
    const { status, retryAfter, text } = await post(options.connections.pool(url.origin), {
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers,
      body,
    });
    if (status >= 200 && status < 300) return { status: 'sent', attempts: attempt, sentMs: now() };
    if (PERMANENT_STATUSES.has(status)) return { status: 'gone', reason: `the push service answered ${status}` };
    // rate limited, or the push service's own trouble: worth another try; anything else is this alert's refusal
    if (THROTTLED_STATUSES.has(status) || status >= 500) {
      const afterMs = retryAfterMs(retryAfter, now());
      // throttled, or down for a time it names: the whole push service waits (every device on it), not only this push
      if (THROTTLED_STATUSES.has(status) || afterMs !== undefined) {
        const untilMs = now() + (afterMs ?? RETRY_DELAYS_MS[0]!);
        if (options.connections.resumesAt(url.origin, now()) === undefined) {
          logger.warn({ origin: url.origin, status, retryAfterMs: afterMs ?? null }, 'alerts: the push service asks for a pause');
        }
        options.connections.pause(url.origin, untilMs);
      }
      return retry(new Error(`the push service answered ${status}: ${text}`), afterMs);
    }
    logger.warn({ status, body: text, alert: outgoing.key }, 'alerts: push refused');
    return { status: 'failed', attempts: attempt, sentMs: null };
  } catch (error) {
    // no answer (refused, reset, timed out): another try may reach it
    return retry(error);
  }
}
