import type Koa from 'koa';
import { unauthorized } from '@matchday/server';
import type { GatewayConfig } from '../config';
import type { KnexSessionStore, SessionData } from '../sessions/session-store';
import type { AccountsClient } from './accounts-client';
import { isAdminEmail } from './routes';

export const DELETE_ACCOUNT_PATH = '/api/auth/delete-account';

/**
 * DELETE /api/auth/delete-account: the accounts service deletes the data, then (on success only)
 * the gateway ends every session of that user, this one included, and relays the service's JSON reply.
 * The cross-site check has already run (it covers every state-changing /api call).
 */
export function deleteAccount(config: GatewayConfig, accounts: AccountsClient, sessions: KnexSessionStore): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== DELETE_ACCOUNT_PATH || ctx.method !== 'DELETE') return next();
    ctx.set('cache-control', 'no-store');
    const user = (ctx.session as unknown as SessionData | null)?.user;
    if (!user) throw unauthorized();
    const sessionId = (ctx.session as unknown as { externalKey?: string }).externalKey;
    const reply = await accounts.deleteAccount(user.id, user.email, isAdminEmail(config, user.email), sessionId);
    if (reply.status >= 200 && reply.status < 300) {
      await sessions.destroyForUser(user.id);
      ctx.session = null;
    }
    ctx.status = reply.status;
    ctx.body = reply.body;
  };
}
