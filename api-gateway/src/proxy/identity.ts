import { decodeJwt } from 'jose';
import { signIdentity, type Identity } from '@matchday/server';
import type { ServiceName } from '../config';
import { growingLru } from '../shared/lru';

/**
 * A token is reused until this long before it expires: the service checks `exp` with its own clock,
 * and a request that waited in the admission queue (at most 6 s) still arrives with a valid token.
 */
export const IDENTITY_REUSE_MARGIN_MS = 10_000;

/**
 * Signs the identity header for a service call, once per (service, user, e-mail, admin, session) for the
 * token's lifetime: it is reused until IDENTITY_REUSE_MARGIN_MS before its own `exp`, and concurrent
 * requests of one identity share one signature.
 */
export class IdentitySigner {
  private readonly tokens = growingLru<string, string>(100_000);
  private readonly signing = new Map<string, Promise<string>>();
  private readonly reuseMarginMs: number;
  private readonly signToken: typeof signIdentity;
  constructor(
    private readonly secret: string,
    options: { reuseMarginMs?: number; sign?: typeof signIdentity } = {},
  ) {
    this.reuseMarginMs = options.reuseMarginMs ?? IDENTITY_REUSE_MARGIN_MS;
    this.signToken = options.sign ?? signIdentity;
  }

  async sign(service: ServiceName, identity: Identity): Promise<string> {
    const key = [service, identity.scope, identity.userId ?? '', identity.email ?? '', identity.isAdmin, identity.sessionId ?? ''].join(
      '\n',
    );
    const token = this.tokens.get(key);
    if (token !== undefined) return token;
    let pending = this.signing.get(key);
    if (!pending) {
      pending = this.signNew(key, service, identity).finally(() => this.signing.delete(key));
      this.signing.set(key, pending);
    }
    return pending;
  }

  private async signNew(key: string, service: ServiceName, identity: Identity): Promise<string> {
    const token = await this.signToken(identity, this.secret, service);
    const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
    const ttl = expiresAt - this.reuseMarginMs - Date.now();
    if (ttl > 0) this.tokens.set(key, token, { ttl });
    return token;
  }
}
