import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountExport, Follow, PersonalCalendar, PushPublicKey, UserPreferences } from '@matchday/contracts';
import { FOLLOW_LIMIT, FOLLOW_LIMIT_MESSAGE } from '@matchday/contracts';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '@matchday/football/src/service';
import { readEnv } from '@matchday/server';
import { accountsConfig, accountsEnvSchema } from '../src/config';
import { createAccounts } from '../src/service';
import { callAs, json, signIn } from './helpers';

/** Follows, preferences, push subscriptions, the personal calendar's token and the export, with the football service they check ids against. */
describe.each(testDatabases())('personal features on %s', (_label, makeTarget) => {
  let footballService: RunningService;
  let service: RunningService;
  let seq = 0;
  let teams: number[];
  let leagueId: number;
  let playerId: number;
  const newUser = () => signIn(service, `personal${(seq += 1)}@example.com`);
  const follows = async (userId: number) => json<Follow[]>(await callAs(service, userId, 'GET', '/api/user/follows'));
  const follow = (userId: number, body: unknown) => callAs(service, userId, 'POST', '/api/user/follows', body);

  beforeAll(async () => {
    footballService = await startService(football, makeTarget('football'), { seed: true });
    const config = accountsConfig({ FOOTBALL_URL: footballService.url, INTERNAL_JWT_SECRET: TEST_SECRET, ALERTS_POLL_MS: 0 });
    service = await startService(createAccounts(config), makeTarget('accounts'));
    teams = ((await footballService.db('teams').orderBy('id').limit(60).select('id')) as Array<{ id: number }>).map((t) => Number(t.id));
    leagueId = Number(((await footballService.db('leagues').orderBy('id').first('id')) as { id: number }).id);
    playerId = Number(((await footballService.db('players').orderBy('id').first('id')) as { id: number }).id);
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await footballService?.close();
  });

  describe('follows', () => {
    it('adds a team, a league and a player (201), again is 200, lists them newest first with names, removes with 204', async () => {
      const user = await newUser();
      const team = await follow(user.id, { kind: 'team', id: teams[0] });
      expect(team.status).toBe(201);
      const added = (await team.json()) as Follow;
      expect(added).toMatchObject({ kind: 'team', id: teams[0] });
      expect(added.name).not.toMatch(/Unknown/);
      expect((await follow(user.id, { kind: 'team', id: teams[0] })).status).toBe(200);
      expect((await follow(user.id, { kind: 'league', id: leagueId })).status).toBe(201);
      expect((await follow(user.id, { kind: 'player', id: playerId })).status).toBe(201);
      const list = await follows(user.id);
      expect(list.map((f) => [f.kind, f.id])).toEqual([
        ['player', playerId],
        ['league', leagueId],
        ['team', teams[0]],
      ]);
      const remove = await callAs(service, user.id, 'DELETE', `/api/user/follows/team/${teams[0]}`);
      expect(remove.status).toBe(204);
      expect((await follows(user.id)).map((f) => f.kind)).toEqual(['player', 'league']);
      // removing what is not followed is still 204, and changes nothing
      expect((await callAs(service, user.id, 'DELETE', `/api/user/follows/team/${teams[0]}`)).status).toBe(204);
      expect(await follows(user.id)).toHaveLength(2);
    });

    it.each([
      ['an unknown kind', 400, { kind: 'coach', id: 1 }, /kind/],
      ['a string id', 400, { kind: 'team', id: '5' }, /id/],
      ['a fractional id', 400, { kind: 'team', id: 1.5 }, /id/],
      ['a negative id', 400, { kind: 'team', id: -3 }, /id/],
      ['an extra field', 400, { kind: 'team', id: 1, userId: 2 }, /userId|unrecognized/i],
      ['an unknown team', 404, { kind: 'team', id: 999_999 }, /^Team not found$/],
      ['an unknown league', 404, { kind: 'league', id: 999_999 }, /^League not found$/],
      ['an unknown player', 404, { kind: 'player', id: 999_999 }, /^Player not found$/],
    ])('%s -> %i with a message, nothing stored', async (_case, status, body, message) => {
      const user = await newUser();
      const response = await follow(user.id, body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
      expect(await follows(user.id)).toEqual([]);
    });

    it('DELETE with a bad kind or id is 400', async () => {
      const user = await newUser();
      for (const path of ['/api/user/follows/coach/1', '/api/user/follows/team/abc', '/api/user/follows/team/0']) {
        const response = await callAs(service, user.id, 'DELETE', path);
        expect(response.status).toBe(400);
      }
    });

    it(`stops at ${FOLLOW_LIMIT} with a clear message (409), concurrent adds included`, async () => {
      const user = await newUser();
      const many = teams.slice(0, FOLLOW_LIMIT + 5);
      expect(many.length).toBeGreaterThan(FOLLOW_LIMIT);
      const replies = await Promise.all(many.map((id) => follow(user.id, { kind: 'team', id })));
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(FOLLOW_LIMIT);
      expect(statuses.filter((s) => s === 409)).toHaveLength(many.length - FOLLOW_LIMIT);
      const refused = replies.find((r) => r.status === 409)!;
      expect(((await refused.json()) as { message: string }).message).toBe(FOLLOW_LIMIT_MESSAGE);
      expect(await follows(user.id)).toHaveLength(FOLLOW_LIMIT);
    });

    it("no one reads or changes another user's follows: the user comes from the identity only", async () => {
      const alice = await newUser();
      const bob = await newUser();
      await follow(alice.id, { kind: 'team', id: teams[1] });
      expect(await follows(bob.id)).toEqual([]);
      expect((await callAs(service, bob.id, 'DELETE', `/api/user/follows/team/${teams[1]}`)).status).toBe(204);
      expect((await follows(alice.id)).map((f) => f.id)).toEqual([teams[1]]);
      const anonymous = await service.request('/api/user/follows', { identity: { scope: 'anonymous', userId: undefined } });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('preferences', () => {
    it('GET gives the defaults; POST changes only the fields sent and merges alert toggles', async () => {
      const user = await newUser();
      const defaults = await json<UserPreferences>(await callAs(service, user.id, 'GET', '/api/user/preferences'));
      expect(defaults).toMatchObject({ theme: 'dark', spoilerFree: false, spoilerScope: 'all', quietHours: null, timeZone: 'UTC' });
      expect(defaults.alerts.goal).toBe(true);
      const update = { spoilerFree: true, alerts: { goal: false }, quietHours: { start: '22:30', end: '07:00' }, timeZone: 'Asia/Kolkata' };
      const after = await json<UserPreferences>(await callAs(service, user.id, 'POST', '/api/user/preferences', update));
      expect(after).toMatchObject({ ...update, alerts: { ...defaults.alerts, goal: false }, theme: 'dark' });
      const later = await json<UserPreferences>(
        await callAs(service, user.id, 'POST', '/api/user/preferences', { alerts: { 'half-time': true } }),
      );
      expect(later.alerts).toEqual({ ...defaults.alerts, goal: false, 'half-time': true });
      expect(later.quietHours).toEqual({ start: '22:30', end: '07:00' });
      const cleared = await json<UserPreferences>(await callAs(service, user.id, 'POST', '/api/user/preferences', { quietHours: null }));
      expect(cleared.quietHours).toBeNull();
      expect(await json<UserPreferences>(await callAs(service, user.id, 'GET', '/api/user/preferences'))).toEqual(cleared);
    });

    it.each([
      ['a bad time', { quietHours: { start: '25:00', end: '07:00' } }],
      ['equal start and end', { quietHours: { start: '07:00', end: '07:00' } }],
      ['an unknown zone', { timeZone: 'Mars/Olympus' }],
      ['an unknown alert', { alerts: { corner: true } }],
      ['a non-boolean', { spoilerFree: 'yes' }],
      ['a bad scope', { spoilerScope: 'some' }],
    ])('%s -> 400, nothing changed', async (_case, body) => {
      const user = await newUser();
      const before = await json<UserPreferences>(await callAs(service, user.id, 'GET', '/api/user/preferences'));
      const response = await callAs(service, user.id, 'POST', '/api/user/preferences', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(0);
      expect(await json<UserPreferences>(await callAs(service, user.id, 'GET', '/api/user/preferences'))).toEqual(before);
    });
  });

  describe('push subscriptions', () => {
    const subscription = (endpoint: string) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
    });

    it('gives the VAPID public key (65 bytes) and stores a subscription once per browser', async () => {
      const user = await newUser();
      const key = await json<PushPublicKey>(await callAs(service, user.id, 'GET', '/api/push/public-key'));
      expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
      const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123';
      expect((await callAs(service, user.id, 'POST', '/api/push/subscriptions', subscription(endpoint))).status).toBe(201);
      expect((await callAs(service, user.id, 'POST', '/api/push/subscriptions', subscription(endpoint))).status).toBe(200);
      expect(await service.db('push_subscriptions').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
      // another user signing in on that browser takes the subscription over
      const other = await newUser();
      expect((await callAs(service, other.id, 'POST', '/api/push/subscriptions', subscription(endpoint))).status).toBe(200);
      expect(Number((await service.db('push_subscriptions').where({ user_id: other.id }).count({ n: '*' }))[0]!.n)).toBe(1);
      // the first user cannot delete it now
      expect((await callAs(service, user.id, 'DELETE', '/api/push/subscriptions', { endpoint })).status).toBe(204);
      expect(Number((await service.db('push_subscriptions').where({ user_id: other.id }).count({ n: '*' }))[0]!.n)).toBe(1);
      expect((await callAs(service, other.id, 'DELETE', '/api/push/subscriptions', { endpoint })).status).toBe(204);
      expect(Number((await service.db('push_subscriptions').where({ user_id: other.id }).count({ n: '*' }))[0]!.n)).toBe(0);
    });

    it.each([
      ['an endpoint outside the push services (SSRF)', subscription('https://intranet.example.com/push')],
      ['plain http to a push service', subscription('http://fcm.googleapis.com/fcm/send/x')],
      ['a look-alike host', subscription('https://fcm.googleapis.com.evil.example/x')],
      [
        'a short p256dh',
        { ...subscription('https://fcm.googleapis.com/x'), keys: { p256dh: 'AAAA', auth: Buffer.alloc(16).toString('base64url') } },
      ],
      ['no keys', { endpoint: 'https://fcm.googleapis.com/x' }],
    ])('%s -> 400, nothing stored', async (_case, body) => {
      const user = await newUser();
      const response = await callAs(service, user.id, 'POST', '/api/push/subscriptions', body);
      expect(response.status).toBe(400);
      expect(Number((await service.db('push_subscriptions').where({ user_id: user.id }).count({ n: '*' }))[0]!.n)).toBe(0);
    });
  });

  describe('the personal "my follows" calendar', () => {
    it("holds the followed teams' and leagues' matches, needs no session, answers 304 to its ETag, and never shows scores in spoiler-free mode", async () => {
      const user = await newUser();
      const finished = (await footballService
        .db('fixtures as f')
        .join('teams as h', 'h.id', 'f.home_team_id')
        .join('teams as a', 'a.id', 'f.away_team_id')
        .where('f.status', 'finished')
        .orderBy('f.kickoff_at', 'desc')
        .first('f.home_team_id', 'h.name as home', 'a.name as away', 'f.home_goals', 'f.away_goals')) as {
        home_team_id: number;
        home: string;
        away: string;
        home_goals: number;
        away_goals: number;
      };
      expect((await follow(user.id, { kind: 'team', id: Number(finished.home_team_id) })).status).toBe(201);
      const { feedUrl } = await json<PersonalCalendar>(await callAs(service, user.id, 'GET', '/api/user/calendar'));
      const path = new URL(feedUrl).pathname;
      const anonymous = { identity: { scope: 'anonymous' as const, userId: undefined } };
      const feed = await service.request(path, anonymous);
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
      const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
      expect(text).toContain('BEGIN:VCALENDAR');
      expect(text).toContain(`SUMMARY:${finished.home} v ${finished.away}`);
      const etag = feed.headers.get('etag')!;
      expect((await service.request(path, { ...anonymous, headers: { 'if-none-match': etag } })).status).toBe(304);
      // scores only when asked for, and never in spoiler-free mode
      const scored = (await (await service.request(`${path}?scores=1`, anonymous)).text()).replace(/\r\n[ \t]/g, '');
      expect(scored).toContain(`SUMMARY:${finished.home} ${finished.home_goals}–${finished.away_goals} ${finished.away}`);
      await callAs(service, user.id, 'POST', '/api/user/preferences', { spoilerFree: true });
      const hidden = (await (await service.request(`${path}?scores=1`, anonymous)).text()).replace(/\r\n[ \t]/g, '');
      expect(hidden).toContain(`SUMMARY:${finished.home} v ${finished.away}`);
      expect(hidden).not.toContain(`${finished.home_goals}–${finished.away_goals}`);
    });
  });

  describe('personal calendar token and the export', () => {
    it('makes a feed URL once, rotates it (the old one is 404), and exports follows and devices; deleting the account removes them', async () => {
      const user = await newUser();
      const first = await json<PersonalCalendar>(await callAs(service, user.id, 'GET', '/api/user/calendar'));
      expect(first.feedUrl).toMatch(/\/api\/calendar\/me\/[A-Za-z0-9_-]{32}\.ics$/);
      expect(await json<PersonalCalendar>(await callAs(service, user.id, 'GET', '/api/user/calendar'))).toEqual(first);
      const rotated = await json<PersonalCalendar>(await callAs(service, user.id, 'POST', '/api/user/calendar/rotate'));
      expect(rotated.feedUrl).not.toBe(first.feedUrl);
      const oldPath = new URL(first.feedUrl).pathname;
      const gone = await service.request(oldPath, { identity: { scope: 'anonymous', userId: undefined } });
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as { message: string }).message).toBe('Calendar not found');

      await follow(user.id, { kind: 'team', id: teams[2] });
      await callAs(service, user.id, 'POST', '/api/push/subscriptions', {
        endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/xyz',
        keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
      });
      const exported = await json<AccountExport>(await callAs(service, user.id, 'GET', '/api/user/export'));
      expect(exported.user.email).toBe(user.email);
      expect(exported.follows).toEqual([{ kind: 'team', id: teams[2], createdAt: expect.any(String) }]);
      expect(exported.pushSubscriptions).toEqual([
        { endpointOrigin: 'https://updates.push.services.mozilla.com', createdAt: expect.any(String) },
      ]);
      expect(JSON.stringify(exported)).not.toContain('/wpush/v2/xyz');

      expect((await callAs(service, user.id, 'DELETE', '/api/auth/delete-account')).status).toBe(200);
      expect(await service.db('follows').where({ user_id: user.id })).toEqual([]);
      expect(await service.db('push_subscriptions').where({ user_id: user.id })).toEqual([]);
      const afterDelete = await service.request(new URL(rotated.feedUrl).pathname, { identity: { scope: 'anonymous', userId: undefined } });
      expect(afterDelete.status).toBe(404);
    });
  });
});

describe('VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)', () => {
  const production = {
    INTERNAL_JWT_SECRET: TEST_SECRET,
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://matchday.test',
    REFERRAL_HASH_SECRET: 'r'.repeat(32),
  };
  const pair = {
    VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64url'),
  };

  it('production refuses to start without them; half a pair or a wrong length is refused anywhere', () => {
    expect(() => readEnv(accountsEnvSchema, production)).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production/);
    expect(accountsConfig(readEnv(accountsEnvSchema, { ...production, ...pair })).vapid()).toMatchObject({
      publicKey: pair.VAPID_PUBLIC_KEY,
      subject: 'https://matchday.test',
    });
    expect(() => readEnv(accountsEnvSchema, { INTERNAL_JWT_SECRET: TEST_SECRET, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      /give both/,
    );
    expect(() => readEnv(accountsEnvSchema, { INTERNAL_JWT_SECRET: TEST_SECRET, ...pair, VAPID_PRIVATE_KEY: 'abc' })).toThrow(/32 bytes/);
  });

  it('development makes a pair once under DATA_DIR and reads it back at the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    try {
      const first = accountsConfig({ INTERNAL_JWT_SECRET: TEST_SECRET, DATA_DIR: dir }).vapid();
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(fs.statSync(path.join(dir, 'vapid-keys.json')).mode & 0o077).toBe(0);
      expect(accountsConfig({ INTERNAL_JWT_SECRET: TEST_SECRET, DATA_DIR: dir }).vapid()).toEqual(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
