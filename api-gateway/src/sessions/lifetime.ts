import { createHash } from 'node:crypto';
import type Koa from 'koa';
import type { SessionData } from './session-store';

/** A session not used for this long ends (the cookie and the stored row expire; renewed while in use). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however much it is used. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** Which SESSION_SECRET a session was made under: a rotated secret ends every older session. */
export function sessionKeyId(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}

/** Marks a session at sign-in with its start and the secret it was made under. */
export function startSessionClock(session: SessionData, keyId: string, now = Date.now()): void {
  session.signedInAt = now;
  session.keyId = keyId;
}

/** After the session middleware: a signed-in session past its absolute lifetime, or from another secret, is ended. */
export function sessionLifetime(keyId: string, now: () => number = Date.now): Koa.Middleware {
  return async (ctx, next) => {
    const session = ctx.session as unknown as SessionData | null;
    if (session?.user) {
      const started = typeof session.signedInAt === 'number' ? session.signedInAt : 0;
      if (session.keyId !== keyId || now() - started > SESSION_ABSOLUTE_MS) ctx.session = null;
    }
    await next();
  };
}

/** A session that holds only a sign-in in progress (grant's state, nonce and PKCE verifier) ends this soon. */
export const SIGN_IN_FLOW_MS = 10 * 60 * 1000;

interface CommittableSession {
  maxAge?: number | 'session';
  _expire?: number;
  manuallyCommit(): Promise<void>;
}

/**
 * Saves the session now (koa-session saves it after the request otherwise): a reply streamed to the client
 * has sent its headers by then, and a renewed cookie could no longer be set. Afterwards the session counts as
 * saved, so the end of the request leaves it alone.
 */
export async function commitSessionNow(ctx: Koa.Context): Promise<void> {
  const session = ctx.session as unknown as CommittableSession | null;
  if (!session) return;
  await session.manuallyCommit();
  if (typeof session.maxAge === 'number') session._expire = Date.now() + session.maxAge;
}

/**
 * After grant has written a sign-in in progress into an anonymous session: that session lives minutes, not
 * the signed-in lifetime, so anonymous GET /connect/google calls cannot fill the sessions table for a week.
 */
export function shortLivedSignInFlow(ctx: Koa.Context): void {
  const session = ctx.session as unknown as (SessionData & CommittableSession & { toJSON(): object }) | null;
  if (!session || session.user || Object.keys(session.toJSON()).length === 0) return;
  if (session.maxAge !== SIGN_IN_FLOW_MS) session.maxAge = SIGN_IN_FLOW_MS;
}
