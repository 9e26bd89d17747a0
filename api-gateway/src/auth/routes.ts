import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import grant from 'grant-koa';
import type Koa from 'koa';
import type { GatewayConfig } from '../config';
import type { SessionData } from '../sessions/session-store';
import type { AccountsClient } from './accounts-client';
import { sessionKeyId, startSessionClock } from '../sessions/lifetime';
import { idTokenVerifier } from './id-token';

export const CALLBACK_PATH = '/auth/callback';

export function isAdminEmail(config: GatewayConfig, email: string): boolean {
  return config.adminEmails.has(email.toLowerCase());
}

/** grant-koa under /connect: the same code flow for Google and for the development provider. */
export function grantMiddleware(config: GatewayConfig): Koa.Middleware {
  const { oidc } = config;
  const google: Record<string, unknown> = {
    key: oidc.clientId,
    secret: oidc.clientSecret,
    scope: ['openid', 'email', 'profile'],
    callback: CALLBACK_PATH,
    response: ['tokens'],
  };
  if (oidc.kind === 'dev') {
    google.authorize_url = oidc.authorizeUrl;
    google.access_url = oidc.tokenUrl;
  } else {
    google.custom_params = { prompt: 'select_account' };
  }
  const handler = (grant as unknown as (config: Record<string, unknown>) => Koa.Middleware)({
    defaults: { origin: config.publicUrl, prefix: '/connect', transport: 'session', state: true, nonce: true, pkce: true },
    google,
  });
  const parse = bodyParser({ enableTypes: ['form', 'json'], formLimit: '8kb', jsonLimit: '8kb' });
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/connect/')) return next();
    await parse(ctx, async () => handler(ctx, next));
  };
}

export function authRouter(config: GatewayConfig, accounts: AccountsClient) {
  const router = new Router({ strict: true, sensitive: true });
  const verify = idTokenVerifier(config.oidc);

  router.get('/auth/google', (ctx) => {
    ctx.set('cache-control', 'no-store');
    ctx.redirect('/connect/google');
  });

  router.get(CALLBACK_PATH, async (ctx) => {
    ctx.set('cache-control', 'no-store');
    const session = ctx.session as unknown as SessionData | null;
    const flow = session?.grant;
    const idToken = flow?.response?.id_token;
    if (!session || typeof idToken !== 'string') {
      ctx.state.log?.warn({ error: flow?.response?.error }, 'sign-in failed');
      ctx.redirect('/login?error=sign-in-failed');
      return;
    }
    let profile;
    try {
      profile = await verify(idToken, flow?.nonce);
    } catch (error) {
      ctx.state.log?.warn({ err: error }, 'id_token rejected');
      ctx.redirect('/login?error=sign-in-failed');
      return;
    }
    const user = await accounts.signIn(profile, isAdminEmail(config, profile.email));
    delete session.grant;
    session.user = { id: user.id, email: user.email };
    startSessionClock(session, sessionKeyId(config.sessionSecret));
    // New session id at sign-in (no session fixation).
    await (ctx.session as unknown as { regenerate(): Promise<void> }).regenerate();
    ctx.redirect('/');
  });

  router.get('/auth/logout', (ctx) => {
    ctx.set('cache-control', 'no-store');
    ctx.session = null;
    ctx.redirect('/');
  });
  return router;
}
