import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Logger } from '@matchday/server';
import type { VapidKeys } from '../../lib/vapid';
import { keyProblem } from '../push/device';
import type { OutgoingAlert } from './compose';
import type { Recipient } from './repository';

/**
 * What one try of one (alert, device) at the push service came to:
 * - sent, expired (its TTL ran out before a try), failed (refused for a reason that is not the device's and that
 *   another try would not change, or the last try);
 * - gone: the device can never receive a push (keys that cannot encrypt one, an endpoint the server may not call,
 *   or a 400/401/403/404/410 from its push service): the caller drops the subscription at once;
 * - retry: worth another try after `delayMs` (rate limited, the push service's own trouble, no answer).
 */
export type PushOutcome =
  | { status: 'sent' | 'failed' | 'expired'; attempts: number; sentMs: number | null }
  | { status: 'gone'; reason: string }
  | { status: 'retry'; attempts: number; delayMs: number };

/**
 * Why a device can never take a push, found without the network: keys that cannot encrypt one, or an endpoint
 * the server may not call (`endpointProblem`: push/device.ts with the config). Null when it may be tried.
 */
export function unusableDevice(
  recipient: Pick<Recipient, 'endpoint' | 'keys'>,
  endpointProblem?: (endpoint: string) => string | null,
): string | null {
  return keyProblem(recipient.keys) ?? endpointProblem?.(recipient.endpoint) ?? null;
}

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
  private readonly byAudience = new Map<string, { authorization: string; renewAtMs: number; signer: string }>();
  /** Tokens signed so far (tests and benches). */
  signed = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  authorization(vapid: VapidKeys, endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const signer = `${vapid.publicKey} ${vapid.subject}`;
    const now = this.clock();
    const kept = this.byAudience.get(audience);
    if (kept && kept.signer === signer && now < kept.renewAtMs) return kept.authorization;
    const expiration = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration);
    this.byAudience.set(audience, { authorization: Authorization, renewAtMs: now + VAPID_RENEW_AFTER_MS, signer });
    this.signed += 1;
    return Authorization;
  }
}

/** The waits before the second and the third try; there is no fourth. */
export const RETRY_DELAYS_MS = [500, 2_000];
const SEND_TIMEOUT_MS = 10_000;

/** A push service's answers that say this subscription will never take a push: the device goes, no retry. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 410]);

/** Whether an error is worth another try: rate limited, the push service's own trouble, or no answer (network). */
function retryable(error: unknown): boolean {
  if (error instanceof WebPushError) return error.statusCode === 429 || error.statusCode >= 500;
  // Node's own errors (ERR_CRYPTO_..., ERR_INVALID_...) come from this process: another try fails the same way
  const code = (error as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && code.startsWith('ERR_'));
}

/**
 * Sends one claimed alert to one device, once (try `attempt` of at most three, with the TTL that is left of the
 * alert's). The caller has checked what needs no network (unusableDevice). Writes nothing: the caller claimed the
 * pair before, schedules retries, and records the outcome after (in batches).
 */
export async function pushAlert(
  vapid: VapidKeys,
  recipient: Pick<Recipient, 'endpoint' | 'keys'>,
  outgoing: OutgoingAlert,
  logger: Logger,
  options: {
    now?: () => number;
    /** The HTTPS agent to the push service (tests and benches: one that trusts a stand-in's certificate). */
    agent?: Agent | undefined;
    /** Which try this is (1 for the first). */
    attempt?: number;
    /** Signed VAPID headers to reuse (default: one signed for this push alone). */
    vapidHeaders?: VapidHeaders | undefined;
    /** When the alert's TTL ends (epoch ms; default its ttlSeconds from now): each try gets what is left. */
    deadlineMs?: number;
  } = {},
): Promise<PushOutcome> {
  const now = options.now ?? Date.now;
  const attempt = options.attempt ?? 1;
  const ttlSeconds = options.deadlineMs === undefined ? outgoing.ttlSeconds : Math.floor((options.deadlineMs - now()) / 1000);
  if (ttlSeconds <= 0) return { status: 'expired', attempts: attempt - 1, sentMs: null };
  try {
    const authorization = (options.vapidHeaders ?? new VapidHeaders()).authorization(vapid, recipient.endpoint);
    await webpush.sendNotification({ endpoint: recipient.endpoint, keys: recipient.keys }, JSON.stringify(outgoing.alert), {
      headers: { Authorization: authorization },
      TTL: ttlSeconds,
      urgency: outgoing.urgency,
      topic: outgoing.topic,
      contentEncoding: 'aes128gcm',
      timeout: SEND_TIMEOUT_MS,
      ...(options.agent ? { agent: options.agent } : {}),
    });
    return { status: 'sent', attempts: attempt, sentMs: now() };
  } catch (error) {
    if (error instanceof WebPushError && PERMANENT_STATUSES.has(error.statusCode)) {
      return { status: 'gone', reason: `the push service answered ${error.statusCode}` };
    }
    if (!(error instanceof WebPushError) && !retryable(error)) {
      // encrypting for this device failed here (its keys): no other try, and no other alert, can reach it
      return { status: 'gone', reason: (error as Error).message };
    }
    const delayMs = RETRY_DELAYS_MS[attempt - 1];
    if (delayMs === undefined || !retryable(error)) {
      logger.warn({ err: error, alert: outgoing.key }, 'alerts: push refused');
      return { status: 'failed', attempts: attempt, sentMs: null };
    }
    return { status: 'retry', attempts: attempt, delayMs };
  }
}
