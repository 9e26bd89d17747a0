import type { AuthUser, DeleteAccountResult, ReferralRecord, UserPreferences } from '@matchday/contracts';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { accounts } from '../src/service';
import { callAs, json, signIn } from './helpers';

describe.each(testDatabases())('preferences and account deletion on %s', (_label, makeTarget) => {
  let service: RunningService;
  let seq = 0;
  const newUser = (firstName = 'Fan', lastName = 'One') => signIn(service, `acct${(seq += 1)}@example.com`, { firstName, lastName });
  const setTheme = (userId: number, body: unknown) => callAs(service, userId, 'POST', '/api/user/preferences', body);
  const deleteAccount = (userId: number) => callAs(service, userId, 'DELETE', '/api/auth/delete-account');
  const storedTheme = async (userId: number) => (await service.db('users').where({ id: userId }).first())?.theme as string | null;

  beforeAll(async () => {
    service = await startService(accounts, makeTarget('accounts'));
  });

  afterAll(async () => {
    await service?.close();
  });

  describe('POST /api/user/preferences', () => {
    it('stores light or dark per user and returns it with the auth user', async () => {
      const user = await newUser();
      const other = await newUser();
      expect(user.theme).toBeNull();
      expect(await json<UserPreferences>(await setTheme(user.id, { theme: 'light' }))).toMatchObject({
        theme: 'light',
        spoilerFree: false,
      });
      expect((await json<AuthUser>(await callAs(service, user.id, 'GET', '/api/auth/user'))).theme).toBe('light');
      expect(await storedTheme(other.id)).toBeNull();
      expect(await json<UserPreferences>(await setTheme(user.id, { theme: 'dark' }))).toMatchObject({ theme: 'dark' });
      expect((await json<AuthUser>(await callAs(service, user.id, 'GET', '/api/auth/user'))).theme).toBe('dark');
      // A new sign-in (another device) keeps it
      expect((await signIn(service, user.email)).theme).toBe('dark');
    });

    it.each([
      ['an unknown theme', { theme: 'blue' }, /^theme: must be 'light' or 'dark'$/],
      ['no preference at all', {}, /at least one preference/],
      ['an unknown field', { theme: 'light', colour: 'red' }, /colour|unrecognized/i],
      ['not an object', 'light', /^Invalid JSON body$/],
    ])('%s -> 400 with a message, nothing stored', async (_case, body, message) => {
      const user = await newUser();
      await setTheme(user.id, { theme: 'dark' });
      const response = await setTheme(user.id, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
      expect(await storedTheme(user.id)).toBe('dark');
    });

    it('401 without a user; 404 when the account is gone', async () => {
      const anonymous = await service.request('/api/user/preferences', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ theme: 'light' }),
        identity: { scope: 'anonymous', userId: undefined },
      });
      expect(anonymous.status).toBe(401);
      expect((await setTheme(987_654, { theme: 'light' })).status).toBe(404);
    });
  });

  describe('DELETE /api/auth/delete-account', () => {
    it('deletes the personal data; referral records and login counts stay without the identity', async () => {
      const referrer = await newUser('Ref', 'Errer');
      const leaver = await newUser('Leav', 'Er');
      const friend = await newUser('Fri', 'End');
      // leaver was referred by referrer, and referred friend
      await json(await callAs(service, leaver.id, 'POST', '/api/referral/apply', { referralCode: referrer.referralCode }));
      await json(await callAs(service, friend.id, 'POST', '/api/referral/apply', { referralCode: leaver.referralCode }));
      await signIn(service, leaver.email);
      const loginEventsBefore = Number((await service.db('login_events').count({ n: '*' }).first())?.n);
      const referralsBefore = Number((await service.db('referrals').count({ n: '*' }).first())?.n);

      const reply = await json<DeleteAccountResult>(await deleteAccount(leaver.id));
      expect(reply).toEqual({ message: 'Your account has been permanently deleted.', deleted: true });

      expect(await service.db('users').where({ id: leaver.id }).first()).toBeUndefined();
      expect(await service.db('users').where({ email: leaver.email }).first()).toBeUndefined();
      expect(await service.db('login_events').where({ user_id: leaver.id })).toHaveLength(0);
      expect(Number((await service.db('login_events').count({ n: '*' }).first())?.n)).toBe(loginEventsBefore);
      expect(await service.db('referrals').where({ referrer_id: leaver.id }).orWhere({ referred_id: leaver.id })).toHaveLength(0);
      expect(Number((await service.db('referrals').count({ n: '*' }).first())?.n)).toBe(referralsBefore);

      // The referrer still counts the referral, without the deleted person's identity
      const list = await json<ReferralRecord[]>(await callAs(service, referrer.id, 'GET', '/api/referral/my-referrals'));
      expect(list).toHaveLength(1);
      expect(list[0]!.referredUser).toEqual({ firstName: null, lastName: null, email: null });
      expect(list[0]!.status).toBe('completed');
      // The friend stays referred: it cannot be referred a second time
      const again = await callAs(service, friend.id, 'POST', '/api/referral/apply', { referralCode: referrer.referralCode });
      expect(again.status).toBe(409);
      // Premium the others earned stays
      expect((await service.db('users').where({ id: referrer.id }).first())?.free_access_until).not.toBeNull();

      expect((await callAs(service, leaver.id, 'GET', '/api/auth/user')).status).toBe(404);
      expect((await callAs(service, leaver.id, 'GET', '/api/referral/my-code')).status).toBe(404);
    });

    it('a repeated delete is harmless; signing in again makes a new, empty account', async () => {
      const user = await newUser();
      await setTheme(user.id, { theme: 'light' });
      expect(await json<DeleteAccountResult>(await deleteAccount(user.id))).toMatchObject({ deleted: true });
      expect(await json<DeleteAccountResult>(await deleteAccount(user.id))).toEqual({
        message: 'This account has already been deleted.',
        deleted: false,
      });
      const back = await signIn(service, user.email);
      expect(back.id).not.toBe(user.id);
      expect(back.referralCode).not.toBe(user.referralCode);
      expect(back.theme).toBeNull();
      expect(back.freeAccessUntil).toBeNull();
    });

    it('10 concurrent deletes: all answer 200, exactly one deletes', async () => {
      const referrer = await newUser();
      const user = await newUser();
      await json(await callAs(service, user.id, 'POST', '/api/referral/apply', { referralCode: referrer.referralCode }));
      const replies = await Promise.all(Array.from({ length: 10 }, () => deleteAccount(user.id)));
      const bodies = await Promise.all(replies.map((r) => json<DeleteAccountResult>(r)));
      expect(bodies.filter((b) => b.deleted)).toHaveLength(1);
      expect(await service.db('users').where({ id: user.id }).first()).toBeUndefined();
      expect(await json<ReferralRecord[]>(await callAs(service, referrer.id, 'GET', '/api/referral/my-referrals'))).toHaveLength(1);
    });

    it('401 without a user', async () => {
      const response = await service.request('/api/auth/delete-account', {
        method: 'DELETE',
        identity: { scope: 'anonymous', userId: undefined },
      });
      expect(response.status).toBe(401);
    });
  });
});
