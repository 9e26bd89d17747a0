import { createRemoteJWKSet, jwtVerify } from 'jose';
import { unauthorized } from '@matchday/server';
import type { SignInProfile } from '@matchday/contracts';
import type { OidcConfig } from '../config';

/** grant checks the id_token's audience and nonce but not its signature: verify it against the provider's JWKS. */
export function idTokenVerifier(oidc: OidcConfig) {
  const jwks = createRemoteJWKSet(new URL(oidc.jwksUrl));
  const issuers = oidc.kind === 'google' ? [oidc.issuer, 'accounts.google.com'] : [oidc.issuer];
  return async (idToken: string, expectedNonce: string | undefined): Promise<SignInProfile> => {
    const { payload } = await jwtVerify(idToken, jwks, { issuer: issuers, audience: oidc.clientId });
    if (!expectedNonce || payload.nonce !== expectedNonce) throw unauthorized('Sign-in nonce mismatch');
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email || payload.email_verified === false) throw unauthorized('The identity provider gave no verified e-mail');
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    return {
      email,
      firstName: text(payload.given_name),
      lastName: text(payload.family_name),
      profileImageUrl: text(payload.picture),
      loginMethod: oidc.kind === 'google' ? 'google' : 'other',
    };
  };
}
