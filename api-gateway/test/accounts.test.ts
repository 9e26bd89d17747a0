import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  AdminDashboard,
  ApplyReferralResult,
  AuthUser,
  DeleteAccountResult,
  ReferralCodeInfo,
  ReferralRecord,
} from '@matchday/contracts';
import { IDENTITY_HEADER, openDatabase, signIdentity, type Knex } from '@matchday/server';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort } from '../../scripts/lib/processes';
import { startStack, type RunningStack } from '../../scripts/lib/stack';

const SESSION_COOKIE = 'matchday.sid';
const ADMIN_EMAIL = 'chief@example.com';

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The accounts rules through the real gateway: sessions, cross-site check, admin check, identity tokens. */
describe('accounts behind the gateway', () => {
  let stack: RunningStack;
  let dataDir: string;
  let sessionsDb: Knex;
  let origin: string;

  const call = (method: string, pathname: string, cookie: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}${pathname}`, {
      method,
      redirect: 'manual',
      headers: {
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const me = async (cookie: string) => json<AuthUser>(await call('GET', '/api/auth/user', cookie));
  const myCode = async (cookie: string) => json<ReferralCodeInfo>(await call('GET', '/api/referral/my-code', cookie));
  const sessionRows = (userId: number) => sessionsDb('sessions').where({ user_id: userId });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-gateway-accounts-'));
    const port = await freePort();
    stack = await startStack({ port, dataDir, env: { ADMIN_EMAILS: ADMIN_EMAIL, SUPPORT_EMAIL: 'help@matchday.test' } });
    origin = new URL(stack.url).origin;
    sessionsDb = await openDatabase({ client: 'sqlite', location: path.join(dataDir, 'gateway.sqlite') });
  }, 90_000);

  afterAll(async () => {
    await sessionsDb?.destroy();
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('referral: B applies A’s code once, both get premium, own code and a second use are refused', async () => {
    const a = await signInThroughDevProvider(stack.url, 'alice.referrer@example.com');
    const b = await signInThroughDevProvider(stack.url, 'bob.newcomer@example.com');
    const codeA = await myCode(a);
    expect(codeA.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(codeA.shareLink).toBe(`${stack.url}/social-preview/${codeA.referralCode}`);
    expect(codeA.freeAccessUntil).toBeNull();

    const applied = await json<ApplyReferralResult>(
      await call('POST', '/api/referral/apply', b, { referralCode: codeA.referralCode.toLowerCase() }),
    );
    expect(applied.message).toBe("You've successfully applied the referral code and received 1 month free access!");
    expect((await me(b)).freeAccessUntil).toBe(applied.freeAccessUntil);
    const until = (await myCode(a)).freeAccessUntil;
    expect(until).not.toBeNull();
    expect(Date.parse(until!)).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const again = await call('POST', '/api/referral/apply', b, { referralCode: codeA.referralCode });
    expect(again.status).toBe(409);
    const own = await call('POST', '/api/referral/apply', a, { referralCode: codeA.referralCode });
    expect(own.status).toBe(400);
    expect(await own.json()).toEqual({ message: 'You cannot use your own referral code.' });

    const referrals = await json<ReferralRecord[]>(await call('GET', '/api/referral/my-referrals', a));
    expect(referrals.map((r) => [r.referredUser.email, r.referredUser.firstName, r.status])).toEqual([
      ['bob.newcomer@example.com', 'Bob', 'completed'],
    ]);
  });

  describe('cross-site requests', () => {
    it('a POST from another origin is refused and applies nothing', async () => {
      const a = await signInThroughDevProvider(stack.url, 'csrf.referrer@example.com');
      const victim = await signInThroughDevProvider(stack.url, 'csrf.victim@example.com');
      const { referralCode } = await myCode(a);
      const evil = await call('POST', '/api/referral/apply', victim, { referralCode }, { origin: 'http://evil.example' });
      expect(evil.status).toBe(403);
      expect(((await evil.json()) as { message: string }).message).toMatch(/cross-site/i);
      const noOrigin = await fetch(`${stack.url}/api/referral/apply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: victim },
        body: JSON.stringify({ referralCode }),
      });
      expect(noOrigin.status).toBe(403);
      const theme = await call('POST', '/api/user/preferences', victim, { theme: 'light' }, { origin: 'https://evil.example' });
      expect(theme.status).toBe(403);
      expect((await me(victim)).freeAccessUntil).toBeNull();
      expect((await me(victim)).theme).toBeNull();
      expect((await myCode(a)).freeAccessUntil).toBeNull();
    });

    it('a cross-site DELETE of the account is refused and the account stays', async () => {
      const victim = await signInThroughDevProvider(stack.url, 'csrf.delete@example.com');
      const response = await call('DELETE', '/api/auth/delete-account', victim, undefined, { origin: 'http://evil.example' });
      expect(response.status).toBe(403);
      expect((await me(victim)).email).toBe('csrf.delete@example.com');
    });
  });

  it('a forged identity header sent straight to the accounts service is refused', async () => {
    const user = await signInThroughDevProvider(stack.url, 'forged.target@example.com');
    const { id } = await me(user);
    const accountsUrl = stack.env.ACCOUNTS_URL!;
    const forged = await signIdentity(
      { scope: 'user', userId: id, isAdmin: true },
      'forged-secret-forged-secret-forged-secret',
      'accounts',
    );
    for (const [method, pathname, body] of [
      ['DELETE', '/api/auth/delete-account', undefined],
      ['POST', '/api/user/preferences', { theme: 'light' }],
      ['GET', '/api/admin/dashboard', undefined],
    ] as const) {
      const response = await fetch(`${accountsUrl}${pathname}`, {
        method,
        headers: { [IDENTITY_HEADER]: forged, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status).toBe(401);
    }
    // A token for another service is not accepted either
    const wrongAudience = await signIdentity({ scope: 'user', userId: id, isAdmin: false }, stack.env.INTERNAL_JWT_SECRET!, 'football');
    expect((await fetch(`${accountsUrl}/api/auth/user`, { headers: { [IDENTITY_HEADER]: wrongAudience } })).status).toBe(401);
    const still = await me(user);
    expect(still.email).toBe('forged.target@example.com');
    expect(still.theme).toBeNull();
  });

  it('the theme follows the user to another session (device)', async () => {
    const laptop = await signInThroughDevProvider(stack.url, 'theme.user@example.com');
    const phone = await signInThroughDevProvider(stack.url, 'theme.user@example.com');
    expect(await json(await call('POST', '/api/user/preferences', laptop, { theme: 'light' }))).toMatchObject({ theme: 'light' });
    expect((await me(phone)).theme).toBe('light');
    const bad = await call('POST', '/api/user/preferences', laptop, { theme: 'purple' });
    expect(bad.status).toBe(400);
    expect((await me(phone)).theme).toBe('light');
  });

  describe('account deletion', () => {
    it('ends every session of the user; the data is gone; a repeat with the old cookie is 401', async () => {
      const first = await signInThroughDevProvider(stack.url, 'leaving.user@example.com');
      const second = await signInThroughDevProvider(stack.url, 'leaving.user@example.com');
      const bystander = await signInThroughDevProvider(stack.url, 'staying.user@example.com');
      const { id } = await me(first);
      expect(await sessionRows(id)).toHaveLength(2);

      const response = await call('DELETE', '/api/auth/delete-account', first, undefined, { 'x-requested-with': 'XMLHttpRequest' });
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
      expect(await json<DeleteAccountResult>(response)).toEqual({ message: 'Your account has been permanently deleted.', deleted: true });

      for (const cookie of [first, second]) {
        expect((await call('GET', '/api/auth/user', cookie)).status).toBe(401);
        expect((await call('GET', '/api/leagues', cookie)).status).toBe(401);
        expect((await call('GET', '/api/referral/my-code', cookie)).status).toBe(401);
      }
      expect(await sessionRows(id)).toHaveLength(0);
      expect((await call('DELETE', '/api/auth/delete-account', first)).status).toBe(401);
      expect((await me(bystander)).email).toBe('staying.user@example.com');

      // Signing in again makes a new account
      const back = await signInThroughDevProvider(stack.url, 'leaving.user@example.com');
      const fresh = await me(back);
      expect(fresh.id).not.toBe(id);
      expect(fresh.freeAccessUntil).toBeNull();
    });

    it('anonymous -> 401', async () => {
      expect((await call('DELETE', '/api/auth/delete-account', null)).status).toBe(401);
    });
  });

  it('/app-config.json gives pages the configured support address, signed in or not, and no replay on the demo data', async () => {
    const response = await fetch(`${stack.url}/app-config.json`);
    expect(await json(response)).toEqual({ supportEmail: 'help@matchday.test', analytics: null, replay: null });
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  describe('admin', () => {
    it('anonymous 401, signed-in non-admin 403, ADMIN_EMAILS user gets the dashboard', async () => {
      expect((await call('GET', '/api/admin/dashboard', null)).status).toBe(401);
      const fan = await signInThroughDevProvider(stack.url, 'not.admin@example.com');
      const refused = await call('GET', '/api/admin/dashboard', fan);
      expect(refused.status).toBe(403);
      expect((await me(fan)).isAdmin).toBe(false);
      const chief = await signInThroughDevProvider(stack.url, ADMIN_EMAIL);
      expect((await me(chief)).isAdmin).toBe(true);
      const data = await json<AdminDashboard>(await call('GET', '/api/admin/dashboard', chief));
      expect(data.totalUsers).toBeGreaterThanOrEqual(2);
      expect(data.activeUsers).toBeGreaterThanOrEqual(2);
      expect(data.loginStats.today).toBeGreaterThanOrEqual(2);
      expect(data.recentUsers[0]?.email).toBe(ADMIN_EMAIL);
    });
  });
});
