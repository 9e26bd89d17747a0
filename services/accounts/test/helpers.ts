import type { AuthUser, SignInProfile } from '@matchday/contracts';
import type { Identity } from '@matchday/server';
import type { RunningService } from '@matchday/testing';

export const INTERNAL: Partial<Identity> = { scope: 'internal', userId: undefined };

export async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Creates (or signs in again) a user the way the gateway does after a verified sign-in. */
export async function signIn(service: RunningService, email: string, names: Partial<SignInProfile> = {}): Promise<AuthUser> {
  const profile: SignInProfile = { email, firstName: 'Fan', lastName: 'One', profileImageUrl: null, loginMethod: 'google', ...names };
  return json<AuthUser>(
    await service.request('/internal/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(profile),
      identity: INTERNAL,
    }),
  );
}

/** A JSON call as the given user. */
export function callAs(
  service: RunningService,
  userId: number,
  method: string,
  pathname: string,
  body?: unknown,
  identity: Partial<Identity> = {},
) {
  return service.request(pathname, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    identity: { scope: 'user', userId, ...identity },
  });
}
