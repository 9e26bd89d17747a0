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
