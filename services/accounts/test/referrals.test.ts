import type { ApplyReferralResult, AuthUser, ReferralCodeInfo, ReferralRecord } from '@matchday/contracts';
import { publicUrl, toDate } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { addMonthsUtc } from '../src/lib/premium';
import { accounts } from '../src/service';
import { callAs, json, signIn } from './helpers';

const MESSAGES = {
  empty: 'Please enter a valid referral code.',
  malformed: 'Invalid referral code. Codes are 8 letters and numbers.',
  unknown: 'Invalid referral code. Please check the code and try again.',
  own: 'You cannot use your own referral code.',
  already: 'You have already used a referral code. Each account can use one referral code only.',
  applied: "You've successfully applied the referral code and received 1 month free access!",
};

describe.each(testDatabases())('referral programme on %s', (_label, makeTarget) => {
  let service: RunningService;
  let seq = 0;
  const newUser = (first = 'Fan', last: string | null = 'One') =>
    signIn(service, `user${(seq += 1)}@example.com`, { firstName: first, lastName: last });
  const apply = (userId: number, referralCode: unknown) => callAs(service, userId, 'POST', '/api/referral/apply', { referralCode });
  const freeAccessUntil = async (userId: number) => toDate((await service.db('users').where({ id: userId }).first())?.free_access_until);
  const setFreeAccessUntil = (userId: number, value: string | null) =>
    service.db('users').where({ id: userId }).update({ free_access_until: value });
  const referralRows = () => service.db('referrals').orderBy('id');
  /** Whole seconds, as MySQL DATETIME keeps them. */
  const floorSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
  const expectAboutOneMonthFrom = (actual: Date | null, before: number, after: number) => {
    expect(actual).not.toBeNull();
    expect(actual!.getTime()).toBeGreaterThanOrEqual(addMonthsUtc(floorSecond(before), 1).getTime());
    expect(actual!.getTime()).toBeLessThanOrEqual(addMonthsUtc(floorSecond(after), 1).getTime());
  };

  beforeAll(async () => {
    service = await startService(accounts, makeTarget('accounts'));
  });

  afterAll(async () => {
    await service?.close();
  });

  describe('GET /api/referral/my-code', () => {
    it('returns the code, a share link on PUBLIC_URL whatever the forwarded headers say, and no premium yet', async () => {
      const user = await newUser();
      const expected = {
        referralCode: user.referralCode,
        shareLink: `${publicUrl()}/social-preview/${user.referralCode}`,
        freeAccessUntil: null,
      };
      expect(await json<ReferralCodeInfo>(await callAs(service, user.id, 'GET', '/api/referral/my-code'))).toEqual(expected);
      const forwarded = await json<ReferralCodeInfo>(
        await service.request('/api/referral/my-code', {
          headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
          identity: { userId: user.id },
        }),
      );
      expect(forwarded).toEqual(expected);
    });

    it('401 without a user, 404 for an unknown user', async () => {
      expect((await service.request('/api/referral/my-code', { identity: { scope: 'anonymous', userId: undefined } })).status).toBe(401);
      expect((await callAs(service, 999_999, 'GET', '/api/referral/my-code')).status).toBe(404);
    });
  });

  describe('POST /api/referral/apply', () => {
    it('gives both users one month, records the referral, and trims and upper-cases the code', async () => {
      const referrer = await newUser('Ref', 'Errer');
      const newcomer = await newUser('New', null);
      const before = Date.now();
      const reply = await json<ApplyReferralResult>(await apply(newcomer.id, `  ${referrer.referralCode!.toLowerCase()} `));
      const after = Date.now();
      expect(reply.message).toBe(MESSAGES.applied);
      expectAboutOneMonthFrom(new Date(reply.freeAccessUntil), before, after);
      expect((await freeAccessUntil(newcomer.id))?.toISOString()).toBe(reply.freeAccessUntil);
      expectAboutOneMonthFrom(await freeAccessUntil(referrer.id), before, after);

      const rows = (await referralRows()).filter((r) => r.referred_id === newcomer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ referrer_id: referrer.id, status: 'completed' });

      // Both see premium through their own calls
      const me = await json<AuthUser>(await callAs(service, newcomer.id, 'GET', '/api/auth/user'));
      expect(me.freeAccessUntil).toBe(reply.freeAccessUntil);
      const code = await json<ReferralCodeInfo>(await callAs(service, referrer.id, 'GET', '/api/referral/my-code'));
      expect(code.freeAccessUntil).toBe((await freeAccessUntil(referrer.id))!.toISOString());

      const list = await json<ReferralRecord[]>(await callAs(service, referrer.id, 'GET', '/api/referral/my-referrals'));
      expect(list).toEqual([
        {
          id: rows[0]!.id,
          createdAt: expect.any(String),
          status: 'completed',
          referredUser: { firstName: 'New', lastName: null, email: newcomer.email },
        },
      ]);
      expect(Date.parse(list[0]!.createdAt)).toBeGreaterThanOrEqual(floorSecond(before).getTime());
      expect(await json<ReferralRecord[]>(await callAs(service, newcomer.id, 'GET', '/api/referral/my-referrals'))).toEqual([]);
    });

    it('adds the month to a premium end still in the future (31 Jan -> 28 Feb) and to now when it has passed', async () => {
      const referrer = await newUser();
      const newcomer = await newUser();
      await setFreeAccessUntil(referrer.id, '2031-01-31 10:00:00');
      await setFreeAccessUntil(newcomer.id, '2020-05-01 00:00:00');
      const before = Date.now();
      await json<ApplyReferralResult>(await apply(newcomer.id, referrer.referralCode));
      const after = Date.now();
      expect((await freeAccessUntil(referrer.id))?.toISOString()).toBe('2031-02-28T10:00:00.000Z');
      expectAboutOneMonthFrom(await freeAccessUntil(newcomer.id), before, after);
    });

    it('an account is referred once: a second code, or the same one again, is refused and changes nothing', async () => {
      const first = await newUser();
      const second = await newUser();
      const newcomer = await newUser();
      await json(await apply(newcomer.id, first.referralCode));
      const snapshot = await service.db('users').whereIn('id', [first.id, second.id, newcomer.id]).orderBy('id');
      const referrals = (await referralRows()).length;
      for (const code of [first.referralCode, second.referralCode]) {
        const response = await apply(newcomer.id, code);
        expect(response.status).toBe(409);
        expect(await response.json()).toEqual({ message: MESSAGES.already });
      }
      expect(await service.db('users').whereIn('id', [first.id, second.id, newcomer.id]).orderBy('id')).toEqual(snapshot);
      expect((await referralRows()).length).toBe(referrals);
    });

    it('refuses the own code (400) and grants nothing', async () => {
      const user = await newUser();
      const response = await apply(user.id, user.referralCode);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: MESSAGES.own });
      expect(await freeAccessUntil(user.id)).toBeNull();
      expect((await referralRows()).filter((r) => r.referred_id === user.id)).toHaveLength(0);
    });

    it.each([
      ['an empty code', '', 400, MESSAGES.empty],
      ['a code of spaces', '   ', 400, MESSAGES.empty],
      ['a short code', 'ABC', 400, MESSAGES.malformed],
      ['a 9-character code', 'ABCDEFGHJ', 400, MESSAGES.malformed],
      ['a code with an ambiguous 0', 'ABCDEFG0', 400, MESSAGES.malformed],
      ['a code with punctuation', 'ABCD-EFG', 400, MESSAGES.malformed],
      ['an unknown well-formed code', 'ZZZZZZZZ', 404, MESSAGES.unknown],
    ])('%s -> %i with the message users read, nothing changes', async (_case, code, status, message) => {
      const user = await newUser();
      const before = (await referralRows()).length;
      const response = await apply(user.id, code);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message });
      expect(await freeAccessUntil(user.id)).toBeNull();
      expect((await referralRows()).length).toBe(before);
    });

    it('a malformed request -> 400 naming the field; not signed in -> 401; an oversized body -> 413', async () => {
      const user = await newUser();
      const missing = await callAs(service, user.id, 'POST', '/api/referral/apply', {});
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { message: string }).message).toMatch(/^referralCode: /);
      const number = await apply(user.id, 12345678);
      expect(number.status).toBe(400);
      expect(((await number.json()) as { message: string }).message).toMatch(/^referralCode: /);
      const notJson = await callAs(service, user.id, 'POST', '/api/referral/apply', '{"referralCode":');
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toEqual({ message: 'Invalid JSON body' });
      const huge = await apply(user.id, 'A'.repeat(20_000));
      expect(huge.status).toBe(413);
      const anonymous = await service.request('/api/referral/apply', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ referralCode: 'ABCDEFGH' }),
        identity: { scope: 'anonymous', userId: undefined },
      });
      expect(anonymous.status).toBe(401);
      expect(await freeAccessUntil(user.id)).toBeNull();
    });
  });

  describe('concurrency', () => {
    it('50 concurrent applies by the same user grant exactly once', async () => {
      const referrer = await newUser();
      const newcomer = await newUser();
      await setFreeAccessUntil(referrer.id, '2032-03-15 12:00:00');
      const replies = await Promise.all(Array.from({ length: 50 }, () => apply(newcomer.id, referrer.referralCode)));
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      expect((await referralRows()).filter((r) => r.referred_id === newcomer.id)).toHaveLength(1);
      expect((await freeAccessUntil(referrer.id))?.toISOString()).toBe('2032-04-15T12:00:00.000Z');
    });

    it('50 concurrent applies of two different codes by the same user grant exactly once', async () => {
      const a = await newUser();
      const b = await newUser();
      const newcomer = await newUser();
      await setFreeAccessUntil(a.id, '2032-03-15 12:00:00');
      await setFreeAccessUntil(b.id, '2032-03-15 12:00:00');
      const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => apply(newcomer.id, i % 2 ? a.referralCode : b.referralCode)));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(49);
      const ends = [(await freeAccessUntil(a.id))?.toISOString(), (await freeAccessUntil(b.id))?.toISOString()].sort();
      expect(ends).toEqual(['2032-03-15T12:00:00.000Z', '2032-04-15T12:00:00.000Z']);
      expect((await referralRows()).filter((r) => r.referred_id === newcomer.id)).toHaveLength(1);
    });

    it('20 users racing to apply the same code all succeed and the referrer gets exactly 20 months', async () => {
      const referrer = await newUser();
      const newcomers = await Promise.all(Array.from({ length: 20 }, () => newUser()));
      await setFreeAccessUntil(referrer.id, '2033-01-15 08:30:00');
      const replies = await Promise.all(newcomers.map((n) => apply(n.id, referrer.referralCode)));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect((await freeAccessUntil(referrer.id))?.toISOString()).toBe('2034-09-15T08:30:00.000Z');
      expect((await referralRows()).filter((r) => r.referrer_id === referrer.id)).toHaveLength(20);
      const list = await json<ReferralRecord[]>(await callAs(service, referrer.id, 'GET', '/api/referral/my-referrals'));
      expect(list).toHaveLength(20);
      const times = list.map((r) => Date.parse(r.createdAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
    });

    it('two users applying each other’s codes at once: no errors, each referred once, two months each', async () => {
      const x = await newUser();
      const y = await newUser();
      await setFreeAccessUntil(x.id, '2032-06-10 00:00:00');
      await setFreeAccessUntil(y.id, '2032-06-10 00:00:00');
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? apply(x.id, y.referralCode) : apply(y.id, x.referralCode))),
      );
      for (const reply of replies) expect([200, 409]).toContain(reply.status);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
      expect((await freeAccessUntil(x.id))?.toISOString()).toBe('2032-08-10T00:00:00.000Z');
      expect((await freeAccessUntil(y.id))?.toISOString()).toBe('2032-08-10T00:00:00.000Z');
    });
  });
});
