import { IDENTITY_HEADER, serviceUnavailable } from '@matchday/server';
import type { AuthUser, DeleteAccountResult, SignInProfile } from '@matchday/contracts';
import type { IdentitySigner } from '../proxy/identity';
import { UPSTREAM_TIMEOUT_MS } from '../proxy/proxy';

/** A call to the accounts service that fails fast: down, hung or refused ends as 503, never a hang. */
async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch {
    throw serviceUnavailable('The accounts service is not answering; try again shortly', 2);
  }
}

/** The gateway's own calls to the accounts service (sign-in upsert, current user). */
export class AccountsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly signer: IdentitySigner,
  ) {}

  async signIn(profile: SignInProfile, isAdmin: boolean): Promise<AuthUser> {
    const token = await this.signer.sign('accounts', { scope: 'internal', isAdmin });
    const response = await call(`${this.baseUrl}/internal/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: token },
      body: JSON.stringify(profile),
    });
    if (!response.ok) throw new Error(`accounts sign-in failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as AuthUser;
  }

  /** The user, or null when the account no longer exists. */
  async currentUser(userId: number, email: string, isAdmin: boolean, sessionId?: string): Promise<AuthUser | null> {
    const token = await this.signer.sign('accounts', { scope: 'user', userId, email, isAdmin, sessionId });
    const response = await call(`${this.baseUrl}/api/auth/user`, { headers: { [IDENTITY_HEADER]: token } });
    // Only "no such account" ends the session: a 401 here means the gateway and the service disagree
    // on the identity key (misconfiguration), which is not the user's doing.
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`accounts user lookup failed: ${response.status}`);
    return (await response.json()) as AuthUser;
  }

  /** Deletes the account; the service's status and JSON reply are handed back as they are. */
  async deleteAccount(
    userId: number,
    email: string,
    isAdmin: boolean,
    sessionId?: string,
  ): Promise<{ status: number; body: DeleteAccountResult | { message: string } }> {
    const token = await this.signer.sign('accounts', { scope: 'user', userId, email, isAdmin, sessionId });
    const response = await call(`${this.baseUrl}/api/auth/delete-account`, { method: 'DELETE', headers: { [IDENTITY_HEADER]: token } });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as DeleteAccountResult | { message: string } };
    } catch {
      throw new Error(`accounts delete-account answered ${response.status} without JSON`);
    }
  }
}
