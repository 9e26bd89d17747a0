import type { ApplyReferralResult } from '@matchday/contracts';
import { readEnv, toDate, toSqlDateTime } from '@matchday/server';
import { startService, testDatabases, TEST_SECRET, type RunningService } from '@matchday/testing';
import { accountsConfig, accountsEnvSchema } from '../src/config';
import { DEVELOPMENT_REFERRAL_HASH_SECRET, referredEmailHash } from '../src/lib/referral-hash';
import { purgeOldLoginEvents, startRetention } from '../src/lib/retention';
import { hashReferredEmails } from '../src/modules/referrals/repository';
import { accounts, startAccounts } from '../src/service';
import { callAs, json, signIn } from './helpers';

const ALREADY = 'You have already used a referral code. Each account can use one referral code only.';
const KEY = 'k'.repeat(32);

describe('referral e-mail key (REFERRAL_HASH_SECRET)', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://matchday.test',
    VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64url'),
  };
  const referralHashSecret = (env: NodeJS.ProcessEnv) =>
    accountsConfig(readEnv(accountsEnvSchema, { INTERNAL_JWT_SECRET: TEST_SECRET, ...env })).referralHashSecret;

  it('is read from the environment, at least 32 characters, and required in production', () => {
    expect(referralHashSecret({ REFERRAL_HASH_SECRET: KEY })).toBe(KEY);
    expect(() => referralHashSecret({ REFERRAL_HASH_SECRET: 'short' })).toThrow('REFERRAL_HASH_SECRET: must be at least 32 characters');
    expect(() => referralHashSecret(PRODUCTION)).toThrow(/REFERRAL_HASH_SECRET: is required in production/);
    expect(referralHashSecret({ ...PRODUCTION, REFERRAL_HASH_SECRET: KEY })).toBe(KEY);
    expect(referralHashSecret({})).toBe(DEVELOPMENT_REFERRAL_HASH_SECRET);
  });

  it('hashes the normalised e-mail with the key (HMAC-SHA256): same e-mail same hash, another key another hash', () => {
    const hash = referredEmailHash('Fan@Example.com ', KEY);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(referredEmailHash(' fan@example.com', KEY)).toBe(hash);
    expect(referredEmailHash('fan@example.com', 'j'.repeat(32))).not.toBe(hash);
    expect(referredEmailHash('fan2@example.com', KEY)).not.toBe(hash);
  });
});

describe.each(testDatabases())('referral farming and login history on %s', (_label, makeTarget) => {
  let service: RunningService;
  let seq = 0;
  const email = () => `farm${(seq += 1)}@example.com`;
  const apply = (userId: number, referralCode: string) => callAs(service, userId, 'POST', '/api/referral/apply', { referralCode });
  const freeAccessUntil = async (userId: number) => toDate((await service.db('users').where({ id: userId }).first())?.free_access_until);

  beforeAll(async () => {
    service = await startService(accounts, makeTarget('accounts'));
  });
  afterAll(async () => {
    await service?.close();
  });

  it('delete the account, sign in again with the same e-mail: the code cannot be applied again (409, nothing granted)', async () => {
    const referrer = await signIn(service, email());
    const farmer = email();
    const first = await signIn(service, farmer);
    await json<ApplyReferralResult>(await apply(first.id, referrer.referralCode!));
    const referrerUntil = await freeAccessUntil(referrer.id);
    expect(referrerUntil).not.toBeNull();

    for (const spelling of [farmer, farmer.toUpperCase()]) {
      const deleted = await callAs(service, (await signIn(service, spelling)).id, 'DELETE', '/api/auth/delete-account');
      expect(deleted.status).toBe(200);
      const again = await signIn(service, spelling);
      const response = await apply(again.id, referrer.referralCode!);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: ALREADY });
      expect(await freeAccessUntil(again.id)).toBeNull();
      expect((await freeAccessUntil(referrer.id))?.toISOString()).toBe(referrerUntil?.toISOString());
    }
    expect(await service.db('referrals').where({ referrer_id: referrer.id }).count({ n: '*' })).toEqual([{ n: 1 }]);

    // Another e-mail still gets its month, and what is kept is the keyed hash, never the address.
    const newcomer = await signIn(service, email());
    await json<ApplyReferralResult>(await apply(newcomer.id, referrer.referralCode!));
    const stored = (await service.db('referred_emails').select('email_hmac')).map((row: { email_hmac: string }) => row.email_hmac);
    expect(stored).toContain(referredEmailHash(farmer, DEVELOPMENT_REFERRAL_HASH_SECRET));
    expect(stored).toContain(referredEmailHash(newcomer.email, DEVELOPMENT_REFERRAL_HASH_SECRET));
    expect(stored.join(' ')).not.toContain('@');
  });

  it('at start, referred accounts from before the hash table get their hash (idempotent)', async () => {
    const referrer = await signIn(service, email());
    const old = await signIn(service, email());
    await service
      .db('referrals')
      .insert({ referrer_id: referrer.id, referred_id: old.id, status: 'completed', created_at: toSqlDateTime() });
    const hash = referredEmailHash(old.email, DEVELOPMENT_REFERRAL_HASH_SECRET);
    expect(await service.db('referred_emails').where({ email_hmac: hash }).first()).toBeUndefined();
    const stop = await startAccounts(service.db, accountsConfig({}));
    await stop();
    expect(await service.db('referred_emails').where({ email_hmac: hash }).first()).toBeDefined();
    expect(await hashReferredEmails(service.db, DEVELOPMENT_REFERRAL_HASH_SECRET)).toBe(0);

    await callAs(service, old.id, 'DELETE', '/api/auth/delete-account');
    const again = await signIn(service, old.email);
    expect((await apply(again.id, referrer.referralCode!)).status).toBe(409);
  });

  it('login events older than 12 months are purged, at start and then daily; newer ones stay', async () => {
    const user = await signIn(service, email());
    const now = new Date('2026-11-23T12:00:00Z');
    const at = (iso: string) => ({ user_id: user.id, at: toSqlDateTime(new Date(iso)) });
    await service.db('login_events').insert([at('2025-11-23T11:59:00Z'), at('2025-01-01T00:00:00Z'), at('2025-11-23T12:01:00Z')]);
    const mine = async () =>
      (await service.db('login_events').where({ user_id: user.id }).select('at'))
        .map((row: { at: unknown }) => toDate(row.at)!.toISOString())
        .sort();

    expect(await purgeOldLoginEvents(service.db, now)).toBeGreaterThanOrEqual(2);
    const kept = await mine();
    expect(kept).toContain('2025-11-23T12:01:00.000Z');
    expect(kept).not.toContain('2025-11-23T11:59:00.000Z');
    expect(kept).not.toContain('2025-01-01T00:00:00.000Z');

    // The timer: the start purges at once, the next day (here 20 ms) purges again.
    let clock = new Date('2026-11-23T12:00:00Z');
    await service.db('login_events').insert(at('2025-11-23T11:00:00Z'));
    const stop = await startRetention(service.db, { intervalMs: 20, now: () => clock });
    expect(await mine()).not.toContain('2025-11-23T11:00:00.000Z');
    clock = new Date('2026-11-24T12:02:00Z');
    for (let i = 0; i < 200 && (await mine()).includes('2025-11-23T12:01:00.000Z'); i += 1) await new Promise((r) => setTimeout(r, 10));
    await stop();
    expect(await mine()).not.toContain('2025-11-23T12:01:00.000Z');
  });
});
