import { signIdentity, type Identity } from '@matchday/server';
import type { ServiceName } from '../config';

/**
 * Signs the identity header for a service call. Tokens live 60 s; one is reused for 30 s per
 * (service, user, admin) so the gateway does not sign on every request.
 */
export class IdentitySigner {
  private readonly cache = new Map<string, { token: string; until: number }>();
  constructor(private readonly secret: string) {}

  async sign(service: ServiceName, identity: Identity): Promise<string> {
    const key = `${service}:${identity.scope}:${identity.userId ?? ''}:${identity.isAdmin}:${identity.sessionId ?? ''}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.token;
    const token = await signIdentity(identity, this.secret, service);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { token, until: now + 30_000 });
    return token;
  }
}
