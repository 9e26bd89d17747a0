import type Koa from 'koa';
import { forbidden, HttpError, IDENTITY_HEADER, REQUEST_ID_HEADER, serviceUnavailable, unauthorized } from '@matchday/server';
import type { GatewayConfig } from '../config';
import { isAdminEmail } from '../auth/routes';
import type { IdentitySigner } from '../proxy/identity';
import type { SessionData } from '../sessions/session-store';

/** A sync run answers once every league is done: up to a few minutes when the upstream hangs and is retried. */
export const SYNC_WAIT_MS = 10 * 60_000;

const PATH = '/api/admin/sync';

/**
 * The football.json sync's admin endpoints, admins only (the same check as clear-cache), handed to the football
 * service's GET / POST /internal/sync with the administrator's identity. Not through the proxy: a run answers only
 * once it has finished, far beyond the proxy's wait for a hung service, and the status is never cached.
 *   GET  /api/admin/sync -> SyncStatusReply (each league's last run, last change, last error)
 *   POST /api/admin/sync -> SyncRunReply (what each league did); 409 when no league is chosen (SYNC_FOOTBALL_JSON)
 * 504 when the service has not answered within `waitMs` (the gateway's own wait), 503 when it cannot be reached.
 */
export function footballSyncAdmin(config: GatewayConfig, signer: IdentitySigner, waitMs = SYNC_WAIT_MS): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== PATH || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const user = (ctx.session as unknown as SessionData | null)?.user;
    if (!user) throw unauthorized();
    if (!isAdminEmail(config, user.email)) throw forbidden('Administrators only');
    const token = await signer.sign('football', { scope: 'user', userId: user.id, email: user.email, isAdmin: true });
    const requestId = (ctx.req as { id?: unknown }).id;
    let response: Response;
    try {
      response = await fetch(`${config.services.football}/internal/sync`, {
        method: ctx.method,
        headers: { [IDENTITY_HEADER]: token, ...(requestId === undefined ? {} : { [REQUEST_ID_HEADER]: String(requestId) }) },
        signal: AbortSignal.timeout(waitMs),
      });
    } catch (error) {
      // our own wait ran out (the run goes on in the service): a gateway timeout, not a service that is down
      if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
        throw new HttpError(504, `The sync did not answer within ${Math.round(waitMs / 1000)} s; its status shows how it went`);
      }
      throw serviceUnavailable('The football service is not answering; try again shortly', 2);
    }
    const body = await response.text();
    ctx.status = response.status;
    ctx.set('cache-control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = body;
  };
}
