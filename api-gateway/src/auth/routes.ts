import Router from '@koa/router';
import grant from 'grant-koa';
import type Koa from 'koa';
import type { GatewayConfig } from '../config';
import type { SessionData } from '../sessions/session-store';
import type { AccountsClient } from './accounts-client';
import { SESSION_IDLE_MS, sessionKeyId, shortLivedSignInFlow, startSessionClock } from '../sessions/lifetime';
import { idTokenVerifier } from './id-token';

export const CALLBACK_PATH = '/auth/callback';

/** The longest page address kept to return to after sign-in. */
const RETURN_PATH_MAX = 2000;

/**
 * Where a sign-in started from (GET /auth/google?returnTo=...) when it is a page of this site to come back to: a path
 * (one leading slash, never `//` or `/\`, which a browser reads as another host), printable, not a sign-in or
 * sign-out route; undefined otherwise (then the sign-in lands on /).
 */
export function signInReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > RETURN_PATH_MAX) return undefined;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return undefined;
  if (/^\/(auth|connect)(\/|\?|$)/.test(value)) return undefined;
  return value;
}

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
  // ctx.request.body is the body middleware/request-body.ts read (bounded in size and time).
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/connect/')) return next();
    await handler(ctx, next);
    // grant's own failures (no sign-in in progress, a provider error) go to /?error=<grant's message>: the login page's
    // message instead, as for every other failed sign-in, and the reason to the log, not the address bar
    const location = ctx.response.get('location');
    if (ctx.status >= 300 && ctx.status < 400 && /^\/?\?error=/.test(location)) {
      ctx.state.log?.warn({ error: new URLSearchParams(location.slice(location.indexOf('?'))).get('error') }, 'sign-in failed');
      ctx.redirect('/login?error=sign-in-failed');
    }
    shortLivedSignInFlow(ctx);
  };
}

export function authRouter(config: GatewayConfig, accounts: AccountsClient) {
  const router = new Router({ strict: true, sensitive: true });
  const verify = idTokenVerifier(config.oidc);

  router.get('/auth/google', (ctx) => {
    ctx.set('cache-control', 'no-store');
    // the page the visitor opened (a shared match, an invitation) is where the sign-in comes back to
    const returnTo = signInReturnPath(ctx.query.returnTo);
    if (returnTo) (ctx.session as unknown as SessionData).returnTo = returnTo;
    else if (ctx.session && 'returnTo' in ctx.session) delete (ctx.session as unknown as SessionData).returnTo;
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
    const returnTo = signInReturnPath(session.returnTo) ?? '/';
    delete session.grant;
    delete session.returnTo;
    session.user = { id: user.id, email: user.email };
    // From a sign-in in progress (minutes) to a signed-in session (SESSION_IDLE_MS, renewed while in use).
    (session as unknown as { maxAge: number }).maxAge = SESSION_IDLE_MS;
    startSessionClock(session, sessionKeyId(config.sessionSecret));
    // New session id at sign-in (no session fixation).
    await (ctx.session as unknown as { regenerate(): Promise<void> }).regenerate();
    ctx.redirect(returnTo);
  });

  // Logging out is a POST behind the cross-site check (middleware/csrf.ts): the header's menu and the account
  // deletion send it from a form. A link on another site cannot log anyone out.
  router.post('/auth/logout', (ctx) => {
    ctx.set('cache-control', 'no-store');
    ctx.session = null;
    ctx.redirect('/');
    ctx.status = 303;
  });
  // GET /auth/logout (spec §4: the Log out link's target) ends the session only when the browser says the
  // navigation started on this site or from the user's own address bar or bookmark (Sec-Fetch-Site); from
  // another site, or from a client that does not say, nothing changes and the app opens as it is.
  router.get('/auth/logout', (ctx) => {
    ctx.set('cache-control', 'no-store');
    const site = ctx.get('sec-fetch-site');
    if (site === 'same-origin' || site === 'none') ctx.session = null;
    ctx.redirect('/');
  });
  return router;
}
