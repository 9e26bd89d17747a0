import type { AuthUser, SignInProfile } from '@matchday/contracts';
import { toDate, type Identity } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { REFERRAL_ALPHABET, REFERRAL_CODE_MAX_LENGTH as REFERRAL_CODE_LENGTH } from '@matchday/contracts';
import { accounts } from '../src/service';

const INTERNAL: Partial<Identity> = { scope: 'internal', userId: undefined };

function profile(email: string, overrides: Partial<SignInProfile> = {}): SignInProfile {
  return {
    email,
    firstName: 'Fan',
    lastName: 'One',
    profileImageUrl: null,
    loginMethod: 'google',
    ...overrides,
  };
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

function expectReferralCode(code: string | null): void {
  expect(typeof code).toBe('string');
  expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
  expect(REFERRAL_CODE_LENGTH).toBe(8);
  for (const char of code!) expect(REFERRAL_ALPHABET).toContain(char);
}

describe.each(testDatabases())('accounts service on %s', (_label, makeTarget) => {
  let service: RunningService;

  const signIn = (body: unknown, identity: Partial<Identity> = INTERNAL) =>
    service.request('/internal/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      identity,
    });

  const countLoginEvents = async (userId: number) => {
    const [row] = await service.db('login_events').where({ user_id: userId }).count({ n: '*' });
    return Number(row?.n);
  };

  beforeAll(async () => {
    service = await startService(accounts, makeTarget('accounts'));
  });

  afterAll(async () => {
    await service?.close();
  });

  describe('POST /internal/sign-in', () => {
    it('is refused (403) for a user-scoped identity, and creates nothing', async () => {
      const response = await signIn(profile('intruder@example.com'), {
        scope: 'user',
        userId: 1,
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toMatch(/internal/i);
      expect(await service.db('users').where({ email: 'intruder@example.com' }).first()).toBeUndefined();
    });

    it('is refused (403) for an anonymous identity', async () => {
      const response = await signIn(profile('anon@example.com'), {
        scope: 'anonymous',
        userId: undefined,
      });
      expect(response.status).toBe(403);
    });

    it('creates the user with a referral code, then updates names and lastLoginAt keeping id and code', async () => {
      const before = Date.now();
      const first = await json<AuthUser>(await signIn(profile('fan@example.com')));
      expect(first).toMatchObject({
        email: 'fan@example.com',
        firstName: 'Fan',
        lastName: 'One',
        profileImageUrl: null,
        loginMethod: 'google',
        isAdmin: false,
      });
      expect(typeof first.id).toBe('number');
      expectReferralCode(first.referralCode);
      expect(first.lastLoginAt).not.toBeNull();
      // MySQL DATETIME keeps whole seconds: allow for the rounding
      expect(Date.parse(first.lastLoginAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      const stored = await service.db('users').where({ id: first.id }).first();
      expect(stored?.referral_code).toBe(first.referralCode);

      // Make the first login clearly older so the refresh is visible even at one-second precision.
      await service.db('users').where({ id: first.id }).update({ last_login_at: '2020-01-01 00:00:00' });

      const beforeSecond = Date.now();
      const second = await json<AuthUser>(
        await signIn(
          profile('Fan@Example.com', {
            firstName: 'Renamed',
            lastName: 'Supporter',
            profileImageUrl: 'https://img.example.com/p.png',
          }),
        ),
      );
      expect(second.id).toBe(first.id);
      expect(second.referralCode).toBe(first.referralCode);
      expect(second.email).toBe('fan@example.com');
      expect(second.firstName).toBe('Renamed');
      expect(second.lastName).toBe('Supporter');
      expect(second.profileImageUrl).toBe('https://img.example.com/p.png');
      expect(Date.parse(second.lastLoginAt!)).toBeGreaterThanOrEqual(beforeSecond - 1000);
      expect(toDate((await service.db('users').where({ id: first.id }).first())?.last_login_at)!.getTime()).toBeGreaterThanOrEqual(
        beforeSecond - 1000,
      );
      expect(second.createdAt).toBe(first.createdAt);

      const [users] = await service.db('users').whereRaw('lower(email) = ?', ['fan@example.com']).count({ n: '*' });
      expect(Number(users?.n)).toBe(1);
      expect(await countLoginEvents(first.id)).toBe(2);
    });

    it('passes the gateway admin flag through to the reply', async () => {
      const user = await json<AuthUser>(
        await signIn(profile('boss@example.com'), {
          ...INTERNAL,
          isAdmin: true,
        }),
      );
      expect(user.isAdmin).toBe(true);
    });

    it.each([
      [
        'no email',
        {
          firstName: 'A',
          lastName: 'B',
          profileImageUrl: null,
          loginMethod: 'google',
        },
        'email',
      ],
      ['a malformed email', profile('not-an-email'), 'email'],
      ['an unknown login method', profile('x@example.com', { loginMethod: 'facebook' as never }), 'loginMethod'],
    ])('a profile with %s -> 400 naming the field', async (_case, body, field) => {
      const response = await signIn(body);
      expect(response.status).toBe(400);
      const { message } = (await response.json()) as { message: string };
      expect(typeof message).toBe('string');
      expect(message.startsWith(`${field}:`)).toBe(true);
    });

    it('a body that is not JSON -> 400', async () => {
      const response = await service.request('/internal/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
        identity: INTERNAL,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    });

    it('10 concurrent first sign-ins of the same e-mail create exactly one user', async () => {
      const email = 'rush@example.com';
      const replies = await Promise.all(Array.from({ length: 10 }, () => signIn(profile(email, { firstName: 'Rush' }))));
      const users = await Promise.all(replies.map((r) => json<AuthUser>(r)));
      const ids = new Set(users.map((u) => u.id));
      const codes = new Set(users.map((u) => u.referralCode));
      expect(ids.size).toBe(1);
      expect(codes.size).toBe(1);
      const rows = await service.db('users').where({ email });
      expect(rows).toHaveLength(1);
      expect(rows[0].id).toBe(users[0]!.id);
      expect(await countLoginEvents(users[0]!.id)).toBe(10);
    });

    it('every user gets a distinct referral code', async () => {
      const created = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => json<AuthUser>(await signIn(profile(`many${i}@example.com`)))),
      );
      for (const user of created) expectReferralCode(user.referralCode);
      expect(new Set(created.map((u) => u.referralCode)).size).toBe(created.length);
    });
  });

  describe('GET /api/auth/user', () => {
    it('returns the user of the identity', async () => {
      const created = await json<AuthUser>(await signIn(profile('me@example.com', { firstName: 'Me', lastName: null })));
      const me = await json<AuthUser>(
        await service.request('/api/auth/user', {
          identity: { userId: created.id },
        }),
      );
      expect(me).toMatchObject({
        id: created.id,
        email: 'me@example.com',
        firstName: 'Me',
        lastName: null,
        isAdmin: false,
      });
      expect(me.referralCode).toBe(created.referralCode);

      const asAdmin = await json<AuthUser>(
        await service.request('/api/auth/user', {
          identity: { userId: created.id, isAdmin: true },
        }),
      );
      expect(asAdmin.isAdmin).toBe(true);
    });

    it('404 with a message for an unknown user id', async () => {
      const response = await service.request('/api/auth/user', {
        identity: { userId: 987_654 },
      });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toMatch(/not found/i);
    });

    it('401 for an identity without a user', async () => {
      const response = await service.request('/api/auth/user', {
        identity: { scope: 'anonymous', userId: undefined },
      });
      expect(response.status).toBe(401);
    });

    it('401 without the gateway identity header', async () => {
      const response = await fetch(`${service.url}/api/auth/user`);
      expect(response.status).toBe(401);
    });
  });
});
