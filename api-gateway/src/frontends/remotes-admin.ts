import type Koa from 'koa';
import { badRequest, forbidden, HttpError, unauthorized } from '@matchday/server';
import type { RemoteChangeReply, RemotesReply } from '@matchday/contracts';
import type { GatewayConfig } from '../config';
import { isAdminEmail } from '../auth/routes';
import { jsonBody } from '../middleware/request-body';
import type { SessionData } from '../sessions/session-store';
import {
  parseRemoteName,
  remoteStatuses,
  RemoteStateError,
  rollback,
  rollForward,
  type ChangeResult,
  type RemoteStateStore,
} from '@matchday/remote-state';

const ACTION = /^\/api\/admin\/remotes\/([^/]+)\/(rollback|roll-forward)$/;

/**
 * The admin Remotes panel's endpoints, admins only (the same check as clear-cache). They do exactly what
 * `npm run rollback` / `npm run rollforward` do, on the same state the manifest reads (@matchday/remote-state):
 *   GET  /api/admin/remotes                       -> RemotesReply
 *   POST /api/admin/remotes/{name}/rollback       -> RemoteChangeReply   body {to?: version}
 *   POST /api/admin/remotes/{name}/roll-forward   -> RemoteChangeReply
 * Unknown remote or version 404, nothing older / newer 409, a malformed version 400; nothing changes then.
 */
export function remotesAdmin(config: GatewayConfig, store: RemoteStateStore): Koa.Middleware {
  return async (ctx, next) => {
    const list = ctx.path === '/api/admin/remotes';
    const action = ACTION.exec(ctx.path);
    if (!list && !action) return next();
    if ((list && ctx.method !== 'GET') || (action && ctx.method !== 'POST')) return next();
    const user = (ctx.session as unknown as SessionData | null)?.user;
    if (!user) throw unauthorized();
    if (!isAdminEmail(config, user.email)) throw forbidden('Administrators only');
    ctx.set('cache-control', 'no-store');
    if (list) {
      const reply: RemotesReply = { remotes: remoteStatuses(config.frontendRoot, await store.read()) };
      ctx.body = reply;
      return;
    }
    const body = jsonBody(ctx);
    const to = body && typeof body === 'object' ? (body as { to?: unknown }).to : undefined;
    if (to !== undefined && typeof to !== 'string') throw badRequest('"to" must be a version string');
    const by = `admin:${user.email}`;
    let encodedName: string;
    try {
      encodedName = decodeURIComponent(action![1] ?? '');
    } catch {
      throw badRequest('Malformed remote name in the path');
    }
    let result: ChangeResult;
    try {
      const name = parseRemoteName(encodedName);
      result =
        action![2] === 'rollback'
          ? await rollback(config.frontendRoot, store, name, to === undefined ? { by } : { to, by })
          : await rollForward(config.frontendRoot, store, name, { by });
    } catch (error) {
      if (error instanceof RemoteStateError) throw new HttpError(error.status, error.message);
      throw error;
    }
    const reply: RemoteChangeReply = { message: result.message, remote: result.remote };
    ctx.body = reply;
  };
}
