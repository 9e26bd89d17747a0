import { SignJWT, jwtVerify } from 'jose';

/**
 * Identity the gateway passes to services: a short-lived HS256 JWT in the `x-matchday-identity` header,
 * signed with INTERNAL_JWT_SECRET. Services refuse any request without a valid one, so a forged header
 * sent straight to a service gets 401.
 */
export const IDENTITY_HEADER = 'x-matchday-identity';
const ISSUER = 'matchday-gateway';
const TTL_SECONDS = 60;

export interface Identity {
  /** User id, absent for calls made by the gateway itself (sign-in) or anonymous reads. */
  userId?: number;
  email?: string;
  isAdmin: boolean;
  sessionId?: string;
  /** "internal" marks gateway-to-service calls such as the sign-in upsert. */
  scope: 'user' | 'anonymous' | 'internal';
}

function key(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error('INTERNAL_JWT_SECRET must be at least 32 characters');
  return new TextEncoder().encode(secret);
}

export async function signIdentity(identity: Identity, secret: string, audience: string): Promise<string> {
  const jwt = new SignJWT({
    email: identity.email,
    adm: identity.isAdmin,
    sid: identity.sessionId,
    scope: identity.scope,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${TTL_SECONDS}s`);
  if (identity.userId !== undefined) jwt.setSubject(String(identity.userId));
  return jwt.sign(key(secret));
}

export async function verifyIdentity(token: string, secret: string, audience: string): Promise<Identity> {
  const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience, algorithms: ['HS256'] });
  const scope = payload.scope;
  if (scope !== 'user' && scope !== 'anonymous' && scope !== 'internal') throw new Error('bad scope');
  return {
    userId: payload.sub === undefined ? undefined : Number(payload.sub),
    email: typeof payload.email === 'string' ? payload.email : undefined,
    isAdmin: payload.adm === true,
    sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
    scope,
  };
}
